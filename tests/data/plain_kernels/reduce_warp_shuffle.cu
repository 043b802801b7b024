// warpscope-kernel: reduce kernel=reduce_warp_shuffle in=g_idata out=g_odata n=n elements-per-thread=2 shared=none block=power-of-two
// Plain-CUDA twin of the catalog's reduce-warp-shuffle
// (kernels/algorithms/reduce/09_warp_shuffle.cuh): Justin Luitjens's "Faster Parallel Reductions
// on Kepler" (NVIDIA blog, 2014): warpReduceSum with shuffles, one partial per warp in a static
// __shared__ array of 32, then the first warp reduces the partials; written with cooperative
// groups as the CUDA samples' reduce6 writes its warp (cg::thread_block, cg::tiled_partition<32>,
// tile.shfl_down), and loading as Harris's reduce6 loads: a grid-stride loop, two elements a step.
// The barrier is written __syncthreads() (block.sync() is the same barrier).
// The catalog caps this variant's grid at 1024 blocks (each thread then loops): this kernel loops
// the same way, but a plain kernel's header has no cap, so the two launch the same grid only while
// n <= 2 * 1024 * blockDim.x.
// It makes exactly the catalog's shared and global accesses and shuffles, in the same order, with
// the same __syncthreads: `warpscope run-kernel` gives the catalog variant's stats (tests/cli).
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

template <class T>
__device__ T warpReduceSum(cg::thread_block_tile<32> tile, T val) {
    for (int offset = tile.size() / 2; offset > 0; offset /= 2)
        val += tile.shfl_down(val, offset);
    return val;
}

template <class T>
__global__ void reduce_warp_shuffle(T *g_idata, T *g_odata, unsigned int n) {
    __shared__ T warpSums[32];  // one partial per warp: at most 32 warps in a block

    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    unsigned int tid = threadIdx.x;
    unsigned int lane = tile.thread_rank();
    unsigned int warp = tile.meta_group_rank();
    unsigned int gridSize = blockDim.x * 2 * gridDim.x;

    // we reduce multiple elements per thread: the grid strides over the array
    T sum = T(0);
    for (unsigned int i = blockIdx.x * (blockDim.x * 2) + tid; i < n; i += gridSize) {
        sum += g_idata[i];
        if (i + blockDim.x < n) sum += g_idata[i + blockDim.x];
    }

    sum = warpReduceSum(tile, sum);       // each warp performs partial reduction
    if (lane == 0) warpSums[warp] = sum;  // write reduced value to shared memory
    __syncthreads();                      // wait for all partial reductions

    if (warp == 0) {
        // read from shared memory only if that warp existed
        sum = (lane < blockDim.x / 32) ? warpSums[lane] : T(0);
        sum = warpReduceSum(tile, sum);  // final reduce within first warp
        if (lane == 0) g_odata[blockIdx.x] = sum;
    }
}
