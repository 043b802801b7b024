// warpscope-kernel: scan kernel=Kogge_Stone_scan_kernel in=X out=Y n=N totals=S kind=inclusive elements-per-thread=1 shared=none block=power-of-two
// Plain-CUDA twin of the catalog's scan-kogge-stone (kernels/algorithms/scan/01_kogge_stone.cuh):
// the Kogge-Stone scan of Kirk and Hwu's "Programming Massively Parallel Processors" (the
// chapter on prefix sum: `Kogge_Stone_scan_kernel(float *X, float *Y, unsigned int N)`, a
// __shared__ array of SECTION_SIZE, one element a thread), in the double-buffered form the
// chapter's exercise asks for (read one buffer, write the other, swap: one __syncthreads a level),
// with the block sums S[blockIdx.x] of the chapter's hierarchical scan, for any element type T.
// SECTION_SIZE is the largest block (1024); the second buffer starts right after this block's
// section (XY + blockDim.x), as the book's does where a block is exactly one section.
// Two things the book writes otherwise: the load is one statement, `XY_in[t] = (i < N) ? X[i] : 0`
// (the book's if/else stores from two lines), and the result is read into a register before the
// bounds test (every thread reads it; only i < N write it), as the catalog does.
// It makes exactly the catalog's shared and global accesses, in the same order, with the same
// __syncthreads: `warpscope run-kernel` gives the catalog variant's stats (tests/cli). The
// additions are the lines marked `// +`.
#define SECTION_SIZE 1024

template <class T>
__global__ void Kogge_Stone_scan_kernel(T *X, T *Y, T *S, unsigned int N) {
    __shared__ T XY[2 * SECTION_SIZE];
    T *XY_in = XY;                // the buffer read at this level
    T *XY_out = XY + blockDim.x;  // the buffer written at this level
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    XY_in[threadIdx.x] = (i < N) ? X[i] : T(0);
    __syncthreads();

    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        if (threadIdx.x >= stride) {
            T temp = XY_in[threadIdx.x - stride];
            temp += XY_in[threadIdx.x];
            XY_out[threadIdx.x] = temp;  // +
        } else {
            XY_out[threadIdx.x] = XY_in[threadIdx.x];
        }
        __syncthreads();
        T *swap = XY_in;  // what was written is read at the next level
        XY_in = XY_out;
        XY_out = swap;
    }

    T y = XY_in[threadIdx.x];
    if (i < N) Y[i] = y;
    if (threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY_in[threadIdx.x];
}
