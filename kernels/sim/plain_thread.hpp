// A plain CUDA kernel's thread, as its generated entry starts it (kernels/user/toolchain.cpp):
// the thread's probe, the buffers its pointers reach, and the last store not yet recorded.
// Lives on the thread's stack for the kernel's run; thread_slot() points at it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "kernels/sim/sim_probe.hpp"

namespace ws::sim {

struct PlainBuffer {
    const void* base = nullptr;
    std::size_t bytes = 0;
};

class PlainThread {
  public:
    static constexpr unsigned kMaxBuffers = 4;

    // The buffers are numbered in the order given, as the vocabulary numbers global arrays.
    PlainThread(SimProbe& probe, std::initializer_list<PlainBuffer> buffers);
    ~PlainThread();
    PlainThread(const PlainThread&) = delete;
    PlainThread& operator=(const PlainThread&) = delete;

    SimProbe& probe;
    PlainBuffer buffers[kMaxBuffers];
    unsigned buffer_count = 0;
    const unsigned char* stack_top;  // the kernel's frames lie below this object

    struct PendingStore {
        const unsigned char* at = nullptr;
        unsigned bytes = 0, line = 0;
        bool shared = false;
        unsigned char buffer = 0;
        unsigned long long offset = 0;
    } pending;
};

}  // namespace ws::sim
