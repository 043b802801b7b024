// `crosscheck --gpu-recorder sanitizer` where it cannot record (no GPU, or no Compute Sanitizer
// API): one line and exit code 2; a recorder it does not know: refused by name. Its run on a GPU
// is tests/gpu/test_sanitizer_catalog.cpp.
#include <catch2/catch.hpp>

#include "tests/cli/run_command.hpp"

TEST_CASE("crosscheck with the Sanitizer recorder and no GPU says why in one line, exit code 2",
          "[cli]") {
    const CommandResult r =
        run_command("CUDA_VISIBLE_DEVICES= " + std::string(WS_BINARY) +
                    " crosscheck --gpu-recorder sanitizer --algo reduce-sequential");
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(count_lines(r.err) == 1);
    CHECK(r.err.rfind("warpscope: crosscheck --gpu-recorder sanitizer: ", 0) == 0);
}

TEST_CASE("crosscheck refuses a recorder it does not know, by name", "[cli]") {
    const CommandResult r = run_warpscope("crosscheck --gpu-recorder cupti");
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("--gpu-recorder") != std::string::npos);
    CHECK(r.err.find("cupti") != std::string::npos);
}
