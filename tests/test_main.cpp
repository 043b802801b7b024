// Catch2 runner. `warpscope_tests "[gpu]"` (or "[gpu-fault]") exits with 77 (ctest's "skipped")
// when no CUDA device is usable, `warpscope_tests "[gpu2]"` when fewer than two GPUs (or no NCCL)
// are, `warpscope_tests "[nvrtc]"` when NVRTC cannot be opened and `"[cupti]"` when CUPTI cannot
// be, and says why; every other
// spec runs as usual.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "app/backends.hpp"
#include "kernels/multi/multi_gpu_bench.hpp"
#if defined(WS_HAVE_CUDA)
#include "kernels/cuda/metrics_offered.hpp"
#endif
#include "kernels/run/backend.hpp"
#include "kernels/user/nvrtc_compiler.hpp"

int main(int argc, char* argv[]) {
    ws::app::register_backends();
    ws::app::register_gpu_kernel_runner();
    bool gpu_only = false;
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "[gpu]" || std::string(argv[i]) == "[gpu-fault]")
            gpu_only = true;
        if (std::string(argv[i]) == "[gpu2]") {  // two GPUs or more, and NCCL in the build
            const ws::multi::MultiGpuBench bench = ws::multi::multi_gpu_bench();
            const std::string why =
                !bench ? "this build has no NCCL" : bench(ws::multi::MultiGpuBenchRequest{}).error;
            if (!why.empty()) {
                std::printf("[gpu2] tests skipped: %s\n", why.c_str());
                return 77;
            }
        }
        if (std::string(argv[i]) == "[cupti]") {  // CUPTI's host side: no GPU needed
            std::string why = "this build has no CUDA backend";
#if defined(WS_HAVE_CUDA)
            ws::cuda::cupti_chips(why);
#endif
            if (!why.empty()) {
                std::printf("[cupti] tests skipped: %s\n", why.c_str());
                return 77;
            }
        }
        if (std::string(argv[i]) == "[nvrtc]") {
            const std::string why = ws::user::nvrtc_unavailable_reason();
            if (!why.empty()) {
                std::printf("[nvrtc] tests skipped: %s\n", why.c_str());
                return 77;
            }
        }
    }
    if (gpu_only) {
        std::string why = ws::run::unavailable_reason("cuda");
        if (!why.empty()) {
            std::printf("[gpu] tests skipped: %s\n", why.c_str());
            return 77;
        }
    }
    return Catch::Session().run(argc, argv);
}

// Every test's name can be one ctest test: catch_discover_tests hands the names to CMake as a
// list, where a ';' splits a name and an unbalanced '[' or ']' stops the splitting, so that every
// later test is folded into one that runs nothing (it happened: "chunks cover [0, n) ...").
TEST_CASE("test names have balanced brackets and no semicolons", "[names]") {
    const auto& tests = Catch::getRegistryHub().getTestCaseRegistry().getAllTests();
    CHECK(tests.size() > 100);
    for (const Catch::TestCase& t : tests) {
        INFO(t.name);
        long depth = 0;
        bool balanced = true;
        for (char c : t.name) {
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            balanced = balanced && depth >= 0;
        }
        CHECK((balanced && depth == 0));
        CHECK(t.name.find(';') == std::string::npos);
    }
}
