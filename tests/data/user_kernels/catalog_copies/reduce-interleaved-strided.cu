// warpscope-kernel: reduce elements-per-thread=1 shared=per-thread block=power-of-two
// A copy of reduce-interleaved-strided (kernels/algorithms/reduce/02_interleaved_strided.cuh).
// What changed: thread t works on index 2 * stride * t, so the busy threads are the first ones
//   and whole warps stay busy (or idle) together: no divergence until fewer than 32 are busy.
// Why it is faster (and still slow): no idle lanes inside busy warps, but the strided index makes
//   lanes of a warp hit the same bank: 2-way conflicts at stride 1, 4-way at 2, 8, 16, ...
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

    for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
        const unsigned index = 2 * stride * t;
        if (index < blockDim.x) s[index] += s[index + stride];
        block_sync(probe);
    }

    if (t == 0) out[blockIdx.x] = s[0];
}

