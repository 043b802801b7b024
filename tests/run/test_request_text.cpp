// Counts and block lists as people write them.
#include <catch2/catch.hpp>

#include "kernels/run/request_text.hpp"

using ws::run::parse_block_list;
using ws::run::parse_count;

TEST_CASE("counts are decimal or powers of two with an offset") {
    CHECK(parse_count("1000") == 1000u);
    CHECK(parse_count("0") == 0u);
    CHECK(parse_count("2^20") == (1u << 20));
    CHECK(parse_count("2^20+3") == (1u << 20) + 3);
    CHECK(parse_count("2^20-1") == (1u << 20) - 1);
    CHECK(parse_count("2^62+4611686018427387904") == (std::uint64_t(1) << 63));
    CHECK(parse_count("2^63") == std::nullopt);
    // Every 64-bit value, the largest seed included, and not one past it.
    CHECK(parse_count("18446744073709551615") == UINT64_MAX);
    CHECK(parse_count("12345678901234567890") == 12345678901234567890ull);
    CHECK(parse_count("2^3-9") == std::nullopt);
    for (const char* bad : {"", "abc", "1e6", "-5", "2^", "2^x", "2^4+", "18446744073709551616",
                            "99999999999999999999", "123456789012345678901"})
        CHECK(parse_count(bad) == std::nullopt);
}

TEST_CASE("block lists are comma-separated ids or all") {
    auto all = parse_block_list("all");
    REQUIRE(all);
    CHECK(all->all);
    auto some = parse_block_list("0,3,7");
    REQUIRE(some);
    CHECK_FALSE(some->all);
    CHECK(some->blocks == std::vector<std::uint32_t>{0, 3, 7});
    for (const char* bad : {"", ",", "1,", "a", "1,,2", "5000000000"})
        CHECK_FALSE(parse_block_list(bad));
}
