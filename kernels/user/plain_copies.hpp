// The compiler's calls for the copies and fills a plain CUDA kernel makes (memcpy, memmove,
// memset, and a struct's assignment), which are no loads or stores to SanitizerCoverage: Clang's
// AddressSanitizer, with its checks off (kernels/user/toolchain.cpp), turns each into a call here,
// and each is recorded as the loads and stores a GPU would make, the widest the addresses allow.
// Without them a kernel could move its shared memory out of the recorder's sight.
// Included by plain_prelude.hpp, inside its pragma: nothing here is instrumented.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels/sim/plain_hooks.hpp"

namespace ws::plain {

// The widest of 8, 4, 2 and 1 bytes that both addresses are aligned to and that `left` holds.
inline unsigned copy_width(const unsigned char* a, const unsigned char* b, std::size_t left) {
    const std::uintptr_t both =
        reinterpret_cast<std::uintptr_t>(a) | reinterpret_cast<std::uintptr_t>(b);
    for (unsigned w : {8u, 4u, 2u})
        if (left >= w && both % w == 0) return w;
    return 1;
}

// Copies `n` bytes forward, recording each piece's load and store, made at `code`.
inline void copy_forward(unsigned char* d, const unsigned char* s, std::size_t n,
                         const void* code) {
    for (std::size_t k = 0; k < n;) {
        const unsigned w = copy_width(d + k, s + k, n - k);
        ws::sim::plain_access(s + k, w, false, code);
        ws::sim::plain_access(d + k, w, true, code);
        for (unsigned j = 0; j < w; ++j) d[k + j] = s[k + j];
        k += w;
    }
}

}  // namespace ws::plain

extern "C" __attribute__((visibility("hidden"))) void* __asan_memcpy(void* dst, const void* src,
                                                                     std::size_t n) {
    ws::plain::copy_forward(static_cast<unsigned char*>(dst),
                            static_cast<const unsigned char*>(src), n, __builtin_return_address(0));
    return dst;
}

extern "C" __attribute__((visibility("hidden"))) void* __asan_memmove(void* dst, const void* src,
                                                                      std::size_t n) {
    auto* d = static_cast<unsigned char*>(dst);
    const auto* s = static_cast<const unsigned char*>(src);
    const void* code = __builtin_return_address(0);
    if (d <= s || d >= s + n) {
        ws::plain::copy_forward(d, s, n, code);
        return dst;
    }
    for (std::size_t k = n; k-- > 0;) {  // overlapping, the destination above: byte by byte, back
        ws::sim::plain_access(s + k, 1, false, code);
        ws::sim::plain_access(d + k, 1, true, code);
        d[k] = s[k];
    }
    return dst;
}

extern "C" __attribute__((visibility("hidden"))) void* __asan_memset(void* dst, int value,
                                                                     std::size_t n) {
    auto* d = static_cast<unsigned char*>(dst);
    const void* code = __builtin_return_address(0);
    for (std::size_t k = 0; k < n;) {
        const unsigned w = ws::plain::copy_width(d + k, d + k, n - k);
        ws::sim::plain_access(d + k, w, true, code);
        for (unsigned j = 0; j < w; ++j) d[k + j] = static_cast<unsigned char>(value);
        k += w;
    }
    return dst;
}

// AddressSanitizer's other calls (its start-up, and one before a call that does not return):
// there is no runtime to start or to tell.
extern "C" __attribute__((visibility("hidden"))) void __asan_init() {}
extern "C" __attribute__((visibility("hidden"))) void __asan_version_mismatch_check_v8() {}
extern "C" __attribute__((visibility("hidden"))) void __asan_handle_no_return() {}
