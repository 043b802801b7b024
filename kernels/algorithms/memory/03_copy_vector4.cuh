// What changed: each lane loads and stores 16 bytes at once (LDG.E.128, STG.E.128: four ints or
//   floats as int4 or float4 would, two doubles as double2). The last n mod 4 (mod 2 for double)
//   elements are copied one a lane after the loop.
// Why it is faster: a quarter of copy-scalar's load and store instructions for 4-byte types; a
//   warp's request covers 512 bytes (16 sectors), the widest a lane can ask for in one
//   instruction, so the fewest instructions keep the memory system busy.
// Needs: any block of 1..1024 threads; no shared memory; both arrays aligned to 16 bytes.
#pragma once
#include "kernels/algorithms/memory/memory_common.cuh"

namespace ws::memory {

template <class T, class Probe>
__global__ void copy_vector4(const T* g_in, T* g_out, unsigned n, unsigned, Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    constexpr unsigned kVector = Vector16<T>::kCount;  // elements in one 16-byte access
    const unsigned threads = blockDim.x * gridDim.x, first = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned vectors = n / kVector;
    for (unsigned long long v = first; v < vectors; v += threads)
        store16(out, v * kVector, load16(in, v * kVector));
    for (unsigned long long i = (unsigned long long)vectors * kVector + first; i < n;
         i += threads)  // the rest
        out[i] = T(in[i]);
}

struct CopyVector4 : MapVariant<CopyVector4> {
    static constexpr const char* id = "copy-vector4";
    template <class T, class Probe>
    static scan::MapKernel<T, Probe> kernel() {
        return &copy_vector4<T, Probe>;
    }
};

}  // namespace ws::memory
