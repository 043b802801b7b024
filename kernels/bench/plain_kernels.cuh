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
    for (unsigned offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    if (lane == 0) s[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? s[lane] : T(0);
        for (unsigned offset = 16; offset > 0; offset /= 2)
            v += __shfl_down_sync(0xffffffffu, v, offset);
        if (lane == 0) out[blockIdx.x] = v;
    }
}

// Reads every byte once and writes (almost) nothing: the read-only streaming ceiling. 16-byte
// loads, four independent ones in flight per thread per iteration; the bytes before the first
// 16-byte boundary and after the last are read one element at a time.
template <class T>
__global__ void read_only_stream(const T* in, T* sink, unsigned long long n) {
    const unsigned long long stride = 1ull * blockDim.x * gridDim.x;
    const unsigned long long tid = 1ull * blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned long long head =
        ((16 - reinterpret_cast<unsigned long long>(in) % 16) % 16) / sizeof(T);
    const unsigned long long first = head < n ? head : n;
    const unsigned long long vectors = (n - first) * sizeof(T) / 16;
    const int4* v = reinterpret_cast<const int4*>(in + first);
    int acc = 0;
    unsigned long long i = tid;
    for (; i + 3 * stride < vectors; i += 4 * stride) {
        const int4 a = __ldg(v + i), b = __ldg(v + i + stride), c = __ldg(v + i + 2 * stride),
                   d = __ldg(v + i + 3 * stride);
        acc ^= a.x ^ a.y ^ a.z ^ a.w ^ b.x ^ b.y ^ b.z ^ b.w ^ c.x ^ c.y ^ c.z ^ c.w ^ d.x ^ d.y ^
               d.z ^ d.w;
    }
    for (; i < vectors; i += stride) {
        const int4 a = __ldg(v + i);
        acc ^= a.x ^ a.y ^ a.z ^ a.w;
    }
    const unsigned long long tail = first + vectors * 16 / sizeof(T);
    T rest = T(0);
    for (unsigned long long j = tid; j < first; j += stride) rest += __ldg(in + j);
    for (unsigned long long j = tail + tid; j < n; j += stride) rest += __ldg(in + j);
    if (acc == 0x7eadbeef && rest == T(-12345)) *sink = rest;  // keeps the loads alive
}

}  // namespace ws::bench
