// What changed: work-efficient (Blelloch). An up-sweep adds pairs up a balanced tree until the
//   last element holds the tile's total; that element is cleared, and a down-sweep walks back
//   down, each node passing its value to its left child and the left child's old value plus its
//   own to its right child. The result is the exclusive scan; two elements per thread.
// Why it is faster: 2 * (m - 1) additions instead of Kogge-Stone's m * log2(m) - (m - 1), and one
//   tile of shared memory. It pays with depth (2 * log2(m) steps) and with bank conflicts: the
//   tree's indices are 2, 4, 8, ... words apart, so lanes of a warp pile into the same banks.
// Needs: a power-of-two block of 32..1024 threads; a tile of 2 * blockDim.x elements;
//   2 * blockDim.x elements of shared memory.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void scan_blelloch(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
                              Probe probe) {
    const unsigned m = 2 * blockDim.x;
    auto s = shared_array<T>(probe, m);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x;
    const unsigned base = blockIdx.x * m;
    const unsigned a = t, b = t + blockDim.x;  // this thread's two elements (coalesced loads)

    const T xa = base + a < n ? T(in[base + a]) : T(0);
    const T xb = base + b < n ? T(in[base + b]) : T(0);
    s[a] = xa;
    s[b] = xb;

    unsigned offset = 1;
    for (unsigned d = m / 2; d > 0; d /= 2) {  // up-sweep
        block_sync(probe);
        if (t < d) {
            const unsigned left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
            s[right] += s[left];  // +
        }
        offset *= 2;
    }
    if (t == 0) {
        totals[blockIdx.x] = s[m - 1];
        s[m - 1] = T(0);
    }
    for (unsigned d = 1; d < m; d *= 2) {  // down-sweep
        offset /= 2;
        block_sync(probe);
        if (t < d) {
            const unsigned left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
            const T v = s[left];
            s[left] = s[right];
            s[right] += v;  // +
        }
    }
    block_sync(probe);

    T ya = s[a], yb = s[b];
    if (kind == ScanKind::Inclusive) {  // exclusive + own element: exact
        ya += xa;
        yb += xb;
    }
    if (base + a < n) out[base + a] = ya;
    if (base + b < n) out[base + b] = yb;
}

struct Blelloch {
    static constexpr const char* id = "scan-blelloch";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.tile = &scan_blelloch<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
