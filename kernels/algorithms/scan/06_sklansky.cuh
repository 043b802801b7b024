// What changed: Sklansky's minimum-depth scan. At each level the tile is cut into groups of
//   2 * half elements, and every element of a group's upper half adds the last element of its
//   lower half: after log2(m) levels every element holds its inclusive prefix.
// Why it is faster: as shallow as Kogge-Stone (log2(m) steps) with fewer additions,
//   (m / 2) * log2(m), and in place without races: every thread adds at every level, and the
//   element many lanes read is one word, a broadcast. While a half is shorter than a warp, the
//   lanes' elements span twice as many words as there are banks: 2-way conflicts there.
// Needs: a power-of-two block of 32..1024 threads; a tile of 2 * blockDim.x elements;
//   2 * blockDim.x elements of shared memory.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void scan_sklansky(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
                              Probe probe) {
    const unsigned m = 2 * blockDim.x;
    auto s = shared_array<T>(probe, m);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x;
    const unsigned base = blockIdx.x * m;
    const unsigned a = t, b = t + blockDim.x;  // this thread's two elements (coalesced loads)

    s[a] = base + a < n ? T(in[base + a]) : T(0);
    s[b] = base + b < n ? T(in[base + b]) : T(0);

    for (unsigned half = 1; half < m; half *= 2) {
        block_sync(probe);
        const unsigned group = t / half, k = t % half;  // thread t: element k of an upper half
        const unsigned lower_end = group * 2 * half + half - 1;
        s[lower_end + 1 + k] += s[lower_end];  // +
    }
    block_sync(probe);

    T ya = T(0), yb = T(0);  // exclusive: the inclusive result one place to the left
    if (kind == ScanKind::Inclusive) {
        ya = s[a];
        yb = s[b];
    } else {
        if (a > 0) ya = s[a - 1];
        yb = s[b - 1];
    }
    if (base + a < n) out[base + a] = ya;
    if (base + b < n) out[base + b] = yb;
    if (t == 0) totals[blockIdx.x] = s[m - 1];
}

struct Sklansky {
    static constexpr const char* id = "scan-sklansky";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.tile = &scan_sklansky<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
