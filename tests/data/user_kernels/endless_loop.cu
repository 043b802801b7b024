// warpscope-kernel: reduce
// A kernel whose thread 0 never leaves its loop: it runs until its CPU-time limit.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    volatile unsigned spin = 1;
    if (threadIdx.x == 0)
        while (spin) {
        }
    (void)g_in, (void)n, (void)probe;
    g_out[blockIdx.x] = T(0);
}
