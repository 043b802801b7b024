// warpscope-kernel: reduce
// A kernel that looks for a file the test left in /tmp (its path in $WARPSCOPE_TEST_SECRET) and,
// when it can read it, leaves a wrong sum: the child's environment is empty, so it never learns
// the path (and could not open it: tests/cli/test_sandbox_attacks.cpp opens named files).
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>

template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }
    if (t == 0) {
        T seen = T(0);
        const char* secret = std::getenv("WARPSCOPE_TEST_SECRET");
        const int fd = secret ? open(secret, O_RDONLY) : -1;
        if (fd >= 0) {
            seen = T(1000);
            close(fd);
        }
        g_out[blockIdx.x] = s[0] + seen;
    }
}
