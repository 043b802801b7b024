// warpscope-kernel: reduce
// A kernel that tries to write a file into the user's home folder: the sandbox stops it.
#include <cstdio>
#include <cstdlib>
#include <string>

template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    (void)g_in, (void)n, (void)probe;
    const char* home = std::getenv("HOME");
    const std::string path = std::string(home ? home : "/root") + "/warpscope-was-here";
    if (std::FILE* f = std::fopen(path.c_str(), "w")) {
        std::fputs("escaped\n", f);
        std::fclose(f);
    }
    g_out[blockIdx.x] = T(0);
}
