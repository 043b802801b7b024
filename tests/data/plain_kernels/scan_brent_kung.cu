// warpscope-kernel: scan kernel=Brent_Kung_scan_kernel in=X out=Y n=N totals=S kind=inclusive elements-per-thread=2 shared=none block=power-of-two
// Plain-CUDA twin of the catalog's scan-brent-kung (kernels/algorithms/scan/05_brent_kung.cuh):
// the Brent-Kung scan of Kirk and Hwu's "Programming Massively Parallel Processors" (the chapter
// on prefix sum: `Brent_Kung_scan_kernel(float *X, float *Y, unsigned int N)`, a __shared__ array
// of SECTION_SIZE = 2 * blockDim.x, the reduction tree, then the reverse tree), with the block
// sums S[blockIdx.x] of the chapter's hierarchical scan, for any element type T. The static array
// holds the largest block's section (SECTION_SIZE 2048); this block's section is 2 * blockDim.x.
// Things the book writes otherwise: elements past N load as 0 (the book leaves them unwritten),
// and the results are read into registers before the bounds tests (every thread reads its two;
// only those below N write them), as the catalog does.
// It makes exactly the catalog's shared and global accesses, in the same order, with the same
// __syncthreads: `warpscope run-kernel` gives the catalog variant's stats (tests/cli). The
// additions are the lines marked `// +`.
#define SECTION_SIZE 2048

template <class T>
__global__ void Brent_Kung_scan_kernel(T *X, T *Y, T *S, unsigned int N) {
    __shared__ T XY[SECTION_SIZE];
    unsigned int section = 2 * blockDim.x;  // this block's section: two elements a thread
    unsigned int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = (i < N) ? X[i] : T(0);
    XY[threadIdx.x + blockDim.x] = (i + blockDim.x < N) ? X[i + blockDim.x] : T(0);

    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {  // reduction tree
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < section) {
            XY[index] += XY[index - stride];  // +
        }
    }
    for (unsigned int stride = section / 4; stride > 0; stride /= 2) {  // reverse tree
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
        if (index + stride < section) {
            XY[index + stride] += XY[index];  // +
        }
    }
    __syncthreads();

    T y0 = XY[threadIdx.x];
    T y1 = XY[threadIdx.x + blockDim.x];
    if (i < N) Y[i] = y0;
    if (i + blockDim.x < N) Y[i + blockDim.x] = y1;
    if (threadIdx.x == 0) S[blockIdx.x] = XY[section - 1];
}
