// warpscope-kernel: reduce
// A kernel that writes one element past its shared array (line 8): the emulator stops it there.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    const unsigned t = threadIdx.x;
    (void)g_in, (void)n;
    s[t + 1] = T(1);
    block_sync(probe);
    if (t == 0) g_out[blockIdx.x] = s[0];
}
