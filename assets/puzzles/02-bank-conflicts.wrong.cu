// warpscope-kernel: reduce shared=two-per-thread
// Puzzle 2, a wrong solution: sequential addressing, but each element "spread out" to every
// other word (s[2 * t]) in the hope that lanes collide less. Lanes t and t + 16 now share a
// bank: a 2-way conflict on every access. Right, but fails `bank_conflicts == 0`.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, 2 * blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;

    s[2 * t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[2 * t] += s[2 * (t + stride)];
        block_sync(probe);
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0];
}
