// warpscope-kernel: reduce
// A reduction with a mistake: the tree's loop stops one level early (stride > 1 where it should
// be stride > 0), so each block's partial is the sum of only half its elements.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);
    for (unsigned stride = blockDim.x / 2; stride > 1; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }
    if (t == 0) g_out[blockIdx.x] = s[0];
}
