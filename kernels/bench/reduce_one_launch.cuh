// reduce-one-launch (GPU only, timed by bench: kernels/baselines.cpp): reduce-vector-atomic
// (kernels/algorithms/reduce/10_vector_atomic.cuh) with no memset before it.
// What changed: rung 10 needs its output set to 0 before every launch, and that cudaMemsetAsync
//   is a launch of its own. Here the sum goes into one of two words and the launch zeroes the
//   other, the one the next launch adds into (block 0's thread 0, one store: no block of this
//   launch adds into it): one launch a reduction, none before it. The body is rung 10's, line
//   for line (tests/algorithms/test_reduce_one_launch.cpp holds them to it), with the one store
//   added at its start.
// Why it is faster: by the memset's launch and the gap after it, about a microsecond on an H200
//   (assets/measurements/scan-pipeline-shapes-nvidia-h200.md), 5-10% of a reduction of
//   2^22-2^24 elements streaming from DRAM; from 2^26 up it is within the noise.
// Needs: as rung 10, and both words zeroed once before the first launch; the launches on one
//   stream in turn, each told which word is its own (the sum of launch k is in sums[k % 2] until
//   launch k + 1 starts).
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::bench {

using namespace ws::reduce;

template <class T, class Probe>
__global__ void reduce_one_launch(const T* g_in, T* g_sums, unsigned own, unsigned n, Probe probe) {
    if (blockIdx.x == 0 && threadIdx.x == 0) g_sums[1 - own] = T(0);  // the next launch's word
    T* const g_out = g_sums + own;
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

}  // namespace ws::bench
