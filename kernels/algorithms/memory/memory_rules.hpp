// The rules the memory family's kernels and their CPU references share (one place each): how
// many times loop-divergence loops for an element, how copy-strided orders its elements, how
// aos-vs-soa reads n elements as structs, and the strides a request may ask for.
#pragma once
#include <cstdint>

#if defined(__CUDACC__)
#define WS_HOST_DEVICE __host__ __device__
#else
#define WS_HOST_DEVICE
#endif

namespace ws::memory {

// loop-divergence: element x makes its thread loop this many times, 0..31. Integers: |x| mod 32
// (ramp: lane k of a warp loops k times; random: 0..31 at random; ones: once each). Floating
// point: |x| * 32 mod 32 (random in [-1, 1): 0..31 at random; ramp and ones: whole numbers, so
// no loop at all).
template <class T>
WS_HOST_DEVICE unsigned loop_trips(T x) {
    const T magnitude = x < T(0) ? T(-x) : x;
    if constexpr (T(1) / T(2) == T(0))  // an integer type
        return unsigned(magnitude) % 32u;
    else
        return unsigned(magnitude * T(32)) % 32u;
}
inline constexpr unsigned kMaxLoopTrips = 31;

// copy-strided: the n elements as `stride` columns of rows(n, stride) rows, element
// row * stride + column; thread g of the grid takes row g mod rows of column g / rows, so the
// lanes of a warp touch elements `stride` apart and every element is copied once.
WS_HOST_DEVICE inline unsigned strided_rows(unsigned n, unsigned stride) {
    return (n - 1) / stride + 1;
}
inline constexpr unsigned kMinStride = 1, kMaxStride = 64;
inline constexpr const char* kStrideHelp =
    "elements between neighbouring lanes' accesses, 1..64 (copy-strided)";

// aos-vs-soa: the n elements as n / 3 structs {x, y, z}, once one struct after another (AoS:
// struct j's x at 3j) and once as three arrays of n / 3 (SoA: struct j's x at j). n must be a
// multiple of 3.
inline constexpr unsigned kStructFields = 3;

}  // namespace ws::memory
