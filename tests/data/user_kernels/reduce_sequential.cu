// warpscope-kernel: reduce elements-per-thread=1 shared=per-thread block=power-of-two
// A student's copy of reduce-sequential (kernels/algorithms/reduce/03_sequential.cuh): the same
// accesses in the same order, so its stats equal the built-in variant's (tests/cli).
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;

    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);

    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }

    if (t == 0) out[blockIdx.x] = s[0];
}
