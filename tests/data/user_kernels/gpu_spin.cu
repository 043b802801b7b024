// warpscope-kernel: reduce
// A kernel that never ends on a GPU: thread 0 waits for its first input element to change, and
// nothing changes it (a read through volatile, which the compiler must repeat). run-kernel
// --backend cuda stops it at the waiting limit (its child waits for the GPU asleep) and says so
// in one line.
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    (void)n, (void)probe;
    const volatile T* in = g_in;
    const T first = in[0];
    if (threadIdx.x == 0)
        while (in[0] == first) {
        }
    g_out[blockIdx.x] = first;
}
