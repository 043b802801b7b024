// warpscope-kernel: reduce shared=per-thread
// Puzzle 6, the starting kernel: a block of one warp sums its elements in shared memory, a
// barrier between the levels of the tree (as reduce-sequential).
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;

    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0];
}
