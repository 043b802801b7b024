// What changed: Blelloch's scan with one padding word after every 32: element i lives at
//   i + i / 32 in shared memory (GPU Gems 3, chapter 39).
// Why it is faster: the tree's strided indices (2, 4, 8, ... words apart) no longer fall into the
//   same bank: each 32 words the padding shifts the next ones by one bank, so the lanes of a warp
//   spread over the banks. For 4-byte types every level whose lanes are at most 32 words apart is
//   conflict-free; the wider levels, where fewer than 32 lanes work, keep 2-way conflicts. The
//   same additions and a little more shared memory: on a tile of 2048 ints, 40 bank conflicts
//   instead of 2520.
// Needs: a power-of-two block of 32..1024 threads; a tile of 2 * blockDim.x elements;
//   2 * blockDim.x + 2 * blockDim.x / 32 elements of shared memory.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

// Where element i lives: one padding word after every 32.
WS_DEV unsigned conflict_free(unsigned i) {
    return i + (i >> 5);
}

template <class T, class Probe>
__global__ void scan_blelloch_padded(const T* g_in, T* g_out, T* g_totals, unsigned n,
                                     ScanKind kind, Probe probe) {
    const unsigned m = 2 * blockDim.x;
    auto s = shared_array<T>(probe, m + m / 32);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x;
    const unsigned base = blockIdx.x * m;
    const unsigned a = t, b = t + blockDim.x;  // this thread's two elements (coalesced loads)

    const T xa = base + a < n ? T(in[base + a]) : T(0);
    const T xb = base + b < n ? T(in[base + b]) : T(0);
    s[conflict_free(a)] = xa;
    s[conflict_free(b)] = xb;

    unsigned offset = 1;
    for (unsigned d = m / 2; d > 0; d /= 2) {  // up-sweep
        block_sync(probe);
        if (t < d) {
            const unsigned left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
            s[conflict_free(right)] += s[conflict_free(left)];  // +
        }
        offset *= 2;
    }
    if (t == 0) {
        totals[blockIdx.x] = s[conflict_free(m - 1)];
        s[conflict_free(m - 1)] = T(0);
    }
    for (unsigned d = 1; d < m; d *= 2) {  // down-sweep
        offset /= 2;
        block_sync(probe);
        if (t < d) {
            const unsigned left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
            const T v = s[conflict_free(left)];
            s[conflict_free(left)] = s[conflict_free(right)];
            s[conflict_free(right)] += v;  // +
        }
    }
    block_sync(probe);

    T ya = s[conflict_free(a)], yb = s[conflict_free(b)];
    if (kind == ScanKind::Inclusive) {  // exclusive + own element: exact
        ya += xa;
        yb += xb;
    }
    if (base + a < n) out[base + a] = ya;
    if (base + b < n) out[base + b] = yb;
}

struct BlellochPadded {
    static constexpr const char* id = "scan-blelloch-padded";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.tile = &scan_blelloch_padded<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
