// warpscope-kernel: reduce elements-per-thread=2 shared=per-thread-min64
// Puzzle 4, the starting kernel: the last warp unrolled as in the 2007 lecture (as
// reduce-unroll-last-warp-legacy), through a volatile view and with no synchronisation.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x < 64 ? 64 : blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * (blockDim.x * 2) + t;

    T v = i < n ? T(in[i]) : T(0);
    if (i + blockDim.x < n) v += T(in[i + blockDim.x]);
    s[t] = v;
    if (blockDim.x < 64) s[t + 32] = T(0);
    block_sync(probe);
    for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }
    if (t < 32) {
        auto vs = volatile_view(s);
        for (unsigned k = 32; k > 0; k /= 2) vs[t] += vs[t + k];
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0];
}
