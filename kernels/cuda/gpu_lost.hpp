// Once a sticky CUDA error has poisoned this process's context, the GPU backend says so and
// stays unavailable; the front ends then fall back to the emulator (DESIGN.md §8, RenderDoc).
#pragma once
#include <string>

namespace ws::cuda {
void mark_gpu_lost(const std::string& why);
std::string gpu_lost_reason();  // "" while the GPU is usable
}  // namespace ws::cuda
