// [cupti] The hardware counters' metrics on every generation a class has, asked of CUPTI's host
// side with no GPU: each metric warpscope reads exists under the same name on a T4 (TU104), an
// RTX 20 (TU102), an A100 (GA100), an A10 or RTX 30 (GA102, GA104, GA107 in laptops), an L4 or
// RTX 40 (AD102, AD104) and an H100 or H200 (GH100). Skipped (77) where CUPTI cannot be opened.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include <algorithm>

#include "kernels/cuda/metrics_offered.hpp"
#include "kernels/run/hardware_compare.hpp"

using namespace ws;

namespace {
std::vector<std::string> every_metric() {
    std::vector<std::string> all;
    for (const auto& group : run::hardware_metric_groups())
        all.insert(all.end(), group.begin(), group.end());
    return all;
}
}  // namespace

TEST_CASE("every hardware metric is offered by the chips of Turing, Ampere, Ada and Hopper",
          "[cupti]") {
    std::string error;
    const std::vector<std::string> chips = cuda::cupti_chips(error);
    REQUIRE(error == "");
    const std::vector<std::string> metrics = every_metric();
    REQUIRE(metrics.size() >= 15);
    for (const char* chip :
         {"TU104", "TU102", "GA100", "GA102", "GA104", "GA107", "AD102", "AD104", "GH100"}) {
        INFO(chip);
        REQUIRE(std::find(chips.begin(), chips.end(), chip) != chips.end());
        const std::vector<std::string> missing = cuda::metrics_not_offered(chip, metrics, error);
        CHECK(error == "");
        CHECK(missing == std::vector<std::string>{});
    }
}

TEST_CASE("a metric a chip lacks is named, and an unknown chip is said", "[cupti]") {
    std::string error;
    const std::vector<std::string> missing = cuda::metrics_not_offered(
        "GH100", {"smsp__inst_executed.sum", "smsp__no_such_counter.sum"}, error);
    CHECK(error == "");
    CHECK(missing == std::vector<std::string>{"smsp__no_such_counter.sum"});
    CHECK(cuda::metrics_not_offered("XY999", {"smsp__inst_executed.sum"}, error).empty());
    CHECK(error == "CUPTI does not know the chip XY999");
}
#endif
