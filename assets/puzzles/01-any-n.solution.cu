// warpscope-kernel: reduce elements-per-thread=2 shared=per-thread
// Puzzle 1, a reference solution: each of a thread's two elements is guarded on its own and a
// missing one counts as zero, so any n (and any count of partials in the later passes) is summed.
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
