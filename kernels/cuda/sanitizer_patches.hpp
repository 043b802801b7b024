// The Sanitizer API's device callbacks (patches/sanitizer_patches.cu) as the fatbin nvcc made of
// them at build time, carried in the program (cmake/embed_binary_run.cmake writes the definition).
#pragma once
#include <cstddef>

namespace ws::cuda {

struct Patches {
    const void* image = nullptr;
    std::size_t size = 0;
};
Patches sanitizer_patches();

}  // namespace ws::cuda
