// What changed: rung 11's single pass, rebuilt for Hopper as a persistent, warp-specialised
//   pipeline. A block stays on its SM and owns a ring of six 16 KB tiles in shared memory,
//   each guarded by transaction barriers (full: its bytes have landed; empty: its consumers
//   are done with it). Each warp has one job: the producer draws the next tile and has the copy
//   engine load it into the next free stage with one instruction (cp.async.bulk completing on
//   the stage's full barrier); the aggregator sums each tile the moment it lands and publishes
//   the tile's aggregate; the look-back warp walks back over the tiles before each tile and
//   publishes its inclusive prefix; four consumer warps scan the tile from shared memory, add
//   its prefix when it comes and stream the result out with 16-byte stores. 8-byte types keep
//   flag and value in one 16-byte status word (rung 11 fences between two words).
// Why it is faster: loads are in flight all the time, up to six tiles ahead, with no register
//   holding them: rung 11 and CUB hold a tile in registers from its load to its store, so an SM
//   stops loading while its blocks wait in the look-back (60% of rung 11's stalls on an H100
//   were at the barrier after it). A tile drawn early never holds up the look-backs of the
//   tiles after it (what made persistent blocks of rung 11 slow): its aggregate is published
//   when its bytes land, not when its block gets round to it. The look-back leaves the
//   consumers' critical path: they scan tile k+1 while the look-back warp finishes tile k's
//   walk. Each element is still read once and written once (2n).
// Needs: sm_90 (the copy engine, transaction barriers); the tile status zeroed before the
//   launch (pipeline_shape.hpp says how many words); any grid (tiles are drawn, not assigned:
//   a block that starts late finds fewer or none); `ahead` stages in use (tiles_ahead). Whole
//   tiles are loaded by the copy engine when the input is 16-byte aligned; the last, partial
//   tile (and every tile of a misaligned input) is copied by the producer warp's lanes, zeros
//   past the end. GPU only: the emulator does not model the copy engine.
#pragma once
#if defined(__CUDACC__)
#include <type_traits>

#include "kernels/algorithms/scan/compact_predicate.hpp"
#include "kernels/algorithms/scan/lookback_walk.cuh"
#include "kernels/algorithms/scan/pipeline_shape.hpp"
#include "kernels/probe/async_copy.cuh"

namespace ws::scan::pipeline {

inline constexpr unsigned kNoTile = 0xffffffffu;

// A tile's status word. 4-byte types: rung 11's packed 8-byte word (TileStatus::words[tile]).
// 8-byte types: 16 bytes, the flag then the value (words[2 * tile], words[2 * tile + 1]), each
// stored and loaded with one 16-byte access, as CUB's tile state does for 8-byte types.
template <class T>
__device__ __forceinline__ lookback::Status<T> read_status(const TileStatus<T>& status, int tile) {
    if constexpr (sizeof(T) <= kValueInWordBytes) {
        return lookback::read(status, tile);
    } else {
        if (tile < 0) return {kInclusiveReady, T(0)};  // before the first tile: an empty prefix
        unsigned long long flag, bits;
        asm volatile("ld.volatile.global.v2.u64 {%0, %1}, [%2];"
                     : "=l"(flag), "=l"(bits)
                     : "l"(status.words + 2 * (unsigned long long)tile)
                     : "memory");
        lookback::Status<T> s{unsigned(flag), T(0)};
        memcpy(&s.value, &bits, sizeof bits);
        return s;
    }
}

template <class T>
__device__ __forceinline__ void publish_status(const TileStatus<T>& status, unsigned tile,
                                               unsigned state, T value) {
    if constexpr (sizeof(T) <= kValueInWordBytes) {
        static_cast<volatile unsigned long long*>(status.words)[tile] =
            lookback::pack(state, value);
    } else {
        unsigned long long bits;
        memcpy(&bits, &value, sizeof bits);
        asm volatile("st.volatile.global.v2.u64 [%0], {%1, %2};" ::"l"(
                         status.words + 2 * (unsigned long long)tile),
                     "l"((unsigned long long)state), "l"(bits)
                     : "memory");
    }
}

// The consumer warps' own barrier (named barrier 1; 0 is __syncthreads).
__device__ __forceinline__ void consumers_sync() {
    asm volatile("bar.sync 1, %0;" ::"r"(kConsumerWarps * 32) : "memory");
}

// A 16-byte vector stored with the streaming hint (st.global.cs: written once).
template <class V>
__device__ __forceinline__ void store_streaming(void* p, const V& v) {
    static_assert(sizeof(V) == 16, "16 bytes");
    longlong2 bits;
    memcpy(&bits, &v, sizeof bits);
    __stcs(static_cast<longlong2*>(p), bits);
}

// What a tile's status carries: the sum of its elements (a scan) or, for a stream compaction
// (kCompact: keep the elements > 0, in order), how many it keeps.
template <class T, bool kCompact>
using TileValue = std::conditional_t<kCompact, unsigned, T>;

// A 16-byte vector's part of its tile's value.
template <bool kCompact, class V>
__device__ __forceinline__ auto vector_part(const V& x) {
    if constexpr (kCompact) {
        unsigned kept = 0;
        for (unsigned k = 0; k < V::kCount; ++k) kept += KeepPositive{}(x.x[k]) ? 1u : 0u;
        return kept;
    } else {
        return x.sum();
    }
}

// kCompact: the same pipeline as a stream compaction (compact-pipeline): the aggregator counts
// the kept elements, the look-back adds counts, the consumers store each kept element at its
// place (the count before it), in order; the inclusive count of the last tile is the result.
template <class T, bool kCompact = false>
__global__ void __launch_bounds__(kThreads)
    scan_pipeline(const T* __restrict__ g_in, T* __restrict__ g_out,
                  TileStatus<TileValue<T, kCompact>> status, unsigned n, ScanKind kind,
                  unsigned ahead) {
    using S = Shape<unsigned(sizeof(T))>;
    using Value = TileValue<T, kCompact>;  // at most sizeof(T): fits the stage's value slots
    using Vector = Vector16<T>;
    constexpr unsigned kVector = Vector::kCount;
    constexpr unsigned kRows = S::kLaneElems / kVector;
    extern __shared__ __align__(128) unsigned char smem[];
    T* tiles = reinterpret_cast<T*>(smem);
    Value* values = reinterpret_cast<Value*>(smem + S::kValuesOffset);
    unsigned* tile_ids = reinterpret_cast<unsigned*>(smem + S::kTileIdsOffset);
    probe::TxBarrier* full = reinterpret_cast<probe::TxBarrier*>(smem + S::kBarriersOffset);
    probe::TxBarrier* empty = full + kStages;
    probe::TxBarrier* aggregated = full + 2 * kStages;
    probe::TxBarrier* prefixed = full + 3 * kStages;
    auto totals_of = [&](unsigned s) { return values + s * S::kValuesPerStage; };
    auto aggregate_of = [&](unsigned s) -> Value& {
        return values[s * S::kValuesPerStage + kConsumerWarps];
    };
    auto prefix_of = [&](unsigned s) -> Value& {
        return values[s * S::kValuesPerStage + kConsumerWarps + 1];
    };
    auto read = [&](int tile) { return read_status(status, tile); };

    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    ahead = ahead < 1 ? 1 : ahead > kStages ? kStages : ahead;
    const unsigned tile_count =
        unsigned(((unsigned long long)n + S::kTileElems - 1) / S::kTileElems);  // as tiles_of
    const bool aligned =
        (reinterpret_cast<unsigned long long>(g_in) | reinterpret_cast<unsigned long long>(g_out)) %
            16 ==
        0;

    if (threadIdx.x == 0) {
        for (unsigned s = 0; s < kStages; ++s) {
            probe::tx_init(full[s], 32);  // every lane of the producer warp arrives
            probe::tx_init(empty[s], kConsumerWarps);
            probe::tx_init(aggregated[s], 1);
            probe::tx_init(prefixed[s], 1);
        }
        probe::tx_init_fence();
    }
    __syncthreads();

    // Tile i of this block is in stage i % kStages, in that stage's round i / kStages: each
    // barrier's phase of that round has parity (i / kStages) & 1.
    if (warp == kProducerWarp) {
        for (unsigned i = 0;; ++i) {
            const unsigned s = i % kStages;
            if (i >= ahead) {  // the consumers are done with tile i - ahead (and so i - kStages)
                const unsigned done = i - ahead;
                probe::tx_wait(empty[done % kStages], (done / kStages) & 1);
            }
            unsigned tile = 0;
            if (lane == 0) tile = atomicAdd(status.counter, 1u);
            tile = __shfl_sync(kFullMask, tile, 0);
            const unsigned long long first = (unsigned long long)tile * S::kTileElems;
            const bool last = tile >= tile_count;  // none left: the other warps stop here
            const bool by_copy_engine = !last && aligned && first + S::kTileElems <= n;
            T* stage = tiles + s * S::kTileElems;
            if (lane == 0) tile_ids[s] = last ? kNoTile : tile;
            if (by_copy_engine) {
                if (lane == 0) {  // its arrival comes with the bytes the copy will complete
                    probe::tx_arrive_expect(full[s], kStageBytes);
                    probe::bulk_copy(stage, g_in + first, kStageBytes, full[s]);
                }
            } else if (!last) {  // the last tile, or a misaligned input: zeros past the end
                for (unsigned k = lane; k < S::kTileElems; k += 32)
                    stage[k] = first + k < n ? g_in[first + k] : T(0);
            }
            // Every lane arrives after its own writes (lane 0 of a bulk copy did above).
            if (!(by_copy_engine && lane == 0)) probe::tx_arrive_expect(full[s], 0);
            if (tile >= tile_count) return;
        }
    } else if (warp == kAggregatorWarp) {  // each tile's sum, published as it lands
        for (unsigned i = 0;; ++i) {
            const unsigned s = i % kStages;
            probe::tx_wait(full[s], (i / kStages) & 1);
            const unsigned tile = tile_ids[s];
            if (tile == kNoTile) return;
            const Vector* v = reinterpret_cast<const Vector*>(tiles + s * S::kTileElems);
            Value sum = Value(0);
#pragma unroll 4
            for (unsigned k = lane; k < S::kTileElems / kVector; k += 32)
                sum += vector_part<kCompact>(v[k]);
            for (int offset = 16; offset > 0; offset /= 2)
                sum += __shfl_xor_sync(kFullMask, sum, offset);
            if (lane == 0) {
                publish_status(status, tile, tile == 0 ? kInclusiveReady : kAggregateReady, sum);
                aggregate_of(s) = sum;
                probe::tx_arrive_expect(aggregated[s], 0);
            }
        }
    } else if (warp == kLookbackWarp) {  // each tile's prefix, then its inclusive prefix
        for (unsigned i = 0;; ++i) {
            const unsigned s = i % kStages, parity = (i / kStages) & 1;
            probe::tx_wait(full[s], parity);
            const unsigned tile = tile_ids[s];
            if (tile == kNoTile) return;
            lookback::Walk<Value> walk = lookback::start_walk<Value>(tile);
            lookback::walk_to_end(read, walk, lane);
            probe::tx_wait(aggregated[s], parity);
            if (lane == 0) {
                if (tile > 0)
                    publish_status(status, tile, kInclusiveReady, walk.prefix + aggregate_of(s));
                prefix_of(s) = walk.prefix;
                probe::tx_arrive_expect(prefixed[s], 0);
            }
        }
    } else {  // a consumer: its 32 * kLaneElems elements of each tile, rows of 32 vectors
        const unsigned consumer = warp - kFirstConsumerWarp;
        for (unsigned i = 0;; ++i) {
            const unsigned s = i % kStages, parity = (i / kStages) & 1;
            probe::tx_wait(full[s], parity);
            const unsigned tile = tile_ids[s];
            if (tile == kNoTile) return;
            const T* part = tiles + s * S::kTileElems + consumer * S::kWarpElems;
            auto at = [&](unsigned r) { return (r * 32 + lane) * kVector; };
            // Row r: each lane's vector total, scanned across the warp; before[r] is the sum of
            // the warp's elements before the lane's vector.
            Value before[kRows];
            Value carry = Value(0);
#pragma unroll
            for (unsigned r = 0; r < kRows; ++r) {
                const Value total =
                    vector_part<kCompact>(*reinterpret_cast<const Vector*>(part + at(r)));
                Value v = total;
#pragma unroll
                for (unsigned offset = 1; offset < 32; offset *= 2) {
                    const Value y = __shfl_up_sync(kFullMask, v, offset);
                    if (lane >= offset) v += y;
                }
                before[r] = carry + (v - total);
                carry += __shfl_sync(kFullMask, v, 31);
            }
            Value* totals = totals_of(s);
            if (lane == 0) totals[consumer] = carry;
            consumers_sync();
            Value start = Value(0);
            for (unsigned w = 0; w < consumer; ++w) start += totals[w];
            probe::tx_wait(prefixed[s], parity);
            start += prefix_of(s);
            const unsigned long long first =
                (unsigned long long)tile * S::kTileElems + consumer * S::kWarpElems;
            const bool whole = aligned && (unsigned long long)(tile + 1) * S::kTileElems <= n;
#pragma unroll
            for (unsigned r = 0; r < kRows; ++r) {
                Vector x = *reinterpret_cast<const Vector*>(part + at(r));
                if constexpr (kCompact) {  // zeros past the end are never kept
                    unsigned place = start + before[r];
                    for (unsigned k = 0; k < kVector; ++k)
                        if (KeepPositive{}(x.x[k])) g_out[place++] = x.x[k];
                } else {
                    T running = start + before[r];
#pragma unroll
                    for (unsigned k = 0; k < kVector; ++k) {
                        const T value = x.x[k];
                        x.x[k] = kind == ScanKind::Inclusive ? running + value : running;
                        running += value;
                    }
                    if (whole) {
                        store_streaming(g_out + first + at(r), x);
                    } else {
                        for (unsigned k = 0; k < kVector; ++k)
                            if (first + at(r) + k < n) g_out[first + at(r) + k] = x.x[k];
                    }
                }
            }
            __syncwarp();
            if (lane == 0) probe::tx_arrive_expect(empty[s], 0);
        }
    }
}

}  // namespace ws::scan::pipeline
#endif
