// `warpscope bench --multi-gpu` (issue 20) where it cannot run: a build without NCCL, or a
// machine with fewer than two GPUs, says so in one line with exit code 2 and writes no file;
// flags it does not take are refused. Its runs on two GPUs are the device script's
// (tests/device/multi_gpu.sh).
#include <catch2/catch.hpp>
#include <filesystem>

#include "kernels/multi/multi_gpu_bench.hpp"
#include "kernels/run/backend.hpp"
#include "tests/cli/run_command.hpp"

TEST_CASE("bench --multi-gpu without two GPUs or without NCCL is one line", "[cli][multi]") {
    if (ws::run::usable_gpu()) return;  // a GPU machine: the device script runs it
    const std::string json = "/tmp/ws_test_multi_gpu.json";
    std::filesystem::remove(json);
    const auto r = run_warpscope("bench --multi-gpu --sizes 2^20 --json " + json);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(count_lines(r.err) == 1);
    CHECK(r.err.find("bench --multi-gpu") != std::string::npos);
    // Which line depends on the build: no NCCL (or no CUDA), or no device.
    const bool built = ws::multi::multi_gpu_bench() != nullptr;
    CHECK(r.err.find(built ? "needs CUDA devices" : "built without") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(json));
}

TEST_CASE("bench --multi-gpu refuses the single-GPU bench's flags", "[cli][multi]") {
    for (const char* flags : {"--algo reduce-sequential", "--contention", "--no-baselines"}) {
        INFO(flags);
        const auto r = run_warpscope(std::string("bench --multi-gpu ") + flags);
        CHECK(r.code == 2);
        CHECK(r.err.find("--multi-gpu times NCCL") != std::string::npos);
    }
    const auto bad = run_warpscope("bench --multi-gpu --type half");
    CHECK(bad.code == 2);
    CHECK(bad.err.find("half") != std::string::npos);
}
