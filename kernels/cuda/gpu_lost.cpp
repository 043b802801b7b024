#include "kernels/cuda/gpu_lost.hpp"

#include <mutex>

namespace ws::cuda {
namespace {
std::mutex g_mutex;
std::string g_reason;
}  // namespace

void mark_gpu_lost(const std::string& why) {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (g_reason.empty()) g_reason = why;
}

std::string gpu_lost_reason() {
    std::lock_guard<std::mutex> lock(g_mutex);
    return g_reason;
}

}  // namespace ws::cuda
