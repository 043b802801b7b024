// What changed: the starting point (Hillis and Steele). At each level every element adds the
//   element `offset` places to its left, for offset = 1, 2, 4, ...; after log2(m) levels element
//   t holds x[0] + ... + x[t]. Each level reads one half of shared memory and writes the other.
// Why it is faster: than one thread adding in a loop, because every element moves at every level:
//   the scan is only log2(m) steps deep. But it is not work-efficient: m*log2(m) - (m - 1)
//   additions where m - 1 would do, and it needs twice the shared memory.
// Needs: a power-of-two block of 32..1024 threads; a tile of blockDim.x elements;
//   2 * blockDim.x elements of shared memory.
#pragma once
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::scan {

template <class T, class Probe>
__global__ void scan_kogge_stone(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
                                 Probe probe) {
    auto s = shared_array<T>(probe, 2 * blockDim.x);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;
    unsigned from = 0, to = blockDim.x;  // read one half, write the other, then swap

    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);

    for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
        if (t >= offset) {
            T v = s[from + t - offset];
            v += s[from + t];
            s[to + t] = v;  // +
        } else {
            s[to + t] = s[from + t];
        }
        block_sync(probe);
        const unsigned swap = from;
        from = to;
        to = swap;
    }

    T y = T(0);  // exclusive: the inclusive result one place to the left
    if (kind == ScanKind::Inclusive)
        y = s[from + t];
    else if (t > 0)
        y = s[from + t - 1];
    if (i < n) out[i] = y;
    if (t == blockDim.x - 1) totals[blockIdx.x] = s[from + t];
}

struct KoggeStone {
    static constexpr const char* id = "scan-kogge-stone";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.tile = &scan_kogge_stone<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan
