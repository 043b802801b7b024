// warpscope-kernel: reduce elements-per-thread=2 shared=per-thread block=power-of-two
// A copy of reduce-first-add (kernels/algorithms/reduce/04_first_add.cuh).
// What changed: each block takes twice as many elements and every thread adds two of them while
//   loading, so no thread is idle during the first addition.
// Why it is faster: half as many blocks for the same data, and the first tree level is done in
//   registers on the way in instead of by half the threads in shared memory.
// Needs: a power-of-two block of 32..1024 threads; blockDim.x elements of shared memory.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * (blockDim.x * 2) + t;

    T v = i < n ? T(in[i]) : T(0);
    if (i + blockDim.x < n) v += T(in[i + blockDim.x]);
    s[t] = v;
    block_sync(probe);

    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }

    if (t == 0) out[blockIdx.x] = s[0];
}

