// warpscope-kernel: reduce kernel=reduce1 in=g_idata out=g_odata n=n elements-per-thread=1 shared=none block=power-of-two
// Plain-CUDA twin of the catalog's reduce-interleaved-strided
// (kernels/algorithms/reduce/02_interleaved_strided.cuh): Harris's "Optimizing Parallel
// Reduction in CUDA" (NVIDIA, 2007), reduction #2, reduce1 (interleaved addressing with a strided
// index and non-divergent branch), with the shared array declared statically as Kirk and Hwu's
// "Programming Massively Parallel Processors" declares its reduction's (a #define of the block
// size; here the largest block, 1024, so that any block fits: the array starts at offset 0 and
// the elements past the block are never touched).
// It makes exactly the catalog's shared and global accesses, in the same order, with the same
// __syncthreads: `warpscope run-kernel` gives the catalog variant's stats (tests/cli).
#define BLOCK_DIM 1024

template <class T>
__global__ void reduce1(T *g_idata, T *g_odata, unsigned int n) {
    __shared__ T sdata[BLOCK_DIM];

    // each thread loads one element from global to shared mem
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : T(0);
    __syncthreads();

    // do reduction in shared mem
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x) {
            sdata[index] += sdata[index + s];
        }
        __syncthreads();
    }

    // write result for this block to global mem
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
