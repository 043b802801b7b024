// [gpu] The catalog as a check of the GPU recorder of plain kernels (issue 56): every variant
// recorded twice on the GPU, by its compiled-in probe and by NVIDIA's Compute Sanitizer API on
// its unprobed kernel (`warpscope crosscheck --gpu-recorder sanitizer`, run as a script would),
// held to tests/run/sanitizer_catalog_check.hpp.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include "tests/cli/run_command.hpp"
#include "tests/run/sanitizer_catalog_check.hpp"

TEST_CASE("the Sanitizer API on the catalog's unprobed kernels records what their probe records",
          "[gpu][sanitizer]") {
    const CommandResult r = run_warpscope("crosscheck --gpu-recorder sanitizer");
    INFO(r.err);
    REQUIRE(r.err.find("Compute Sanitizer API is not installed") == std::string::npos);
    CHECK(r.code == 0);
    check_sanitizer_catalog_output(r.out);
}
#endif
