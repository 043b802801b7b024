// The CUDA vocabulary for the host compiler: what a kernel `.cuh` needs to compile with g++ and
// run on the emulator. Included only where __CUDACC__ is not defined (see probe/vocabulary.cuh).
//
// threadIdx, blockIdx, blockDim and gridDim are thread_local variables the emulator updates
// before it resumes each simulated thread; the intrinsics call into the scheduler (emulator.hpp).
#pragma once
#if defined(__CUDACC__)
#error "cuda_shim.hpp is for the host compiler only"
#endif

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/sim/emulator.hpp"
#include "kernels/sim/plain_hooks.hpp"

#define __global__
#define __launch_bounds__(...)
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ static thread_local
#define __restrict__ __restrict
#define __align__(n) alignas(n)

struct uint3 {
    unsigned x = 0, y = 0, z = 0;
};
struct dim3 {
    unsigned x = 1, y = 1, z = 1;
    constexpr dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};
struct alignas(8) int2 {
    int x, y;
};
struct alignas(16) int4 {
    int x, y, z, w;
};
struct alignas(8) float2 {
    float x, y;
};
struct alignas(16) float4 {
    float x, y, z, w;
};
inline int2 make_int2(int x, int y) {
    return {x, y};
}
inline int4 make_int4(int x, int y, int z, int w) {
    return {x, y, z, w};
}
inline float2 make_float2(float x, float y) {
    return {x, y};
}
inline float4 make_float4(float x, float y, float z, float w) {
    return {x, y, z, w};
}

extern thread_local uint3 threadIdx;
extern thread_local uint3 blockIdx;
extern thread_local dim3 blockDim;
extern thread_local dim3 gridDim;
inline constexpr int warpSize = 32;

// ---- block barriers ---------------------------------------------------------------------------
inline void __syncthreads(unsigned line = __builtin_LINE()) {
    ws::sim::plain_flush();
    ws::sim::block_barrier(ws::sim::BarrierKind::Plain, 0, line);
    ws::sim::plain_block_synced(line);
}
inline int __syncthreads_count(int pred, unsigned line = __builtin_LINE()) {
    ws::sim::plain_flush();
    const int r = ws::sim::block_barrier(ws::sim::BarrierKind::Count, pred, line);
    ws::sim::plain_block_synced(line);
    return r;
}
inline int __syncthreads_and(int pred, unsigned line = __builtin_LINE()) {
    ws::sim::plain_flush();
    const int r = ws::sim::block_barrier(ws::sim::BarrierKind::And, pred, line);
    ws::sim::plain_block_synced(line);
    return r;
}
inline int __syncthreads_or(int pred, unsigned line = __builtin_LINE()) {
    ws::sim::plain_flush();
    const int r = ws::sim::block_barrier(ws::sim::BarrierKind::Or, pred, line);
    ws::sim::plain_block_synced(line);
    return r;
}
inline void __threadfence() {}
inline void __threadfence_block() {}

// ---- warp collectives -------------------------------------------------------------------------
inline void __syncwarp(unsigned mask = 0xffffffffu, unsigned line = __builtin_LINE()) {
    ws::sim::plain_flush();
    ws::sim::warp_collective(ws::sim::CollectiveKind::SyncWarp, mask, 0, 0, 32, line);
    ws::sim::plain_warp_synced(line);
}

namespace ws::sim::detail {
template <class T>
inline std::uint64_t to_bits(T v) {
    static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>,
                  "shuffles move 8 bytes at most");
    std::uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}
template <class T>
inline T from_bits(std::uint64_t b) {
    T v;
    std::memcpy(&v, &b, sizeof(T));
    return v;
}
template <class T>
inline T shuffle(CollectiveKind k, unsigned mask, T var, int arg, int width, unsigned line) {
    plain_flush();
    const std::uint64_t got = warp_collective(k, mask, to_bits(var), arg, width, line);
    plain_shuffled(k, arg, width, got, unsigned(sizeof(T)), line);
    return from_bits<T>(got);
}
}  // namespace ws::sim::detail

template <class T>
inline T __shfl_sync(unsigned mask, T var, int src_lane, int width = 32,
                     unsigned line = __builtin_LINE()) {
    return ws::sim::detail::shuffle(ws::sim::CollectiveKind::ShflIdx, mask, var, src_lane, width,
                                    line);
}
template <class T>
inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32,
                        unsigned line = __builtin_LINE()) {
    return ws::sim::detail::shuffle(ws::sim::CollectiveKind::ShflUp, mask, var, int(delta), width,
                                    line);
}
template <class T>
inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32,
                          unsigned line = __builtin_LINE()) {
    return ws::sim::detail::shuffle(ws::sim::CollectiveKind::ShflDown, mask, var, int(delta), width,
                                    line);
}
template <class T>
inline T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32,
                         unsigned line = __builtin_LINE()) {
    return ws::sim::detail::shuffle(ws::sim::CollectiveKind::ShflXor, mask, var, lane_mask, width,
                                    line);
}
inline unsigned __ballot_sync(unsigned mask, int pred, unsigned line = __builtin_LINE()) {
    ws::sim::plain_flush();
    const auto word = unsigned(
        ws::sim::warp_collective(ws::sim::CollectiveKind::Ballot, mask, pred != 0, 0, 32, line));
    ws::sim::plain_ballot(word, line);
    return word;
}
inline int __any_sync(unsigned mask, int pred, unsigned line = __builtin_LINE()) {
    ws::sim::plain_flush();
    const int r =
        int(ws::sim::warp_collective(ws::sim::CollectiveKind::Any, mask, pred != 0, 0, 32, line));
    ws::sim::plain_warp_synced(line);
    return r;
}
inline int __all_sync(unsigned mask, int pred, unsigned line = __builtin_LINE()) {
    ws::sim::plain_flush();
    const int r =
        int(ws::sim::warp_collective(ws::sim::CollectiveKind::All, mask, pred != 0, 0, 32, line));
    ws::sim::plain_warp_synced(line);
    return r;
}

inline unsigned __activemask() {
    return ws::sim::warp_live_mask();
}

// ---- bit tricks ---------------------------------------------------------------------------------
inline int __popc(unsigned x) {
    return __builtin_popcount(x);
}
inline int __popcll(unsigned long long x) {
    return __builtin_popcountll(x);
}
inline int __ffs(int x) {
    return __builtin_ffs(x);
}
inline int __clz(int x) {
    return x == 0 ? 32 : __builtin_clz(unsigned(x));
}

// ---- read-only loads --------------------------------------------------------------------------
template <class T>
inline T __ldg(const T* p) {
    return *p;
}

// ---- atomics ------------------------------------------------------------------------------------
// The emulator runs one simulated thread at a time on one OS thread, so a plain read-modify-write
// is atomic. Each atomic is a scheduling point, like a shared access, so that the schedule
// policies interleave atomics too.
namespace ws::sim::detail {
// `compare`: an atomicCAS's expected value (it writes only when the element holds it).
template <class T, class F>
inline T atomic_rmw(T* address, unsigned line, F f, const T* compare = nullptr) {
    plain_flush();
    yield_point();
    T old = *address;
    const T left = f(old);
    *address = left;
    if constexpr (sizeof(T) <= 8)
        plain_atomic(address, unsigned(sizeof(T)), to_bits(old), to_bits(left),
                     compare == nullptr || old == *compare, line);
    return old;
}
// CUDA's atomics are overloads on the pointer's type, so the value converts to it:
// atomicAdd(&unsigned_counter, 1) compiles. Only the pointer deduces T here.
template <class T>
struct same_type {
    using type = T;
};
template <class T>
using value_of = typename same_type<T>::type;
}  // namespace ws::sim::detail

#define WS_SIM_ATOMIC(name, expr)                                                         \
    template <class T>                                                                    \
    inline std::enable_if_t<std::is_arithmetic_v<T>, T> name(                             \
        T* address, ws::sim::detail::value_of<T> val, unsigned line = __builtin_LINE()) { \
        return ws::sim::detail::atomic_rmw(address, line, [&](T old) {                    \
            (void)old; /* atomicExch does not use it */                                   \
            return T(expr);                                                               \
        });                                                                               \
    }
WS_SIM_ATOMIC(atomicAdd, old + val)
WS_SIM_ATOMIC(atomicSub, old - val)
WS_SIM_ATOMIC(atomicExch, val)
WS_SIM_ATOMIC(atomicMin, val < old ? val : old)
WS_SIM_ATOMIC(atomicMax, val > old ? val : old)
#undef WS_SIM_ATOMIC
template <class T>
inline std::enable_if_t<std::is_integral_v<T>, T> atomicCAS(T* address,
                                                            ws::sim::detail::value_of<T> compare,
                                                            ws::sim::detail::value_of<T> val,
                                                            unsigned line = __builtin_LINE()) {
    const T expected = compare;
    return ws::sim::detail::atomic_rmw(
        address, line, [&](T old) { return old == compare ? val : old; }, &expected);
}
