// warpscope-kernel: reduce elements-per-thread=2 shared=per-thread-min64
// Puzzle 4, a reference solution (as reduce-unroll-last-warp): in the last warp each level reads
// into a register, syncs the warp, writes, and syncs again, so no lane reads a word another
// lane of the same level writes.
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
        v = s[t];
        for (unsigned k = 32; k > 0; k /= 2) {
            v += s[t + k];
            warp_sync(probe);
            s[t] = v;
            warp_sync(probe);
        }
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0];
}
