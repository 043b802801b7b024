// warpscope-kernel: reduce kernel=reduce5 in=g_idata out=g_odata n=n block-size=blockSize elements-per-thread=2 shared=per-thread-min64 block=power-of-two
// Plain-CUDA twin of the catalog's reduce-complete-unroll
// (kernels/algorithms/reduce/07_complete_unroll.cuh): Harris's "Optimizing Parallel Reduction in
// CUDA" (NVIDIA, 2007), reduction #6, reduce5 (completely unrolled, the block size a template
// parameter), with the CUDA samples' SharedMemory<T> struct, template order <class T, unsigned
// int blockSize> and bounds-checked loads (cuda-samples, reduction_kernel.cu). The slides stop at
// 512 threads; the 1024 level is the catalog's. Its warpReduce is the Volta-safe one of Lin and
// Grover's "Using CUDA Warp-Level Primitives" (NVIDIA blog, 2018): register, __syncwarp, write,
// __syncwarp, as the catalog variant has it, not the slides' volatile one.
// One line the sources do not have: a block of 32 threads writes zeros to sdata[32..63], which
// warpReduce reads (the catalog's rule, where the slides test `blockSize >= 64`).
// It makes exactly the catalog's shared and global accesses, in the same order, with the same
// __syncthreads and __syncwarp: `warpscope run-kernel` gives the catalog variant's stats
// (tests/cli).

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

// The last 32 threads, one warp: each level read into a register, __syncwarp, written,
// __syncwarp; the last level's sum stays in the register.
template <class T>
__device__ T warpReduce(T *sdata, unsigned int tid) {
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
    return v;
}

template <class T, unsigned int blockSize>
__global__ void reduce5(T *g_idata, T *g_odata, unsigned int n) {
    T *sdata = SharedMemory<T>();

    // perform first level of reduction,
    // reading from global memory, writing to shared memory
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;

    T mySum = (i < n) ? g_idata[i] : T(0);
    if (i + blockSize < n) mySum += g_idata[i + blockSize];
    sdata[tid] = mySum;
    if (blockSize < 64) sdata[tid + 32] = T(0);  // one warp alone: zeros where warpReduce reads
    __syncthreads();

    // do reduction in shared mem
    if (blockSize >= 1024) {
        if (tid < 512) {
            sdata[tid] += sdata[tid + 512];
        }
        __syncthreads();
    }
    if (blockSize >= 512) {
        if (tid < 256) {
            sdata[tid] += sdata[tid + 256];
        }
        __syncthreads();
    }
    if (blockSize >= 256) {
        if (tid < 128) {
            sdata[tid] += sdata[tid + 128];
        }
        __syncthreads();
    }
    if (blockSize >= 128) {
        if (tid < 64) {
            sdata[tid] += sdata[tid + 64];
        }
        __syncthreads();
    }

    if (tid < 32) {
        T sum = warpReduce(sdata, tid);

        // write result for this block to global mem
        if (tid == 0) g_odata[blockIdx.x] = sum;
    }
}
