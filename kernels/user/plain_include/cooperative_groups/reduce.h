// cooperative_groups::reduce and the tile scans of the emulator's cooperative groups
// (../cooperative_groups.h), for thread_block_tile<N> only, as courses use them.
//
// reduce(tile, value, op): log2(N) rounds of tile.shfl_xor (a butterfly), so that every thread of
// the tile gets the result, as CUDA's cg::reduce gives it to every thread.
// inclusive_scan(tile, value[, op]) and exclusive_scan(tile, value[, op]): Kogge-Stone, log2(N)
// rounds of tile.shfl_up (and one more for the exclusive scan). op defaults to plus; the
// exclusive scan gives the tile's rank 0 a value-initialised T (0 for plus, bit_or and bit_xor;
// CUDA leaves it undefined for the other operators). (CUDA declares the scans in
// <cooperative_groups/scan.h>.)
//
// Each takes a trailing `unsigned line = __builtin_LINE()` that its shuffles record, so the
// emulator names the student's line.
#pragma once

#include <type_traits>

#include "../cooperative_groups.h"

namespace cooperative_groups {

namespace details {
template <class>
inline constexpr bool always_false = false;
}  // namespace details

template <unsigned int Size, class P, class T, class Op>
auto reduce(const thread_block_tile<Size, P>& tile, T value, Op op,
            unsigned line = __builtin_LINE()) -> std::decay_t<decltype(op(value, value))> {
    std::decay_t<decltype(op(value, value))> v = value;
    for (unsigned int mask = Size / 2; mask > 0; mask /= 2) v = op(v, tile.shfl_xor(v, mask, line));
    return v;
}

// Any other group (a whole thread_block): not in the emulator's subset.
template <class Group, class T, class Op>
T reduce(const Group&, T value, Op, unsigned = __builtin_LINE()) {
    static_assert(details::always_false<Group>,
                  "cooperative_groups::reduce works on a thread_block_tile<N> "
                  "(tiled_partition<N>(block)): reduce each tile, then combine the tiles' results "
                  "through shared memory");
    return value;
}

template <unsigned int Size, class P, class T, class Op>
auto inclusive_scan(const thread_block_tile<Size, P>& tile, T value, Op op,
                    unsigned line = __builtin_LINE()) -> std::decay_t<decltype(op(value, value))> {
    std::decay_t<decltype(op(value, value))> v = value;
    const unsigned int rank = tile.thread_rank();
    for (unsigned int delta = 1; delta < Size; delta *= 2) {
        const auto before = tile.shfl_up(v, delta, line);
        if (rank >= delta) v = op(before, v);
    }
    return v;
}

template <unsigned int Size, class P, class T>
T inclusive_scan(const thread_block_tile<Size, P>& tile, T value,
                 unsigned line = __builtin_LINE()) {
    return inclusive_scan(tile, value, plus<T>(), line);
}

template <unsigned int Size, class P, class T, class Op>
auto exclusive_scan(const thread_block_tile<Size, P>& tile, T value, Op op,
                    unsigned line = __builtin_LINE()) -> std::decay_t<decltype(op(value, value))> {
    using R = std::decay_t<decltype(op(value, value))>;
    const R inclusive = inclusive_scan(tile, value, op, line);
    const R before = tile.shfl_up(inclusive, 1, line);
    return tile.thread_rank() == 0 ? R() : before;
}

template <unsigned int Size, class P, class T>
T exclusive_scan(const thread_block_tile<Size, P>& tile, T value,
                 unsigned line = __builtin_LINE()) {
    return exclusive_scan(tile, value, plus<T>(), line);
}

}  // namespace cooperative_groups
