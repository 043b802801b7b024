// Catch2 runner for the window's tests. The backends are registered first, as app/main.cpp
// does; `warpscope_ui_tests "[gpu]"` (the window drawn on the GPU) exits with 77 (ctest's
// "skipped") when no CUDA device is usable, and says why.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "app/backends.hpp"
#include "kernels/run/backend.hpp"

int main(int argc, char* argv[]) {
    ws::app::register_backends();
    ws::app::register_gpu_kernel_runner();
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == "[gpu]")
            if (const std::string why = ws::run::unavailable_reason("cuda"); !why.empty()) {
                std::printf("[gpu] tests skipped: %s\n", why.c_str());
                return 77;
            }
    return Catch::Session().run(argc, argv);
}
