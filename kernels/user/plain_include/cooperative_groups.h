// The emulator's cooperative groups: the subset CUDA courses use, for a plain CUDA kernel that the
// host compiler builds against kernels/sim/cuda_shim.hpp (students get -I
// kernels/user/plain_include, so `#include <cooperative_groups.h>` finds this file).
//
// Every sync, shuffle and vote goes through the shim's intrinsics (__syncthreads, __syncwarp,
// __shfl_*_sync, __ballot_sync, __any_sync, __all_sync), so the emulator checks and records it as
// it does the intrinsic. Each member that syncs, shuffles or votes takes a trailing
// `unsigned line = __builtin_LINE()` and hands it on: the line recorded is the student's.
//
// The subset:
//   thread_block          this_thread_block(); sync(), thread_rank(), size(), num_threads(),
//                         group_index(), thread_index(), group_dim(), dim_threads()
//   thread_block_tile<N>  N = 1, 2, 4, 8, 16 or 32, from tiled_partition<N>(block) or
//                         tiled_partition<N>(a larger tile); sync(), thread_rank(), size(),
//                         num_threads(), meta_group_rank(), meta_group_size(), shfl(v, src),
//                         shfl_down(v, d), shfl_up(v, d), shfl_xor(v, m), any(p), all(p),
//                         ballot(p)
//   sync(g), this_thread_block(), tiled_partition<N>(g)
//   plus<T>, less<T>, greater<T>, bit_and<T>, bit_or<T>, bit_xor<T> (for reduce and the scans of
//   <cooperative_groups/reduce.h>)
// Nothing else is declared (grid_group, this_grid, thread_group, coalesced_threads,
// labeled_partition, memcpy_async, ...): a kernel that uses it does not compile, and the
// compiler names the construct and the line ("no member named 'this_grid' in namespace
// 'cooperative_groups'").
//
// A tile's lanes are N consecutive lanes of the warp that holds the caller. Where the block's last
// warp is partial (a block size that is not a multiple of 32), a tile's mask holds only the lanes
// that exist, as CUDA does for the last partial tile; a shuffle that reads a lane outside it is
// an error the emulator reports at the student's line.
#pragma once

#include "kernels/sim/cuda_shim.hpp"

namespace cooperative_groups {

namespace details {

template <unsigned int Size>
inline constexpr bool is_tile_size = Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0;
// What tiled_partition<Size> returns a tile of: Size, or 1 after its static_assert has said
// that Size is wrong (so that the compiler says it once, without errors that follow from it).
template <unsigned int Size>
inline constexpr unsigned int tile_size_or_one = is_tile_size<Size> ? Size : 1;

inline unsigned int block_threads() {
    return blockDim.x * blockDim.y * blockDim.z;
}

// The CUDA linear thread index inside the block (x fastest).
inline unsigned int block_rank() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

// The lanes of the caller's warp that exist: all 32 but in a partial last warp.
inline unsigned int warp_lanes() {
    const unsigned int base = block_rank() & ~31u;
    const unsigned int here = block_threads() - base;
    return here >= 32 ? 0xffffffffu : (1u << here) - 1u;
}

// The mask of the caller's tile of `Size` lanes, less the lanes its warp does not have.
template <unsigned int Size>
inline unsigned int tile_mask() {
    if constexpr (Size == 32) {
        return warp_lanes();
    } else {
        const unsigned int first = (block_rank() % 32) & ~(Size - 1);
        return (((1u << Size) - 1u) << first) & warp_lanes();
    }
}

}  // namespace details

// ---- thread_block -------------------------------------------------------------------------------
class thread_block {
  public:
    static void sync(unsigned line = __builtin_LINE()) { __syncthreads(line); }
    static unsigned int thread_rank() { return details::block_rank(); }
    static unsigned int size() { return details::block_threads(); }
    static unsigned int num_threads() { return details::block_threads(); }
    static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    static dim3 group_dim() { return blockDim; }
    static dim3 dim_threads() { return blockDim; }

  private:
    thread_block() {}  // from this_thread_block() only, as in CUDA
    friend thread_block this_thread_block();
};

inline thread_block this_thread_block() {
    return thread_block();
}

// ---- thread_block_tile --------------------------------------------------------------------------
// thread_block_tile<N> names any tile of N threads; tiled_partition<N>(g) gives a
// thread_block_tile<N, the type of g>, which converts to it (as in CUDA).
template <unsigned int Size, class ParentT = void>
class thread_block_tile;

template <unsigned int Size>
class thread_block_tile<Size, void> {
    static_assert(details::is_tile_size<Size>,
                  "cooperative_groups::thread_block_tile<N>: N must be 1, 2, 4, 8, 16 or 32 (a "
                  "power of two no larger than a warp)");

  public:
    static constexpr unsigned int size() { return Size; }
    static constexpr unsigned int num_threads() { return Size; }
    unsigned int thread_rank() const { return details::block_rank() % Size; }
    unsigned int meta_group_rank() const { return meta_rank_; }
    unsigned int meta_group_size() const { return meta_size_; }

    // __syncwarp over the tile's lanes.
    void sync(unsigned line = __builtin_LINE()) const { __syncwarp(mask_, line); }

    // The value of `var` held by the tile's thread of rank `src_rank` (modulo N).
    template <class T>
    T shfl(T var, int src_rank, unsigned line = __builtin_LINE()) const {
        return __shfl_sync(mask_, var, src_rank, int(Size), line);
    }
    // The value of rank + delta, or the caller's own past the tile's last rank.
    template <class T>
    T shfl_down(T var, unsigned int delta, unsigned line = __builtin_LINE()) const {
        return __shfl_down_sync(mask_, var, delta, int(Size), line);
    }
    // The value of rank - delta, or the caller's own before rank 0.
    template <class T>
    T shfl_up(T var, unsigned int delta, unsigned line = __builtin_LINE()) const {
        return __shfl_up_sync(mask_, var, delta, int(Size), line);
    }
    // The value of rank ^ lane_mask.
    template <class T>
    T shfl_xor(T var, unsigned int lane_mask, unsigned line = __builtin_LINE()) const {
        return __shfl_xor_sync(mask_, var, int(lane_mask), int(Size), line);
    }

    int any(int predicate, unsigned line = __builtin_LINE()) const {
        return __any_sync(mask_, predicate, line);
    }
    int all(int predicate, unsigned line = __builtin_LINE()) const {
        return __all_sync(mask_, predicate, line);
    }
    // Bit r is set when the tile's thread of rank r has a true predicate.
    unsigned int ballot(int predicate, unsigned line = __builtin_LINE()) const {
        return __ballot_sync(mask_, predicate, line) >>
               ((details::block_rank() % 32) & ~(Size - 1));
    }

  protected:
    thread_block_tile(unsigned int meta_rank, unsigned int meta_size)
        : mask_(details::tile_mask<Size>()), meta_rank_(meta_rank), meta_size_(meta_size) {}

  private:
    unsigned int mask_;
    unsigned int meta_rank_;
    unsigned int meta_size_;
};

template <unsigned int Size, class ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {
    thread_block_tile(unsigned int meta_rank, unsigned int meta_size)
        : thread_block_tile<Size, void>(meta_rank, meta_size) {}

    template <unsigned int N>
    friend thread_block_tile<details::tile_size_or_one<N>, thread_block> tiled_partition(
        const thread_block& parent);
    template <unsigned int N, unsigned int M, class P>
    friend thread_block_tile<details::tile_size_or_one<N>, thread_block_tile<M, P>> tiled_partition(
        const thread_block_tile<M, P>& parent);
};

// ---- free functions -----------------------------------------------------------------------------
template <unsigned int Size>
thread_block_tile<details::tile_size_or_one<Size>, thread_block> tiled_partition(
    const thread_block& parent) {
    static_assert(details::is_tile_size<Size>,
                  "cooperative_groups::tiled_partition<N>(block): N must be 1, 2, 4, 8, 16 or 32 "
                  "(a power of two no larger than a warp)");
    constexpr unsigned int N = details::tile_size_or_one<Size>;
    return thread_block_tile<N, thread_block>(parent.thread_rank() / N,
                                              (parent.size() + N - 1) / N);
}

template <unsigned int Size, unsigned int M, class P>
thread_block_tile<details::tile_size_or_one<Size>, thread_block_tile<M, P>> tiled_partition(
    const thread_block_tile<M, P>& parent) {
    static_assert(details::is_tile_size<Size>,
                  "cooperative_groups::tiled_partition<N>(tile): N must be 1, 2, 4, 8, 16 or 32 "
                  "(a power of two no larger than a warp)");
    static_assert(Size <= M,
                  "cooperative_groups::tiled_partition<N>(tile): a tile of M threads splits only "
                  "into tiles of N <= M threads");
    constexpr unsigned int N = details::tile_size_or_one<Size>;
    return thread_block_tile<N, thread_block_tile<M, P>>(parent.thread_rank() / N, M / N);
}

inline void sync(const thread_block& g, unsigned line = __builtin_LINE()) {
    g.sync(line);
}
template <unsigned int Size, class P>
void sync(const thread_block_tile<Size, P>& g, unsigned line = __builtin_LINE()) {
    g.sync(line);
}

// ---- operators for reduce and the scans (cooperative_groups/reduce.h) ---------------------------
template <class T>
struct plus {
    T operator()(T a, T b) const { return a + b; }
};
// The lesser of the two (by operator<), as CUDA's cg::less: a reduction with it is a minimum.
template <class T>
struct less {
    T operator()(T a, T b) const { return b < a ? b : a; }
};
// The greater of the two (by operator<), as CUDA's cg::greater: a reduction with it is a maximum.
template <class T>
struct greater {
    T operator()(T a, T b) const { return a < b ? b : a; }
};
template <class T>
struct bit_and {
    T operator()(T a, T b) const { return a & b; }
};
template <class T>
struct bit_or {
    T operator()(T a, T b) const { return a | b; }
};
template <class T>
struct bit_xor {
    T operator()(T a, T b) const { return a ^ b; }
};

}  // namespace cooperative_groups
