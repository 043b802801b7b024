// warpscope-kernel: reduce elements-per-thread=2 shared=per-thread-min64
// Puzzle 4, a wrong solution: a warp sync after each `s[t] += s[t + k]`, but none between the
// read of s[t + k] and the write of s[t] in the same statement: lane t + k may still write what
// lane t reads. Right under lockstep, but fails the hazard check.
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
        for (unsigned k = 32; k > 0; k /= 2) {
            s[t] += s[t + k];
            warp_sync(probe);
        }
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0];
}
