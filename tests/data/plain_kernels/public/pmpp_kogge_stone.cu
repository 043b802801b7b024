// warpscope-kernel: scan kernel=Kogge_Stone_scan_kernel in=X out=Y n=N
// Programming Massively Parallel Processors (4th ed.), Fig. 11.3: the in-place Kogge-Stone scan
// of one section, as the book writes it (float only, two barriers a level, no totals: warpscope
// takes each section's total from its outputs); only the first line is added.
#define SECTION_SIZE 1024
__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, unsigned int N) {
    __shared__ float XY[SECTION_SIZE];
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        XY[threadIdx.x] = X[i];
    } else {
        XY[threadIdx.x] = 0.0f;
    }
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float temp;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
    }
    if (i < N) {
        Y[i] = XY[threadIdx.x];
    }
}
