// warpscope-kernel: reduce kernel=sum_kernel in=input out=sum n=n elements-per-thread=1 block=any
// NVIDIA's "Cooperative Groups: Flexible CUDA Thread Programming" (developer blog, 2017): a tile
// reduction with thread_block_tile<32>::shfl_down, then one atomicAdd a tile into the block's
// output, as the post writes it (here the grid-stride loop covers one element a thread and the
// block's output is sum[blockIdx.x], so that warpscope's plan adds the blocks' partials).
#include <cooperative_groups.h>
using namespace cooperative_groups;

template <int tile_sz>
__device__ int reduce_sum_tile_shfl(thread_block_tile<tile_sz> g, int val) {
    // Each iteration halves the number of active threads
    for (int i = g.size() / 2; i > 0; i /= 2) {
        val += g.shfl_down(val, i);
    }
    return val;  // note: only thread 0 will return full sum
}

__global__ void sum_kernel(int *sum, int *input, int n) {
    int my_sum = 0;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) my_sum = input[i];
    auto g = tiled_partition<32>(this_thread_block());
    if (threadIdx.x == 0) sum[blockIdx.x] = 0;
    this_thread_block().sync();
    int tile_sum = reduce_sum_tile_shfl<32>(g, my_sum);
    if (g.thread_rank() == 0) atomicAdd(&sum[blockIdx.x], tile_sum);
}
