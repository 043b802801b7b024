// warpscope-kernel: scan shared=per-thread
// Puzzle 10, the starting kernel: Kogge-Stone in place with one barrier a level: a thread
// reads s[t - offset] while its owner adds into it.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
                       Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;

    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);
    for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
        if (t >= offset) s[t] += s[t - offset];  // +
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
