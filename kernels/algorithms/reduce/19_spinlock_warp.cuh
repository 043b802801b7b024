// What changed: the classic mistake. No block reduction: every thread takes the lock to add its
//   own sum, so every lane of a warp spins on a lock that one of them holds.
// Why it is slow: gridDim.x * blockDim.x critical sections run one at a time while every other
//   thread spins, and before Volta it never finishes. A warp had one program counter: the lane
//   that wins the compare-and-swap leaves the loop and waits at its exit for its warp-mates,
//   which spin on the lock it holds; it cannot run its critical section and free the lock until
//   they leave the loop, and they cannot leave: the warp deadlocks (the converged schedule shows
//   it and names the lanes and the line). Since Volta (sm_70, independent thread scheduling) the
//   scheduler lets the diverged winner run on, so the kernel finishes, serialised.
// Needs: a power-of-two block of 32..1024 threads, no shared memory; an output and a two-word
//   lock zeroed first; independent thread scheduling (sm_70+). On the GPU a watchdog in
//   lock_acquire gives up after about 2^33 cycles and the host reports it.
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"
#include "kernels/probe/spin_lock.cuh"

namespace ws::reduce {

template <class T, class Probe>
__global__ void reduce_spinlock_warp(const T* g_in, T* g_out, unsigned* g_lock, unsigned n,
                                     Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(static_cast<volatile T*>(g_out), probe);  // other SMs write it
    auto lock = global_array(g_lock, probe);

    T v = T(0);
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += T(in[i]);

    if (lock_acquire(probe, lock)) {  // every lane of every warp spins here
        out[0] = T(out[0]) + v;
        lock_release(probe, lock);
    }
}

struct SpinlockWarp {
    static constexpr const char* id = "reduce-spinlock-warp";
    template <class T, class Probe>
    static LockedKernel<T, Probe> kernel(unsigned) {
        return &reduce_spinlock_warp<T, Probe>;
    }
};

}  // namespace ws::reduce
