// warpscope-kernel: reduce elements-per-thread=1 shared=per-thread block=power-of-two
#define A static_assert(sizeof(char) == 2, "padding the compiler's log past one mebibyte with a long static assertion message xxxxxxxxxxxxxxxxxxxxxxxx");
#define B A A A A A A A A A A
#define C B B B B B B B B B B
#define D C C C C C C C C C C
#define E D D D D D D D D D D
E
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    s[threadIdx.x] = T(0);
}
