// warpscope-kernel: reduce elements-per-thread=2 shared=per-thread
// Puzzle 1, the starting kernel: each thread adds two elements while loading, then a tree in
// shared memory with sequential addressing. The load keeps a thread's elements only when both
// are in the array, so a partial tile loses elements: right only for whole tiles.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * (2 * blockDim.x) + t;

    s[t] = i + blockDim.x < n ? T(in[i]) + T(in[i + blockDim.x]) : T(0);
    block_sync(probe);
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0];
}
