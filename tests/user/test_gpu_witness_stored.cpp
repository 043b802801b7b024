// The catalog's own kernels as a check of the Compute Sanitizer recorder (issue 56): kernels in
// warpscope's vocabulary (copies of catalog variants, the puzzles' solutions) were recorded on an
// H200 twice, by the probe they are compiled with and by the Sanitizer API on their unprobed
// (NoProbe) code (run-kernel --gpu-recorder sanitizer; tests/device/sanitizer_plain.sh, the
// requests of tests/data/gpu_traces/witness_requests.txt). Two independent recorders of the GPU's
// run: their traces must agree, event by event or (where the optimized unprobed code orders or
// places an access otherwise) access by access between barriers.
#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "kernels/io/regular_file.hpp"
#include "kernels/run/sanitizer_comparison.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/kernel_header.hpp"
#include "tests/test_paths.hpp"

TEST_CASE(
    "the Sanitizer API and the compiled-in probe record the same GPU run of a vocabulary "
    "kernel",
    "[user]") {
    const std::string root = std::string(WS_SOURCE_DIR) + "/";
    const std::string dir = root + "tests/data/gpu_traces/nvidia-h200-witness/";
    // The unprobed code placed a read or a store on the neighbouring line.
    const std::set<std::string> compiler_placed = {"copy_scan_kogge_stone_double",
                                                   "copy_scan_kogge_stone_int", "puzzle_05",
                                                   "puzzle_07", "puzzle_08"};
    std::ifstream list(root + "tests/data/gpu_traces/witness_requests.txt");
    unsigned compared = 0;
    for (std::string line; std::getline(list, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string name, file;
        words >> name >> file;
        INFO(name << ": " << file);
        const ws::trace::LoadResult probe = ws::trace::load_trace(dir + name + ".probe.wstrace");
        const ws::trace::LoadResult san = ws::trace::load_trace(dir + name + ".sanitizer.wstrace");
        REQUIRE(probe.ok);
        REQUIRE(san.ok);
        CHECK(probe.trace.device == "NVIDIA H200");
        CHECK(san.trace.device == "NVIDIA H200");
        REQUIRE_FALSE(san.trace.blocks.empty());  // the API recorded the unprobed code itself
        CHECK(san.trace.request.n == probe.trace.request.n);
        CHECK(san.trace.request.type == probe.trace.request.type);
        std::string error;
        const ws::user::KernelHeader header = ws::user::parse_kernel_header(
            ws::io::read_regular_file(root + file, 1 << 20, error), file);
        REQUIRE(header.ok());
        const ws::run::SanitizerCrosscheck c =
            ws::run::compare_sanitizer_recording(header.info, san.trace, probe.trace);
        INFO(c.difference << c.compiler_difference);
        CHECK(c.difference == "");
        CHECK(!c.compiler_difference.empty() == (compiler_placed.count(name) == 1));
        ++compared;
    }
    CHECK(compared == 20);
}
