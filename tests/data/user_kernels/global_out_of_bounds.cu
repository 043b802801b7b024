// warpscope-kernel: reduce
// A kernel that writes far past its output array (a wrong index): it crashes, and run-kernel
// says so in one line.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    (void)g_in, (void)n, (void)probe;
    g_out[blockIdx.x + (1ull << 40)] = T(1);
}
