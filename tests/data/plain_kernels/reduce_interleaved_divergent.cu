// warpscope-kernel: reduce kernel=reduce0 in=g_idata out=g_odata n=n elements-per-thread=1 shared=per-thread block=power-of-two
// Plain-CUDA twin of the catalog's reduce-interleaved-divergent
// (kernels/algorithms/reduce/01_interleaved_divergent.cuh), written as Mark Harris's
// "Optimizing Parallel Reduction in CUDA" (NVIDIA, 2007) writes reduction #1, reduce0
// (interleaved addressing, divergent branching), with the bounds check of the CUDA samples'
// reduction_kernel.cu. Templated on the element type, so the extern array is declared as raw
// bytes and viewed as T (an extern __shared__ array cannot take a template's type: each
// instantiation would redeclare it with another).
// It makes exactly the catalog's shared and global accesses, in the same order, with the same
// __syncthreads: `warpscope run-kernel` gives the catalog variant's stats (tests/cli).
template <class T>
__global__ void reduce0(T *g_idata, T *g_odata, unsigned int n) {
    extern __shared__ __align__(16) unsigned char smem[];
    T *sdata = reinterpret_cast<T *>(smem);

    // each thread loads one element from global to shared mem
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : T(0);
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
