// warpscope-kernel: reduce kernel=reduce2 in=g_idata out=g_odata n=n elements-per-thread=1 shared=per-thread block=power-of-two
// Plain-CUDA twin of the catalog's reduce-sequential (kernels/algorithms/reduce/03_sequential.cuh):
// Harris's "Optimizing Parallel Reduction in CUDA" (NVIDIA, 2007), reduction #3, reduce2
// (sequential addressing), with the CUDA samples' SharedMemory<T> struct for the templated extern
// __shared__ array and their bounds check (cuda-samples, reduction_kernel.cu).
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
__global__ void reduce2(T *g_idata, T *g_odata, unsigned int n) {
    T *sdata = SharedMemory<T>();

    // load shared mem
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : T(0);
    __syncthreads();

    // do reduction in shared mem
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    // write result for this block to global mem
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
