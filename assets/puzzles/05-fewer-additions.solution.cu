// warpscope-kernel: scan elements-per-thread=2 shared=two-per-thread
// Puzzle 5, a reference solution: Blelloch's work-efficient scan (as scan-blelloch). Up-sweep,
// cleared root, down-sweep: 2(m - 1) additions for a tile of m = 2 * blockDim.x elements.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, T* g_totals, unsigned n, ScanKind kind,
                       Probe probe) {
    const unsigned m = 2 * blockDim.x;
    auto s = shared_array<T>(probe, m);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned t = threadIdx.x, base = blockIdx.x * m;
    const unsigned a = t, b = t + blockDim.x;

    const T xa = base + a < n ? T(in[base + a]) : T(0);
    const T xb = base + b < n ? T(in[base + b]) : T(0);
    s[a] = xa;
    s[b] = xb;
    unsigned offset = 1;
    for (unsigned d = m / 2; d > 0; d /= 2) {  // up-sweep
        block_sync(probe);
        if (t < d) {
            const unsigned left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
            s[right] += s[left];  // +
        }
        offset *= 2;
    }
    if (t == 0) {
        global_array(g_totals, probe)[blockIdx.x] = s[m - 1];
        s[m - 1] = T(0);
    }
    for (unsigned d = 1; d < m; d *= 2) {  // down-sweep
        offset /= 2;
        block_sync(probe);
        if (t < d) {
            const unsigned left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
            const T v = s[left];
            s[left] = s[right];
            s[right] += v;  // +
        }
    }
    block_sync(probe);
    T ya = s[a], yb = s[b];
    if (kind == ScanKind::Inclusive) {
        ya += xa;
        yb += xb;
    }
    if (base + a < n) out[base + a] = ya;
    if (base + b < n) out[base + b] = yb;
}
