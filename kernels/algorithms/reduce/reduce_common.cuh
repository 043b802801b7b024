// What every reduction variant shares: the vocabulary and the kernel signatures of the four
// device-wide drivers (kernels/reduce_plan.hpp). A variant's struct gives its id and, from
// kernel<T, Probe>(block), one kernel of any of them (nullptr: none for this block size), or a
// ReduceKernels with several.
#pragma once
#include "kernels/probe/vocabulary.cuh"

namespace ws::reduce {
using namespace ws::probe;

// Multi-pass: block b reads its part of `in` (n elements) and writes its partial to out[b].
// Atomic single pass, the same signature: block b adds its partial to out[0] with one atomic
// (the plan zeroes out[0] first). (in, out, n, probe).
template <class T, class Probe>
using ReduceKernel = void (*)(const T*, T*, unsigned, Probe);

// Last block: block b writes its partial to partials[b] and counts itself done in *done; the
// last block to finish sums the partials into out[0]. (in, out, partials, done, n, probe).
template <class T, class Probe>
using LastBlockKernel = void (*)(const T*, T*, T*, unsigned*, unsigned, Probe);

// Spin lock: block b adds its partial to out[0] with a plain read and write while it holds a
// lock in global memory (probe/spin_lock.cuh: kLockWords words, zeroed with the output first).
// (in, out, lock, n, probe).
template <class T, class Probe>
using LockedKernel = void (*)(const T*, T*, unsigned*, unsigned, Probe);

// A variant's kernel, whichever its signature; the entry its driver does not use stays null.
template <class T, class Probe>
struct ReduceKernels {
    ReduceKernel<T, Probe> pass = nullptr;  // multi-pass and atomic single pass
    // Multi-pass over several values a block (ReduceOp::MinMaxSumAvg): the passes after the
    // first, which read the partials' arrays rather than elements.
    ReduceKernel<T, Probe> partials_pass = nullptr;
    LastBlockKernel<T, Probe> last_block = nullptr;
    LockedKernel<T, Probe> locked = nullptr;
};

namespace detail {
template <class T, class Probe>
void put(ReduceKernels<T, Probe>& k, ReduceKernel<T, Probe> f) {
    k.pass = f;
}
template <class T, class Probe>
void put(ReduceKernels<T, Probe>& k, LastBlockKernel<T, Probe> f) {
    k.last_block = f;
}
template <class T, class Probe>
void put(ReduceKernels<T, Probe>& k, LockedKernel<T, Probe> f) {
    k.locked = f;
}
template <class T, class Probe>
void put(ReduceKernels<T, Probe>& k, const ReduceKernels<T, Probe>& all) {
    k = all;
}
}  // namespace detail

template <class Variant, class T, class Probe>
ReduceKernels<T, Probe> kernels_of(unsigned block) {
    ReduceKernels<T, Probe> k;
    detail::put<T, Probe>(k, Variant::template kernel<T, Probe>(block));
    return k;
}

// Kernels templated on the block size are dispatched from a table indexed by log2(block) - 5.
inline constexpr unsigned kBlockSizes[] = {32, 64, 128, 256, 512, 1024};
constexpr int block_slot(unsigned block) {
    for (int i = 0; i < 6; ++i)
        if (kBlockSizes[i] == block) return i;
    return -1;
}
}  // namespace ws::reduce
