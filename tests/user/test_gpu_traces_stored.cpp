// The GPU's own traces of plain CUDA kernels, recorded on a lent GPU machine by the Compute
// Sanitizer API (issue 56: tests/device/sanitizer_plain.sh, the requests of
// tests/data/gpu_traces/plain_requests.txt) and kept in tests/data/gpu_traces/DEVICE/. That
// machine has no clang++, so the emulator's side of the crosscheck runs here, on every build: the
// same file and request through run-kernel on the emulator, compared event by event as run-kernel
// --backend cuda compares them (shuffles blanked: the API does not say what a shuffle delivered).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/io/regular_file.hpp"
#include "kernels/run/sanitizer_comparison.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/toolchain.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

namespace {

struct StoredRequest {
    std::string name, file, flags;
};

std::vector<StoredRequest> stored_requests() {
    std::ifstream in(std::string(WS_SOURCE_DIR) + "/tests/data/gpu_traces/plain_requests.txt");
    std::vector<StoredRequest> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        StoredRequest r;
        words >> r.name >> r.file;
        std::getline(words, r.flags);
        out.push_back(r);
    }
    return out;
}

}  // namespace

TEST_CASE(
    "every plain kernel's trace recorded by an H200 equals the emulator's of the same request",
    "[user]") {
    REQUIRE_FALSE(ws::user::find_plain_compiler().empty());  // the emulator's plain kernels
    const std::string dir = std::string(WS_SOURCE_DIR) + "/tests/data/gpu_traces/nvidia-h200/";
    const std::vector<StoredRequest> requests = stored_requests();
    REQUIRE(requests.size() >= 20);
    const std::string emulated_file =
        (std::filesystem::temp_directory_path() / "ws_stored_gpu_trace.wstrace").string();
    const std::set<std::string> compiler_placed = {
        // the two branches' stores of a step merged into one (line 33), XY_in[tid] loaded once
        // before the branch (line 30)
        "kogge_stone_float_4097_256", "kogge_stone_int_999_32",
        // a store placed on the line before (47 for 46, 54 for 53)
        "blelloch_int_10003_512", "blelloch_padded_int_10003_128",
        // the first global read placed on line 22 (it is line 21's)
        "brent_kung_double_999_64", "brent_kung_float_100003_1024",
        // a double shuffled as two 32-bit halves: two shuffles of 4 bytes, each a sub-step
        "shuffle_double_77777_1024"};
    unsigned compared = 0;
    for (const StoredRequest& r : requests) {
        INFO(r.name << ": " << r.file << r.flags);
        const ws::trace::LoadResult gpu = ws::trace::load_trace(dir + r.name + ".wstrace");
        REQUIRE(gpu.ok);
        CHECK(gpu.trace.backend == "cuda");
        CHECK(gpu.trace.device == "NVIDIA H200");
        REQUIRE_FALSE(gpu.trace.blocks.empty());  // the GPU recorded the kernel itself
        // The API hands over no atomic's result: each atomic is marked unseen, none counted as
        // a lost race (cg_reduce_sum's 2433 atomicAdds).
        if (gpu.trace.totals.atomics > 0) {
            CHECK(ws::trace::has_unseen_atomics(gpu.trace));
            CHECK(gpu.trace.totals.atomic_retries == 0);
        }
        const std::string source =
            std::string(WS_SOURCE_DIR) + "/tests/data/plain_kernels/" + r.file;
        std::remove(emulated_file.c_str());
        const CommandResult cpu = run_warpscope("run-kernel " + source + r.flags +
                                                " --pattern random --trace-out " + emulated_file);
        INFO(cpu.err);
        REQUIRE(cpu.code == 0);
        ws::trace::LoadResult emulated = ws::trace::load_trace(emulated_file);
        REQUIRE(emulated.ok);
        std::string error;
        const ws::user::KernelHeader header = ws::user::parse_kernel_header(
            ws::io::read_regular_file(source, 1 << 20, error), r.file);
        REQUIRE(header.ok());
        const ws::run::SanitizerCrosscheck c =
            ws::run::compare_sanitizer_recording(header.info, gpu.trace, emulated.trace);
        INFO(c.difference);
        INFO(c.compiler_difference);
        CHECK(c.difference == "");
        // Equal event by event, but where the optimized code placed or ordered an access
        // otherwise: these, and only these (the first difference says how).
        CHECK(!c.compiler_difference.empty() == (compiler_placed.count(r.name) == 1));
        ++compared;
    }
    std::remove(emulated_file.c_str());
    CHECK(compared == requests.size());
}
