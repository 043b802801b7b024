// warpscope-kernel: scan shared=two-per-thread
// Puzzle 8, a reference solution (as scan-kogge-stone): exclusive reads the inclusive result
// one place to the left (0 for the first); the tile's total is always the inclusive last.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
                       Probe probe) {
    auto s = shared_array<T>(probe, 2 * blockDim.x);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    auto totals = global_array(g_totals, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;
    unsigned from = 0, to = blockDim.x;  // read one half, write the other, then swap

    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);

    for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
        if (t >= offset) {
            T v = s[from + t - offset];
            v += s[from + t];
            s[to + t] = v;  // +
        } else {
            s[to + t] = s[from + t];
        }
        block_sync(probe);
        const unsigned swap = from;
        from = to;
        to = swap;
    }

    T y = T(0);  // exclusive: the inclusive result one place to the left
    if (kind == ScanKind::Inclusive)
        y = s[from + t];
    else if (t > 0)
        y = s[from + t - 1];
    if (i < n) out[i] = y;
    if (t == blockDim.x - 1) totals[blockIdx.x] = s[from + t];
}
