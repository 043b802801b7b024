// warpscope-kernel: reduce kernel=reduce3 in=g_idata out=g_odata n=n elements-per-thread=2 shared=per-thread block=power-of-two
// Plain-CUDA twin of the catalog's reduce-first-add (kernels/algorithms/reduce/04_first_add.cuh):
// Harris's "Optimizing Parallel Reduction in CUDA" (NVIDIA, 2007), reduction #4, reduce3 (first
// add during global load), its loads as the CUDA samples' reduce3 writes them (a register sum,
// bounds-checked) and its tree as the slides write it (sdata[tid] += sdata[tid + s]; the samples'
// `sdata[tid] = mySum = mySum + sdata[tid + s]` reads shared memory once a level, not twice).
// SharedMemory<T> is the samples' struct for a templated extern __shared__ array.
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
__global__ void reduce3(T *g_idata, T *g_odata, unsigned int n) {
    T *sdata = SharedMemory<T>();

    // perform first level of reduction,
    // reading from global memory, writing to shared memory
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    T mySum = (i < n) ? g_idata[i] : T(0);
    if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
    sdata[tid] = mySum;
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
