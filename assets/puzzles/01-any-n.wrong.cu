// warpscope-kernel: reduce elements-per-thread=2 shared=per-thread
// Puzzle 1, a wrong solution: the guards are split, but the second one is off by one
// (`< n - 1`), so element n - 1 is dropped whenever it is a thread's second element (n = 1000,
// block 64: it is). Fails `correct`.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * (2 * blockDim.x) + t;

    T v = i < n ? T(in[i]) : T(0);
    if (i + blockDim.x < n - 1) v += T(in[i + blockDim.x]);
    s[t] = v;
    block_sync(probe);
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0];
}
