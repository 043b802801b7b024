// Two variants written again in plain CUDA, without the recording vocabulary: the benchmark and
// the SASS comparison use them to show that a kernel written with the vocabulary and run with
// NoProbe costs nothing extra. They must stay line-for-line equivalent to 03 and 09.
#pragma once
#include <cuda_runtime.h>

namespace ws::bench {

template <class T>
__global__ void reduce_sequential_plain(const T* in, T* out, unsigned n) {
    extern __shared__ __align__(16) unsigned char plain_smem[];
    T* s = reinterpret_cast<T*>(plain_smem);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : T(0);
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

template <class T>
__global__ void reduce_warp_shuffle_plain(const T* in, T* out, unsigned n) {
    extern __shared__ __align__(16) unsigned char plain_smem[];
    T* s = reinterpret_cast<T*>(plain_smem);
    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const unsigned grid_stride = blockDim.x * 2 * gridDim.x;
    T v = T(0);
    for (unsigned i = blockIdx.x * (blockDim.x * 2) + t; i < n; i += grid_stride) {
        v += in[i];
        if (i + blockDim.x < n) v += in[i + blockDim.x];
    }
    for (unsigned offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (lane == 0) s[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? s[lane] : T(0);
        for (unsigned offset = 16; offset > 0; offset /= 2)
            v += __shfl_down_sync(0xffffffffu, v, offset);
        if (lane == 0) out[blockIdx.x] = v;
    }
}

// Reads every element once and writes (almost) nothing: the read-only streaming ceiling.
template <class T>
__global__ void read_only_stream(const T* in, T* sink, unsigned long long n) {
    T v = T(0);
    const unsigned long long stride = 1ull * blockDim.x * gridDim.x;
    for (unsigned long long i = 1ull * blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        v += __ldg(in + i);
    if (v == T(-12345)) *sink = v;  // keeps the loads; practically never true
}

}  // namespace ws::bench
