// What changed: the wiki's "binary tree": one tree gives min, max, sum and the average at once,
//   in four shared arrays. It rounds the block up to the next power of two and skips the
//   "fictitious" threads, so any block size works; the average is combined as the wiki has it,
//   avg = (avg + avg2) / 2: the average of two averages, right only when both halves count the
//   same number of elements. For other counts it is wrong; the true average is sum / n.
// Why it is faster: one pass over the input gives all four values, where four reductions would
//   read it four times. It is not a faster tree: four arrays are four times the shared traffic.
// Needs: any block of 1..1024 threads; 4 * blockDim.x elements of shared memory; the later
//   passes run the same tree over the blocks' four values (four arrays of partials).
#pragma once
#include "kernels/algorithms/reduce/reduce_common.cuh"

namespace ws::reduce {

// Partials = false: block b reads its elements of in (n of them); true: in holds four arrays of
// n partials (min, max, sum, avg). Block b writes its four values to out[b + k * gridDim.x].
template <class T, bool Partials, class Probe>
__global__ void reduce_minmax_avg(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto min = shared_array_at<T>(probe, 0 * blockDim.x, blockDim.x);
    auto max = shared_array_at<T>(probe, 1 * blockDim.x, blockDim.x);
    auto sum = shared_array_at<T>(probe, 2 * blockDim.x, blockDim.x);
    auto avg = shared_array_at<T>(probe, 3 * blockDim.x, blockDim.x);
    auto in = global_array(g_in, probe);
    auto out = global_array(g_out, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;
    const unsigned first = blockIdx.x * blockDim.x;  // the threads that hold an element:
    const unsigned count = n - first < blockDim.x ? n - first : blockDim.x;

    if (t < count) {
        if constexpr (Partials) {
            min[t] = in[i];
            max[t] = in[n + i];
            sum[t] = in[2 * n + i];
            avg[t] = in[3 * n + i];
        } else {
            const T x = in[i];
            min[t] = x;
            max[t] = x;
            sum[t] = x;
            avg[t] = x;
        }
    } else {  // past n: never read
        min[t] = T(0);
        max[t] = T(0);
        sum[t] = T(0);
        avg[t] = T(0);
    }
    block_sync(probe);

    unsigned nTotalThreads = 1;  // blockDim.x rounded up to the next power of two
    while (nTotalThreads < blockDim.x) nTotalThreads <<= 1;
    while (nTotalThreads > 1) {
        const unsigned halfPoint = nTotalThreads >> 1;
        if (t < halfPoint) {
            const unsigned thread2 = t + halfPoint;
            if (thread2 < count) {  // skipping the fictitious threads
                T temp = min[thread2];
                if (temp < min[t]) min[t] = temp;
                temp = max[thread2];
                if (temp > max[t]) max[t] = temp;
                sum[t] += sum[thread2];
                avg[t] += avg[thread2];  // the average of two averages, as the wiki has it
                avg[t] /= T(2);
            }
        }
        block_sync(probe);
        nTotalThreads = halfPoint;
    }

    if (t == 0) {
        out[blockIdx.x] = min[0];
        out[gridDim.x + blockIdx.x] = max[0];
        out[2 * gridDim.x + blockIdx.x] = sum[0];
        out[3 * gridDim.x + blockIdx.x] = avg[0];
    }
}

struct MinMaxAvg {
    static constexpr const char* id = "reduce-minmax-avg";
    template <class T, class Probe>
    static ReduceKernels<T, Probe> kernel(unsigned) {
        ReduceKernels<T, Probe> k;
        k.pass = &reduce_minmax_avg<T, false, Probe>;
        k.partials_pass = &reduce_minmax_avg<T, true, Probe>;
        return k;
    }
};

}  // namespace ws::reduce
