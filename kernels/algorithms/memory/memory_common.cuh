// What the memory family's kernels share: the vocabulary, the kernel signature (a MapKernel:
// one launch over the whole array, a grid-stride loop) and the rules of memory_rules.hpp.
#pragma once
#include "kernels/algorithms/memory/memory_rules.hpp"
#include "kernels/algorithms/scan/scan_common.cuh"

namespace ws::memory {
using namespace ws::probe;
using scan::ScanKernels;

// The struct every memory kernel file ends with: its id and its one kernel.
template <class Self>
struct MapVariant {
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.map = Self::template kernel<T, Probe>();
        return k;
    }
};

}  // namespace ws::memory
