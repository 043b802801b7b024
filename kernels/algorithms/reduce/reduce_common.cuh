// What every reduction variant shares: the vocabulary and the kernel signature
// (input, one partial sum per block out, element count, probe).
#pragma once
#include "kernels/probe/vocabulary.cuh"

namespace ws::reduce {
using namespace ws::probe;

template <class T, class Probe>
using ReduceKernel = void (*)(const T*, T*, unsigned, Probe);

// Kernels templated on the block size are dispatched from a table indexed by log2(block) - 5.
inline constexpr unsigned kBlockSizes[] = {32, 64, 128, 256, 512, 1024};
constexpr int block_slot(unsigned block) {
    for (int i = 0; i < 6; ++i)
        if (kBlockSizes[i] == block) return i;
    return -1;
}
}  // namespace ws::reduce
