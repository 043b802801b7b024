// warpscope-kernel: reduce elements-per-thread=1 shared=per-thread block=power-of-two
// A copy of reduce-sequential (kernels/algorithms/reduce/03_sequential.cuh).
// What changed: sequential addressing. The stride starts at half the block and halves; thread t
//   adds s[t + stride] into s[t], so the busy threads read and write consecutive words.
// Why it is faster: consecutive words lie in different banks, so no bank conflicts at all. But
//   half the threads are idle from the first step, and are idle for the whole load.
// Needs: a power-of-two block of 32..1024 threads; blockDim.x elements of shared memory.
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

