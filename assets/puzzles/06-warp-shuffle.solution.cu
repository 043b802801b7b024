// warpscope-kernel: reduce shared=none blocks=32
// Puzzle 6, a reference solution: the warp's lanes add their registers with shfl_down_sync,
// offsets 16, 8, 4, 2, 1; lane 0 ends with the sum. No shared memory, no barrier.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;

    T v = i < n ? T(in[i]) : T(0);
    for (unsigned offset = 16; offset > 0; offset /= 2)
        v += shfl_down_sync(probe, kFullMask, v, offset);
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = v;
}
