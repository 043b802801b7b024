// The block's side of a plain CUDA kernel (emulator.hpp, "plain CUDA kernels"): where its
// static __shared__ arrays live, the running thread's slot for its recorder, and what the warp
// and the block know of their threads. Each is asked from inside a simulated thread.
#include <string>

#include "kernels/sim/block_state.hpp"

namespace ws::sim {

std::size_t block_smem_bytes() {
    return inside_kernel() ? running_block().smem.size() : 0;
}

std::uint8_t* block_smem_recorded() {
    return inside_kernel() ? running_block().smem_recorded.data() : nullptr;
}

void*& thread_slot() {
    static thread_local void* none = nullptr;
    return inside_kernel() ? running_thread().slot : none;
}

unsigned warp_live_mask() {
    if (!inside_kernel()) return 0;
    const SimBlock& b = running_block();
    const unsigned first = running_thread().linear / 32 * 32;
    unsigned mask = 0;
    for (unsigned lane = 0; lane < 32 && first + lane < b.threads.size(); ++lane) {
        const ThreadStatus s = b.threads[first + lane].status;
        if (s != ThreadStatus::Exited && s != ThreadStatus::Failed) mask |= 1u << lane;
    }
    return mask;
}

bool others_exited() {
    return inside_kernel() && running_block().exited + 1 == running_block().threads.size();
}

std::uint8_t* static_shared(unsigned id, std::size_t bytes, std::size_t align, unsigned line) {
    SimBlock& b = running_block();
    auto known = b.static_offsets.find(id);
    if (known != b.static_offsets.end()) return b.smem.data() + known->second;
    const std::size_t a = align == 0 ? 1 : align;
    const std::size_t at = (b.static_end + a - 1) / a * a;
    if (at + bytes > b.smem.size())
        fail("the kernel's __shared__ arrays need " + std::to_string(at + bytes) +
                 " bytes of shared memory (its dynamic shared memory included); a block has " +
                 std::to_string(b.smem.size()),
             line);
    b.static_offsets.emplace(id, at);
    b.static_end = at + bytes;
    return b.smem.data() + at;
}

std::size_t static_shared_end() {
    return inside_kernel() ? running_block().static_end : 0;
}

}  // namespace ws::sim
