// `warpscope verify` over the whole catalog: every case passes and the last line is the count.
#include <catch2/catch.hpp>

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
