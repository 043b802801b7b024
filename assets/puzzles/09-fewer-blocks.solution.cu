// warpscope-kernel: reduce elements-per-thread=2 shared=per-thread
// Puzzle 9, a reference solution (as reduce-first-add): two elements a thread, each guarded,
// added while loading: a block covers 2 * blockDim.x elements, half the blocks.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * (2 * blockDim.x) + t;

    T v = i < n ? T(in[i]) : T(0);
    if (i + blockDim.x < n) v += T(in[i + blockDim.x]);
    s[t] = v;
    block_sync(probe);
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0];
}
