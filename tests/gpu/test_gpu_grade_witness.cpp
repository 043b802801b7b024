// [gpu] tests of a grade's witness (kernels/run/counter_witness.hpp): graded on the GPU, a check
// on bank conflicts rests on the GPU's own counters (CUPTI) as well as the recorder's, so it is
// not marked self-reported; a kernel that empties its own recording on the GPU (its threads zero
// their event counts after their last access, so the recorder counts no conflicts) does not
// pass it; a plain CUDA kernel, recorded through the Sanitizer API, is counted in a second child.
// Run through the binary, as a teacher's script would.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "tests/cli/puzzle_files.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

namespace {

// Puzzle 2's start kernel (720 bank conflicts) whose threads, on the GPU only, zero their own
// event counts in the recorder's buffers once they have made their last event.
std::string gpu_recording_eraser(const std::string& path) {
    std::string text = read_all(puzzle_file("02-bank-conflicts.start.cu"));
    const std::string last = "global_array(g_out, probe)[blockIdx.x] = s[0];\n";
    const std::size_t end = text.find(last);
    REQUIRE(end != std::string::npos);
    text.insert(
        end + last.size(),
        "#if defined(__CUDA_ARCH__)\n"
        "    if constexpr (sizeof(Probe) > 1) {  // the GPU recorder's probe\n"
        "        const auto& b = probe.buffers();\n"
        "        const unsigned slot = b.block_to_slot ? b.block_to_slot[blockIdx.x] : ~0u;\n"
        "        if (b.counts && slot != ~0u) b.counts[slot * b.threads_per_block + t] = 0;\n"
        "    }\n"
        "#endif\n");
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("graded on the GPU a bank-conflict check rests on the GPU's own counters",
          "[gpu][grade]") {
    const std::string start = puzzle_file("02-bank-conflicts.start.cu");
    const CommandResult honest =
        run_warpscope("run-kernel " + start + " --puzzle 2 --backend cuda");
    INFO(honest.out << honest.err);
    CHECK(honest.code == 1);
    CHECK(honest.out.find("FAIL bank_conflicts == 0: got 720") != std::string::npos);
    CHECK(honest.out.find("(self-reported)") == std::string::npos);
    const CommandResult solved =
        run_warpscope("run-kernel " + puzzle_file("02-bank-conflicts.solution.cu") +
                      " --puzzle 2 --backend cuda");
    INFO(solved.out << solved.err);
    CHECK(solved.code == 0);
    CHECK(solved.out.find("PASS bank_conflicts == 0\n") != std::string::npos);
    CHECK(solved.out.find("(self-reported)") == std::string::npos);
}

TEST_CASE("a kernel that empties its recording on the GPU does not pass the bank-conflict check",
          "[gpu][grade]") {
    TempDir dir("ws_gpu_eraser");
    const std::string eraser = gpu_recording_eraser((dir.path / "eraser.cu").string());
    const CommandResult r = run_warpscope("run-kernel " + eraser + " --puzzle 2 --backend cuda");
    WARN(r.out << r.err);  // how it failed, in the device's log
    CHECK(r.code == 1);
    CHECK(r.out.find("PASS bank_conflicts") == std::string::npos);
    CHECK(r.out.find(": solved") == std::string::npos);
}

TEST_CASE("a plain CUDA kernel graded on the GPU is witnessed from a second process",
          "[gpu][grade]") {
    // Harris's reduce1 and reduce2 in plain CUDA: the Sanitizer API records them, and CUPTI, which
    // cannot count beside it, counts them in a second child with no recorder.
    const std::string plain = std::string(WS_SOURCE_DIR) + "/tests/data/plain_kernels/";
    const CommandResult strided = run_warpscope(
        "run-kernel " + plain + "reduce_interleaved_strided.cu --puzzle 2 --backend cuda");
    INFO(strided.out << strided.err);
    CHECK(strided.code == 1);
    CHECK(strided.out.find("FAIL bank_conflicts == 0: got 720") != std::string::npos);
    CHECK(strided.out.find("(self-reported)") == std::string::npos);
    CHECK(strided.out.find("no witness") == std::string::npos);
    const CommandResult sequential =
        run_warpscope("run-kernel " + plain + "reduce_sequential.cu --puzzle 2 --backend cuda");
    INFO(sequential.out << sequential.err);
    CHECK(sequential.code == 0);
    CHECK(sequential.out.find("PASS bank_conflicts == 0\n") != std::string::npos);
    CHECK(sequential.out.find("(self-reported)") == std::string::npos);
}
#endif
