// warpscope-kernel: reduce shared=per-thread
// Puzzle 6, a wrong solution: the barriers replaced by warp syncs (a warp-synchronous tree),
// but the values still go through shared memory. Right, but fails `smem_instructions == 0`.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;

    T v = i < n ? T(in[i]) : T(0);
    s[t] = v;
    warp_sync(probe);
    for (unsigned offset = 16; offset > 0; offset /= 2) {
        if (t < offset) v += s[t + offset];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = v;
}
