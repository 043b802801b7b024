// warpscope-kernel: reduce kernel=reduce in=g_idata out=g_odata n=n
// Your reduction in plain CUDA, as a course writes it: block b sums its blockDim.x elements of
// g_idata (n in all) and writes its partial sum to g_odata[b]; warpscope runs it again on the
// partials until one value is left, and checks the sum. The first line names the kernel and its
// parameters; everything else is yours. Run it (F5) and step through it: every access to sdata,
// g_idata and g_odata is recorded.
#define MAX_BLOCK 1024

template <class T>
__global__ void reduce(const T* g_idata, T* g_odata, unsigned int n) {
    __shared__ T sdata[MAX_BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? g_idata[i] : T(0);
    __syncthreads();

    // TODO: add the block's values together, leaving the sum in sdata[0].

    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
