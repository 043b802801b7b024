// warpscope-kernel: scan kernel=prescan in=g_idata out=g_odata n=n totals=g_sums kind=exclusive elements-per-thread=2 shared=two-per-thread-padded block=power-of-two
// Plain-CUDA twin of the catalog's scan-blelloch-padded
// (kernels/algorithms/scan/04_blelloch_padded.cuh): GPU Gems 3, chapter 39 (Harris, Sengupta and
// Owens, "Parallel Prefix Sum (Scan) with CUDA"), Example 39-2's prescan with Example 39-3's
// bank-conflict avoidance: CONFLICT_FREE_OFFSET(n) adds one padding word every NUM_BANKS words
// (the chapter's G80 had 16 banks, LOG_NUM_BANKS 4; today's GPUs have 32). Each block scans
// 2 * blockDim.x elements; thread 0 stores the block's sum (g_sums) before clearing the last
// element, as in the chapter's version for large arrays. Templated on the element type, so the
// extern array is declared as raw bytes and viewed as T: 2 * blockDim.x + 2 * blockDim.x / 32
// elements.
// Two things the chapter writes otherwise: elements past n load as 0, and each thread reads its
// two inputs into registers before storing them to shared memory, and its two results into
// registers before the bounds test, as the catalog does.
// It makes exactly the catalog's shared and global accesses, in the same order, with the same
// __syncthreads: `warpscope run-kernel ... --kind exclusive` gives the catalog variant's stats
// (tests/cli). The additions are the lines marked `// +`.
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

template <class T>
__global__ void prescan(T *g_odata, T *g_idata, T *g_sums, unsigned int n) {
    extern __shared__ __align__(16) unsigned char smem[];
    T *temp = reinterpret_cast<T *>(smem);  // allocated on invocation, padding included
    unsigned int thid = threadIdx.x;
    unsigned int m = 2 * blockDim.x;  // the elements this block scans
    unsigned int blockOffset = blockIdx.x * m;
    unsigned int ai = thid;
    unsigned int bi = thid + blockDim.x;
    unsigned int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    unsigned int bankOffsetB = CONFLICT_FREE_OFFSET(bi);

    // load input into shared memory
    T a = (blockOffset + ai < n) ? g_idata[blockOffset + ai] : T(0);
    T b = (blockOffset + bi < n) ? g_idata[blockOffset + bi] : T(0);
    temp[ai + bankOffsetA] = a;
    temp[bi + bankOffsetB] = b;

    unsigned int offset = 1;
    for (unsigned int d = m >> 1; d > 0; d >>= 1) {  // build sum in place up the tree
        __syncthreads();
        if (thid < d) {
            unsigned int ai = offset * (2 * thid + 1) - 1;
            unsigned int bi = offset * (2 * thid + 2) - 1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);
            temp[bi] += temp[ai];  // +
        }
        offset *= 2;
    }

    if (thid == 0) {
        g_sums[blockIdx.x] = temp[m - 1 + CONFLICT_FREE_OFFSET(m - 1)];  // the block's sum
        temp[m - 1 + CONFLICT_FREE_OFFSET(m - 1)] = 0;                   // clear the last element
    }

    for (unsigned int d = 1; d < m; d *= 2) {  // traverse down tree & build scan
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            unsigned int ai = offset * (2 * thid + 1) - 1;
            unsigned int bi = offset * (2 * thid + 2) - 1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);
            T t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;  // +
        }
    }
    __syncthreads();

    // write results to device memory
    T ya = temp[ai + bankOffsetA], yb = temp[bi + bankOffsetB];
    if (blockOffset + ai < n) g_odata[blockOffset + ai] = ya;
    if (blockOffset + bi < n) g_odata[blockOffset + bi] = yb;
}
