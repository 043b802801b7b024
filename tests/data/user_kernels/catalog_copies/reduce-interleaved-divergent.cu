// warpscope-kernel: reduce elements-per-thread=1 shared=per-thread block=power-of-two
// A copy of reduce-interleaved-divergent (kernels/algorithms/reduce/01_interleaved_divergent.cuh).
// What changed: the starting point. Each block copies its elements to shared memory and adds
//   pairs in a tree: at stride 1, 2, 4, ... thread t adds s[t + stride] into s[t].
// Why it is slow: `t % (2 * stride) == 0` picks every other thread, so from the first step every
//   warp has idle lanes (divergence) while still costing a full instruction issue; % is slow too.
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
        if (t % (2 * stride) == 0) s[t] += s[t + stride];
        block_sync(probe);
    }

    if (t == 0) out[blockIdx.x] = s[0];
}

