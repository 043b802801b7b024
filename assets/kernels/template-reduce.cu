// warpscope-kernel: reduce elements-per-thread=1 shared=per-thread block=power-of-two
// Your reduction. Block b sums its blockDim.x elements of g_in (n in all) and writes its partial
// sum to g_out[b]; warpscope runs it again on the partials until one value is left, and checks
// the sum. The vocabulary (kernels/probe/vocabulary.cuh) is in scope: shared_array, global_array,
// block_sync, warp_sync, shfl_down_sync, atomic_add ... Run it (Ctrl+Enter) and step through it.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;

    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);

    // TODO: add the block's values together, leaving the sum in s[0].

    if (t == 0) out[blockIdx.x] = s[0];
}
