// warpscope-kernel: reduce kernel=reduce4 in=g_idata out=g_odata n=n elements-per-thread=2 shared=per-thread-min64 block=power-of-two
// Plain-CUDA twin of the catalog's reduce-unroll-last-warp-legacy
// (kernels/algorithms/reduce/06_unroll_last_warp_legacy.cuh): Harris's "Optimizing Parallel
// Reduction in CUDA" (NVIDIA, 2007), reduction #5, reduce4 (unroll the last warp): the first add
// during the load, the tree while more than 32 threads work, then warpReduce through a volatile
// pointer with no synchronisation at all (the pre-Volta warp-synchronous idiom: racy since Volta;
// try --schedule sequential). SharedMemory<T> is the CUDA samples' struct for a templated extern
// __shared__ array.
// One line the slides do not have: a block of 32 threads writes zeros to sdata[32..63], which
// warpReduce reads (the catalog's rule, so that one warp alone needs no `if (blockSize >= 64)`).
// It makes exactly the catalog's shared and global accesses, in the same order, with the same
// __syncthreads: `warpscope run-kernel` gives the catalog variant's stats (tests/cli).

// Utility class used to avoid linker errors with extern
// unsized shared memory arrays with templated type
template <class T>
struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }

    __device__ inline operator const T *() const {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

// specialize for double to avoid unaligned memory
// access compile errors
template <>
struct SharedMemory<double> {
    __device__ inline operator double *() {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;
    }

    __device__ inline operator const double *() const {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;
    }
};

template <class T>
__device__ void warpReduce(volatile T *sdata, unsigned int tid) {
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
}

template <class T>
__global__ void reduce4(T *g_idata, T *g_odata, unsigned int n) {
    T *sdata = SharedMemory<T>();

    // perform first level of reduction,
    // reading from global memory, writing to shared memory
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    T mySum = (i < n) ? g_idata[i] : T(0);
    if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
    sdata[tid] = mySum;
    if (blockDim.x < 64) sdata[tid + 32] = T(0);  // one warp alone: zeros where warpReduce reads
    __syncthreads();

    // do reduction in shared mem
    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    if (tid < 32) warpReduce(sdata, tid);

    // write result for this block to global mem
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
