// warpscope-kernel: reduce
// A kernel that asks for 10 GB: more than its memory limit.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    (void)g_in, (void)n, (void)probe;
    char* big = new char[10ull << 30];
    big[threadIdx.x] = 1;
    g_out[blockIdx.x] = T(big[0]);
}
