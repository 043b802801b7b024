// `warpscope verify` over the whole catalog: every case passes and the last line is the count.
#include <catch2/catch.hpp>

#include <algorithm>

#include "kernels/catalog.hpp"
#include "kernels/run/verify_cases.hpp"
#include "tests/cli/run_command.hpp"

TEST_CASE("verify --backend cpu passes every case of every algorithm", "[cli][slow]") {
    const auto r = run_warpscope("verify --backend cpu");
    INFO(r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0));
    REQUIRE(r.code == 0);
    std::size_t cases = 0;
    for (const auto& v : ws::catalog()) cases += ws::run::verify_cases(v).size();
    const std::string last = "\n" + std::to_string(cases) + " passed, 0 failed\n";
    CHECK(r.out.size() >= last.size());
    CHECK(r.out.compare(r.out.size() - last.size(), last.size(), last) == 0);
    CHECK(r.out.find("FAIL") == std::string::npos);
}

TEST_CASE("verify takes several algorithms, separated by commas, each once", "[cli]") {
    const auto r = run_warpscope(
        "verify --backend cpu --quick --algo "
        "scan-decoupled-lookback-vector,reduce-sequential,scan-decoupled-lookback-vector");
    REQUIRE(r.code == 0);
    // In the order given, the repeated one once: its cases come first, then the reduction's.
    const auto first_scan = r.out.find("scan-decoupled-lookback-vector");
    const auto first_reduce = r.out.find("reduce-sequential");
    REQUIRE(first_scan != std::string::npos);
    REQUIRE(first_reduce != std::string::npos);
    CHECK(first_scan < first_reduce);
    CHECK(r.out.find("scan-decoupled-lookback-vector", first_reduce) == std::string::npos);
    for (const char* bad : {"reduce-sequential,nope", "reduce-sequential,", ",reduce-sequential"}) {
        INFO(bad);
        const auto e = run_warpscope(std::string("verify --backend cpu --algo ") + bad);
        CHECK(e.code == 2);
        CHECK(e.out.empty());
        CHECK(std::count(e.err.begin(), e.err.end(), '\n') == 1);  // one line
        CHECK(e.err.find("--algo") != std::string::npos);
    }
}
