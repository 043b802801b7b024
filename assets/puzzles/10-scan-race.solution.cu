// warpscope-kernel: scan shared=per-thread
// Puzzle 10, a reference solution: each level reads into a register, waits at a barrier,
// writes, and waits again: no word is read and written by two threads between barriers.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
                       Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;

    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);
    for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
        const T left = t >= offset ? T(s[t - offset]) : T(0);
        block_sync(probe);
        if (t >= offset) s[t] += left;  // +
        block_sync(probe);
    }
    T y = T(0);
    if (kind == ScanKind::Inclusive)
        y = s[t];
    else if (t > 0)
        y = s[t - 1];
    if (i < n) global_array(g_out, probe)[i] = y;
    if (t == blockDim.x - 1) global_array(g_totals, probe)[blockIdx.x] = s[t];
}
