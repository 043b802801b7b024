// What every scan variant shares: the vocabulary, the scan kind, the kernel signatures of the
// three device-wide drivers (scan-then-fan, reduce-then-scan, single pass) and the fan kernel
// that adds each tile's prefix back. Kernels are recorded only in their own files.
#pragma once
#include <array>

#include "kernels/probe/vocabulary.cuh"
#include "kernels/trace/scan_kind.hpp"

namespace ws::scan {
using namespace ws::probe;
using trace::ScanKind;

// scan-then-fan: block b scans its tile of `in` into `out` (inclusive or exclusive) and writes
// the tile's total to totals[b]; (in, out, totals, n, kind, probe).
template <class T, class Probe>
using TileScanKernel = void (*)(const T*, T*, T*, unsigned, ScanKind, Probe);

// reduce-then-scan: totals[b] = the sum of tile b; (in, totals, n, probe). Then each tile is
// scanned starting from prefix[b] (nullptr: from 0); (in, out, prefix, n, kind, probe).
template <class T, class Probe>
using TileReduceKernel = void (*)(const T*, T*, unsigned, Probe);
template <class T, class Probe>
using SeededScanKernel = void (*)(const T*, T*, const T*, unsigned, ScanKind, Probe);

// Single pass: the tiles' status for the look-back, zeroed before each launch.
template <class T>
struct TileStatus {
    unsigned* counter;  // the next tile to hand out
    unsigned* flags;    // per tile: 0 nothing yet, 1 aggregate ready, 2 inclusive prefix ready
    T* aggregate;       // per tile: the sum of the tile
    T* inclusive;       // per tile: the sum of every element up to the tile's end
    // Per tile: a flag and, for T of at most kValueInWordBytes, the value in one word (the flag
    // in the low half, the value's bits in the high half), published with one 8-byte store.
    unsigned long long* words;
    // A single pass with no memset before it (cuda::PipelineScan): the status area the next
    // launch will use, `next_words` words, zeroed by this launch (clear_next); nullptr: none,
    // the status was zeroed before the launch.
    unsigned long long* next = nullptr;
    unsigned long long next_words = 0;

    // The buffers a blockIdx look-back (18, 19) declares after its input and output, in their
    // order (buffers 2, 3, 4): what a recorder that sees addresses, not the probe's arrays, is
    // told of a launch (kernels/cuda/launch_kernel.cuh). The other single passes draw their
    // tiles, which that recorder cannot follow.
    std::array<const void*, 3> recorded_buffers() const { return {aggregate, inclusive, flags}; }
};

// This block's share of `status.next` zeroed by one warp's lanes (any grid: every block calls it
// once), so that two status areas taken in turn need no memset between launches: the launch
// that uses one zeroes the other.
template <class T>
WS_DEV void clear_next(const TileStatus<T>& status, unsigned lane) {
    for (unsigned long long i = blockIdx.x * 32ull + lane; i < status.next_words;
         i += gridDim.x * 32ull)
        status.next[i] = 0;
}
// The largest element whose value rides in its tile's status word (a packed status); larger
// ones keep their values in `aggregate` and `inclusive`, behind a fence.
inline constexpr unsigned kValueInWordBytes = 4;
// The memory family: one launch over the whole array (a grid-stride loop where the grid is
// capped); (in, out, n, stride, probe). `stride` is the request's (copy-strided; 1 elsewhere).
template <class T, class Probe>
using MapKernel = void (*)(const T*, T*, unsigned, unsigned, Probe);

template <class T, class Probe>
using SinglePassKernel = void (*)(const T*, T*, TileStatus<T>, unsigned, ScanKind, Probe);

// What a variant provides; the entries its driver does not use stay null.
template <class T, class Probe>
struct ScanKernels {
    MapKernel<T, Probe> map = nullptr;  // the memory family
    TileScanKernel<T, Probe> tile = nullptr;
    TileReduceKernel<T, Probe> reduce = nullptr;
    SeededScanKernel<T, Probe> seeded = nullptr;
    SinglePassKernel<T, Probe> single_pass = nullptr;
};

// The fan of scan-then-fan: adds prefix[b] (the exclusive scan of the tile totals) to every
// element of tile b. One block per tile of `tile` elements, of any size; not recorded.
template <class T>
__global__ void scan_add_tile_prefix(T* out, const T* prefix, unsigned n, unsigned tile) {
    const T p = prefix[blockIdx.x];
    const unsigned first = blockIdx.x * tile;
    const unsigned end = n - first < tile ? n : first + tile;
    for (unsigned i = first + threadIdx.x; i < end; i += blockDim.x) out[i] += p;
}

}  // namespace ws::scan
