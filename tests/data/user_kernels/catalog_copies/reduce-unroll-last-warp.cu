// warpscope-kernel: reduce elements-per-thread=2 shared=per-thread-min64 block=power-of-two
// A copy of reduce-unroll-last-warp (kernels/algorithms/reduce/05_unroll_last_warp.cuh).
// What changed: once only 32 threads are left busy, they are one warp: the last six levels run
//   without __syncthreads, each level read, __syncwarp, write, __syncwarp.
// Why it is faster: block-wide barriers and the `t < stride` test cost as much as the additions
//   once the work fits in a warp; a warp sync is far cheaper. Reading into a register before the
//   __syncwarp and writing after it keeps the warp race-free under Volta's independent scheduling.
// Needs: a power-of-two block of 32..1024 threads; max(blockDim.x, 64) elements of shared memory.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x < 64 ? 64 : blockDim.x);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * (blockDim.x * 2) + t;

    T v = i < n ? T(in[i]) : T(0);
    if (i + blockDim.x < n) v += T(in[i + blockDim.x]);
    s[t] = v;
    if (blockDim.x < 64) s[t + 32] = T(0);  // one warp alone: zeros where s[t + 32] is read
    block_sync(probe);

    for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }

    if (t < 32) {
        v = s[t];
        v += s[t + 32];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
        v += s[t + 16];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
        v += s[t + 8];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
        v += s[t + 4];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
        v += s[t + 2];
        warp_sync(probe);
        s[t] = v;
        warp_sync(probe);
        v += s[t + 1];
        if (t == 0) out[blockIdx.x] = v;
    }
}

