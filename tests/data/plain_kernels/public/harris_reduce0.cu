// warpscope-kernel: reduce kernel=reduce0 in=g_idata out=g_odata n=n shared=per-thread
// Mark Harris, "Optimizing Parallel Reduction in CUDA" (NVIDIA, 2007), kernel 1: interleaved
// addressing with divergent branching, as the slides write it (extern __shared__, int); the
// slides' kernel has no n: the bounds test on the load is the samples'. Only the first line
// is added.
__global__ void reduce0(int *g_idata, int *g_odata, unsigned int n) {
    extern __shared__ int sdata[];
    // each thread loads one element from global to shared mem
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();
    // do reduction in shared mem
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    // write result for this block to global mem
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
