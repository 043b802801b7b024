// The hand-written all-reduce's one kernel: a GPU pulls a chunk of its neighbour's array over
// NVLink (a peer read; peer access is enabled for every pair) and adds it into its own copy
// (reduce-scatter) or overwrites it (all-gather, broadcast). Reading rather than writing keeps
// the receiver's own array in its own memory, and the sender's link busy in one direction.
// Sixteen bytes a load where both arrays are aligned to them, the rest a word at a time; many
// blocks in flight, since each load crosses the link.
#pragma once
#include <cstdint>

namespace ws::multi {

template <class T>
struct Vector16;
template <>
struct Vector16<int> {
    using type = int4;
};
template <>
struct Vector16<float> {
    using type = float4;
};
template <>
struct Vector16<double> {
    using type = double2;
};

__device__ inline int4 add4(int4 a, int4 b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w};
}
__device__ inline float4 add4(float4 a, float4 b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w};
}
__device__ inline double2 add4(double2 a, double2 b) {
    return {a.x + b.x, a.y + b.y};
}

// mine[i] (+)= theirs[i] for i in [first, first + count).
template <class T>
__global__ void pull_chunk(T* __restrict__ mine, const T* __restrict__ theirs, std::uint64_t first,
                           std::uint64_t count, bool add) {
    using V = typename Vector16<T>::type;
    constexpr unsigned kPer = sizeof(V) / sizeof(T);
    T* dst = mine + first;
    const T* src = theirs + first;
    const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
    const std::uint64_t tid = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    std::uint64_t done = 0;
    if ((reinterpret_cast<std::uintptr_t>(dst) | reinterpret_cast<std::uintptr_t>(src)) % 16 == 0) {
        const std::uint64_t vectors = count / kPer;
        V* vd = reinterpret_cast<V*>(dst);
        const V* vs = reinterpret_cast<const V*>(src);
        for (std::uint64_t i = tid; i < vectors; i += stride)
            vd[i] = add ? add4(vd[i], vs[i]) : vs[i];
        done = vectors * kPer;
    }
    for (std::uint64_t i = done + tid; i < count; i += stride)
        dst[i] = add ? dst[i] + src[i] : src[i];
}

}  // namespace ws::multi
