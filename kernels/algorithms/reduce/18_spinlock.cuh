// What changed: the block's sum goes into the output under a lock instead of with atomicAdd: one
//   lane a block takes a spin lock in global memory (the CUDA Handbook's cudaSpinlock: acquire
//   with while (atomicCAS(&lock, 0, 1) != 0);), reads the output, adds, writes it back (a plain
//   read-modify-write, safe while it holds the lock), fences and frees the lock with atomicExch.
// Why it is slow: it is not faster than atomicAdd, and it is not meant to be: it is how to guard
//   a critical section too big for one atomic (several words, a list, a histogram bin and its
//   count). Each block pays two atomics, two fences and the output's round trip, and waiting
//   blocks hammer the lock word; one lane a block keeps the queue short (grid, not n, waiters).
// Needs: a power-of-two block of 32..1024 threads; blockDim.x / 32 elements of shared memory; an
//   output and a two-word lock zeroed first. Floating-point sums differ in the last bits from
//   run to run (the order blocks take the lock).
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"
#include "kernels/probe/spin_lock.cuh"

namespace ws::reduce {

template <class T, class Probe>
__global__ void reduce_spinlock(const T* g_in, T* g_out, unsigned* g_lock, unsigned n,
                                Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x / 32);
    auto in = global_array(g_in, probe);
    auto out = global_array(static_cast<volatile T*>(g_out), probe);  // other SMs write it
    auto lock = global_array(g_lock, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;

    T v = T(0);
    for (unsigned i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
        v += T(in[i]);
    for (unsigned offset = 16; offset > 0; offset /= 2)
        v += shfl_down_sync(probe, kFullMask, v, offset);
    if (lane == 0) s[warp] = v;
    block_sync(probe);

    if (warp == 0) {
        v = lane < blockDim.x / 32 ? T(s[lane]) : T(0);
        for (unsigned offset = 16; offset > 0; offset /= 2)
            v += shfl_down_sync(probe, kFullMask, v, offset);
        if (lane == 0 && lock_acquire(probe, lock)) {  // one lane a block spins
            out[0] = T(out[0]) + v;                    // read, add, write: only the holder
            lock_release(probe, lock);
        }
    }
}

struct Spinlock {
    static constexpr const char* id = "reduce-spinlock";
    template <class T, class Probe>
    static LockedKernel<T, Probe> kernel(unsigned) {
        return &reduce_spinlock<T, Probe>;
    }
};

}  // namespace ws::reduce
