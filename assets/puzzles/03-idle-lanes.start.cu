// warpscope-kernel: reduce shared=per-thread
// Puzzle 3, the starting kernel: interleaved addressing with a divergent test (as
// reduce-interleaved-divergent): at each level the working lanes are spread over every warp.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;

    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);
    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        if (t % (2 * stride) == 0) s[t] += s[t + stride];
        block_sync(probe);
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0];
}
