// What changed: each lane loads 16 bytes with one instruction (four ints or floats, two doubles)
//   and issues several such loads before adding any, 64 to 128 bytes a lane in flight; and the
//   whole reduction is one launch: each block adds its partial to the output with one atomicAdd
//   (the plan sets the output to 0 first) instead of writing it for a second pass.
// Why it is faster: a kernel that streams memory is as fast as the bytes it keeps in flight;
//   128-bit loads need a quarter of the load instructions, and independent loads hide each
//   other's latency. One launch instead of two saves the second kernel and the gap before it
//   (microseconds: most of the time below about 2^22 elements); the blocks' atomics on one word
//   are serialised in L2, but each block issues one, long after its loads.
// Needs: a power-of-two block of 32..1024 threads; blockDim.x / 32 elements of shared memory; an
//   output set to 0. Floating-point sums differ in the last bits from run to run: the atomics
//   add the blocks' partials in the order the blocks finish.
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::reduce {

template <class T, class Probe>
__global__ void reduce_vector_atomic(const T* g_in, T* g_out, unsigned n, Probe probe) {
    constexpr unsigned kVector = Vector16<T>::kCount;  // elements in one 16-byte load
    constexpr unsigned kLoads = 16 / kVector;          // loads in flight: 16 elements a lane
    auto s = shared_array<T>(probe, blockDim.x / 32);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;

    // The elements before the first 16-byte boundary (none for an array from cudaMalloc), the
    // whole vectors after it, and the elements after the last whole vector.
    const unsigned skew = unsigned(reinterpret_cast<unsigned long long>(g_in) % 16 / sizeof(T));
    const unsigned head = skew == 0 ? 0 : (kVector - skew < n ? kVector - skew : n);
    const unsigned vectors = (n - head) / kVector;
    const unsigned tail = head + vectors * kVector;

    // A block reads a tile of kLoads * blockDim.x vectors a turn (neighbouring lanes, neighbouring
    // 16 bytes), all its loads issued before any is added; the grid strides over the tiles.
    const unsigned tile = kLoads * blockDim.x;
    T v = T(0);
    for (unsigned base = blockIdx.x * tile; base < vectors; base += gridDim.x * tile) {
        if (base + tile <= vectors) {
            Vector16<T> x[kLoads];
            WS_UNROLL
            for (unsigned k = 0; k < kLoads; ++k)
                x[k] = load16(in, head + (base + k * blockDim.x + t) * kVector);
            WS_UNROLL
            for (unsigned k = 0; k < kLoads; ++k) v += x[k].sum();
        } else {
            for (unsigned j = base + t; j < vectors; j += blockDim.x)
                v += load16(in, head + j * kVector).sum();
        }
    }
    if (blockIdx.x == 0 && t < head) v += T(in[t]);
    if (blockIdx.x == 0 && t < n - tail) v += T(in[tail + t]);

    for (unsigned offset = 16; offset > 0; offset /= 2)
        v += shfl_down_sync(probe, kFullMask, v, offset);
    if (lane == 0) s[warp] = v;
    block_sync(probe);

    if (warp == 0) {
        v = lane < blockDim.x / 32 ? T(s[lane]) : T(0);
        for (unsigned offset = 16; offset > 0; offset /= 2)
            v += shfl_down_sync(probe, kFullMask, v, offset);
        if (lane == 0) atomic_add(out[0], v);
    }
}

struct VectorAtomic {
    static constexpr const char* id = "reduce-vector-atomic";
    template <class T, class Probe>
    static ReduceKernel<T, Probe> kernel(unsigned) {
        return &reduce_vector_atomic<T, Probe>;
    }
};

}  // namespace ws::reduce
