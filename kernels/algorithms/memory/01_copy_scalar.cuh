// What changed: the start of the memory ladder: a grid-stride copy, one element a lane per
//   load and per store (4 bytes for int and float, 8 for double). Thread i copies elements i,
//   i + T, i + 2T, ... for T threads in the grid, so a warp's 32 lanes touch 32 neighbouring
//   elements: 4 sectors of 32 bytes a request for 4-byte types, the fewest that can hold them.
// Why it is faster: it is the yardstick. Every byte it moves is one the copy needs; what it
//   costs beyond that is instructions: one load, one store and the loop's arithmetic per element.
// Needs: any block of 1..1024 threads; no shared memory.
#pragma once
#include "kernels/algorithms/memory/memory_common.cuh"

namespace ws::memory {

template <class T, class Probe>
__global__ void copy_scalar(const T* g_in, T* g_out, unsigned n, unsigned, Probe probe) {
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned threads = blockDim.x * gridDim.x;
    for (unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += threads)
        out[i] = T(in[i]);
}

struct CopyScalar : MapVariant<CopyScalar> {
    static constexpr const char* id = "copy-scalar";
    template <class T, class Probe>
    static scan::MapKernel<T, Probe> kernel() {
        return &copy_scalar<T, Probe>;
    }
};

}  // namespace ws::memory
