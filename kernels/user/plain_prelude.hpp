// What a plain CUDA kernel compiles against on the emulator (kernels/user/plain_wrapper.cpp):
// the CUDA shim (cuda_shim.hpp), cooperative groups' subset (plain_include/), the homes of the
// __shared__ declarations the wrapper rewrote (plain_source.hpp), the call of a kernel of any
// signature, and the compiler's load and store callbacks (Clang's SanitizerCoverage), which hand
// every access the kernel makes to the recorder (kernels/sim/plain_hooks.hpp).
//
// Nothing here is instrumented: only the student's own code is (the pragma below).
#pragma once
#pragma clang attribute push(__attribute__((no_sanitize("coverage", "address"))), \
                             apply_to = function)

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <type_traits>

#include "kernels/sim/cuda_shim.hpp"
#include "kernels/sim/plain_thread.hpp"
#include "kernels/trace/scan_kind.hpp"
#include "kernels/user/plain_call.hpp"
#include "kernels/user/plain_include/cooperative_groups.h"
#include "kernels/user/plain_include/cooperative_groups/reduce.h"

#define __constant__
#define __noinline__ __attribute__((noinline))

// CUDA's device min and max, for any two arithmetic types (as its overloads take them).
template <class A, class B,
          class = std::enable_if_t<std::is_arithmetic_v<A> && std::is_arithmetic_v<B>>>
inline std::common_type_t<A, B> min(A a, B b) {
    return b < a ? b : a;
}
template <class A, class B,
          class = std::enable_if_t<std::is_arithmetic_v<A> && std::is_arithmetic_v<B>>>
inline std::common_type_t<A, B> max(A a, B b) {
    return a < b ? b : a;
}

namespace ws::plain {

inline constexpr unsigned kDynamic = ~0u;

// `__shared__ T name[N];` inside a function: the block's copy (declaration number `id`).
template <class A>
A& static_shared(unsigned id, unsigned line = __builtin_LINE()) {
    return *reinterpret_cast<A*>(ws::sim::plain_static_shared(id, sizeof(A), alignof(A), line));
}
// `extern __shared__ T name[];`: the block's dynamic shared memory (A is T[]).
template <class A>
A& dynamic_shared() {
    return *reinterpret_cast<A*>(ws::sim::plain_dynamic_shared());
}
// A __shared__ array at file scope: the running block's, wherever it is used.
template <class A, unsigned Id>
struct FileShared {
    using Element = std::remove_extent_t<A>;
    A& get() const {
        if constexpr (Id == kDynamic)
            return dynamic_shared<A>();
        else
            return static_shared<A>(Id);
    }
    Element& operator[](std::size_t i) const { return get()[i]; }
    operator Element*() const { return get(); }
};

// After a scan kernel's tile, by the block's last thread to finish (every output of the tile is
// written then), unrecorded: the tile's total when the kernel writes none, then the tile turned
// into the kind the plan asked for when the kernel computes the other one (the plan scans the
// tiles' totals exclusively, whatever the kernel computes).
template <class T>
void finish_tile(const T* in, T* out, T* totals, unsigned n, unsigned tile, bool computes_exclusive,
                 bool wanted_exclusive, bool write_total) {
    if (!ws::sim::others_exited()) return;
    const unsigned long long first = 1ull * blockIdx.x * tile;
    if (first >= n) return;
    const unsigned long long last = std::min<unsigned long long>(n, first + tile) - 1;
    if (write_total) totals[blockIdx.x] = computes_exclusive ? T(out[last] + in[last]) : out[last];
    if (computes_exclusive == wanted_exclusive) return;
    if (wanted_exclusive) {
        for (unsigned long long j = last; j > first; --j) out[j] = out[j - 1];
        out[first] = T(0);
    } else {
        for (unsigned long long j = first; j <= last; ++j) out[j] = T(out[j] + in[j]);
    }
}

}  // namespace ws::plain

// The compiler's callbacks (-fsanitize-coverage=trace-pc-guard,trace-loads,trace-stores): each
// load and store of the student's code, with the address of the instruction after the call.
#define WS_PLAIN_ACCESS(size, type)                                                              \
    extern "C" __attribute__((visibility("hidden"))) void __sanitizer_cov_load##size(type* p) {  \
        ws::sim::plain_access(p, size, false, __builtin_return_address(0));                      \
    }                                                                                            \
    extern "C" __attribute__((visibility("hidden"))) void __sanitizer_cov_store##size(type* p) { \
        ws::sim::plain_access(p, size, true, __builtin_return_address(0));                       \
    }
WS_PLAIN_ACCESS(1, std::uint8_t)
WS_PLAIN_ACCESS(2, std::uint16_t)
WS_PLAIN_ACCESS(4, std::uint32_t)
WS_PLAIN_ACCESS(8, std::uint64_t)
WS_PLAIN_ACCESS(16, __int128)
#undef WS_PLAIN_ACCESS
extern "C" __attribute__((visibility("hidden"))) void __sanitizer_cov_trace_pc_guard_init(
    std::uint32_t*, std::uint32_t*) {}
extern "C" __attribute__((visibility("hidden"))) void __sanitizer_cov_trace_pc_guard(
    std::uint32_t*) {}

#include "kernels/user/plain_copies.hpp"

#pragma clang attribute pop
