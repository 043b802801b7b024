// What changed: the same copy, but neighbouring lanes take elements `stride` apart (the stride
//   is a control, 1..64). The n elements are read as `stride` columns: thread g copies row
//   g mod rows of column g / rows, so every element is still copied once, but a warp's 32
//   accesses spread over 32 * stride elements. At stride 1 it is copy-scalar.
// Why it is slow: memory moves in 32-byte sectors. A warp of 4-byte accesses at
//   stride s touches 4 * s sectors (32 from s = 8): 8 times the bytes it uses. The other
//   elements of those sectors are copied much later, by other warps, long after the sectors
//   left the caches once the array is larger than L2, so they are read from DRAM again.
// Needs: any block of 1..1024 threads; no shared memory.
#pragma once
#include "kernels/algorithms/memory/memory_common.cuh"

namespace ws::memory {

template <class T, class Probe>
__global__ void copy_strided(const T* g_in, T* g_out, unsigned n, unsigned stride, Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned rows = strided_rows(n, stride), threads = blockDim.x * gridDim.x;
    const unsigned row_step = threads % rows, column_step = threads / rows;
    const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned row = g % rows, column = g / rows;  // then stepped without dividing again
    while (column < stride) {
        const unsigned long long e = (unsigned long long)row * stride + column;
        if (e < n) out[e] = T(in[e]);  // lanes stride elements apart
        row += row_step;
        column += column_step;
        if (row >= rows) {
            row -= rows;
            ++column;
        }
    }
}

struct CopyStrided : MapVariant<CopyStrided> {
    static constexpr const char* id = "copy-strided";
    template <class T, class Probe>
    static scan::MapKernel<T, Probe> kernel() {
        return &copy_strided<T, Probe>;
    }
};

}  // namespace ws::memory
