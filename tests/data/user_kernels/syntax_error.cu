// warpscope-kernel: reduce
// A kernel with a syntax error on line 7 (a missing semicolon): run-kernel says where.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    const unsigned t = threadIdx.x;
    s[t] = T(0) block_sync(probe);
    if (t == 0) g_out[blockIdx.x] = s[0];
}
