// warpscope-kernel: reduce kernel=reduce4_syncwarp in=g_idata out=g_odata n=n elements-per-thread=2 shared=none block=power-of-two
// Plain-CUDA twin of the catalog's reduce-unroll-last-warp
// (kernels/algorithms/reduce/05_unroll_last_warp.cuh): Harris's reduction #5 (reduce4, "unroll
// the last warp", NVIDIA 2007) with its last warp made safe for Volta's independent thread
// scheduling as Lin and Grover's "Using CUDA Warp-Level Primitives" (NVIDIA blog, 2018) writes it:
// each level reads into a register, __syncwarp, writes, __syncwarp. The shared array is static,
// sized by a #define of the largest block as Kirk and Hwu's "Programming Massively Parallel
// Processors" sizes its arrays (it starts at offset 0; the elements past the block are unused).
// Two lines the sources do not have: a block of 32 threads writes zeros to sdata[32..63], which the
// last warp reads (the catalog's rule), and the last level ends with the register sum written to
// global memory by thread 0, with no __syncwarp and no store back to shared memory after it.
// It makes exactly the catalog's shared and global accesses, in the same order, with the same
// __syncthreads and __syncwarp: `warpscope run-kernel` gives the catalog variant's stats
// (tests/cli).
#define BLOCK_SIZE 1024

template <class T>
__global__ void reduce4_syncwarp(T *g_idata, T *g_odata, unsigned int n) {
    __shared__ T sdata[BLOCK_SIZE];

    // perform first level of reduction,
    // reading from global memory, writing to shared memory
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    T mySum = (i < n) ? g_idata[i] : T(0);
    if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
    sdata[tid] = mySum;
    if (blockDim.x < 64) sdata[tid + 32] = T(0);  // one warp alone: zeros where the warp reads
    __syncthreads();

    // do reduction in shared mem
    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    // the last warp: read into a register, sync, write, sync
    if (tid < 32) {
        T v = sdata[tid];
        v += sdata[tid + 32]; __syncwarp();
        sdata[tid] = v;       __syncwarp();
        v += sdata[tid + 16]; __syncwarp();
        sdata[tid] = v;       __syncwarp();
        v += sdata[tid + 8];  __syncwarp();
        sdata[tid] = v;       __syncwarp();
        v += sdata[tid + 4];  __syncwarp();
        sdata[tid] = v;       __syncwarp();
        v += sdata[tid + 2];  __syncwarp();
        sdata[tid] = v;       __syncwarp();
        v += sdata[tid + 1];

        // write result for this block to global mem
        if (tid == 0) g_odata[blockIdx.x] = v;
    }
}
