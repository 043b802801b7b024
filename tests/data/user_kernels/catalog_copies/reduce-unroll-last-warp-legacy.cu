// warpscope-kernel: reduce elements-per-thread=2 shared=per-thread-min64 block=power-of-two
// A copy of reduce-unroll-last-warp-legacy (kernels/algorithms/reduce/06_unroll_last_warp_legacy.cuh).
// What changed: the last warp unrolled as in the 2007 lecture: through a volatile pointer, with
//   no synchronisation at all, relying on the 32 lanes running in lockstep.
// Why it is wrong today: since Volta, lanes of a warp may run apart; lane 0 can read s[16] before
//   lane 16 has added s[48] into it. The result then depends on the schedule: pick the
//   `sequential` schedule (the window's Schedule control, or --schedule) to step through the
//   race access by access, and see the hazard report flag it.
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
        auto vs = volatile_view(s);
        vs[t] += vs[t + 32];
        vs[t] += vs[t + 16];
        vs[t] += vs[t + 8];
        vs[t] += vs[t + 4];
        vs[t] += vs[t + 2];
        vs[t] += vs[t + 1];
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

