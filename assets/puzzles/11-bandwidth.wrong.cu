// warpscope-kernel: reduce elements-per-thread=16 shared=per-thread
// Puzzle 11, a wrong solution: 16 elements a thread, but each thread reads its own 16
// neighbours, so a warp's lanes are 64 bytes apart on every load: many more sectors a load.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned base = blockIdx.x * (16 * blockDim.x);

    T v = T(0);
    for (unsigned k = 0; k < 16; ++k) {
        const unsigned i = base + t * 16 + k;
        if (i < n) v += T(in[i]);
    }
    s[t] = v;
    block_sync(probe);
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0];
}
