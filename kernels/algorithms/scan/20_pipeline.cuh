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
// Needs: sm_90 (the copy engine, transaction barriers); exactly kThreads (224) threads; the tile
//   status zeroed (pipeline_shape.hpp's words) by a memset or the launch before (clear_next); any
//   grid (tiles are drawn, not assigned: a block that starts late finds fewer or none; each block
//   loads tiles_ahead(tiles, grid) stages ahead). Whole tiles are loaded by the copy engine when
//   the input is 16-byte aligned; the last, partial tile (and every tile of a misaligned input) is
//   copied by the producer warp's lanes, zeros past the end. Written in the vocabulary
//   (kernels/probe/pipeline.cuh): the emulator runs the same source, its copy engine landing
//   copies when the schedule's copies= says; the trace marks each warp's role, each stage ring
//   and each turn's tile, so that the window and crosscheck read the pipeline from the trace.
#pragma once
#include <cstring>
#include <type_traits>

#include "kernels/algorithms/scan/compact_predicate.hpp"
#include "kernels/algorithms/scan/lookback_walk.cuh"
#include "kernels/algorithms/scan/pipeline_shape.hpp"
#include "kernels/probe/pipeline.cuh"

namespace ws::scan::pipeline {

inline constexpr unsigned kNoTile = 0xffffffffu;
static_assert(kNoTile == trace::kNoTile, "the trace's word for no tile");

// A tile's status word. 4-byte types: rung 11's packed 8-byte word (TileStatus::words[tile]).
// 8-byte types: 16 bytes, the flag then the value (words[2 * tile], words[2 * tile + 1]), each
// stored and loaded with one 16-byte access, as CUB's tile state does for 8-byte types. Reads
// are not recorded (how many a look-back makes is timing); publishing is (publish below).
template <class T>
WS_DEV lookback::Status<T> read_status(const TileStatus<T>& status, int tile) {
    if constexpr (sizeof(T) <= kValueInWordBytes) {
        return lookback::read(status, tile);
    } else {
        if (tile < 0) return {kInclusiveReady, T(0)};  // before the first tile: an empty prefix
        unsigned long long flag, bits;
#if defined(__CUDACC__)
        asm volatile("ld.volatile.global.v2.u64 {%0, %1}, [%2];"
                     : "=l"(flag), "=l"(bits)
                     : "l"(status.words + 2 * (unsigned long long)tile)
                     : "memory");
#else
        flag = status.words[2 * (unsigned long long)tile];
        bits = status.words[2 * (unsigned long long)tile + 1];
#endif
        lookback::Status<T> s{unsigned(flag), T(0)};
        memcpy(&s.value, &bits, sizeof bits);
        return s;
    }
}

// The 16-byte status of an 8-byte value, stored with one access; recorded as one 16-byte
// GlobalWrite of the status words (buffer `words`).
template <class T, class Probe>
WS_DEV void publish_wide(const TileStatus<T>& status, unsigned char words, unsigned tile,
                         unsigned state, T value, Probe& probe, unsigned line) {
    static_assert(sizeof(T) == 8, "the 16-byte status carries an 8-byte value");
    VectorBytes<unsigned long long, 16> word;
    word.x[0] = state;
    memcpy(&word.x[1], &value, sizeof value);
    unsigned long long* at = status.words + 2 * (unsigned long long)tile;
#if defined(__CUDACC__)
    asm volatile("st.volatile.global.v2.u64 [%0], {%1, %2};" ::"l"(at), "l"(word.x[0]),
                 "l"(word.x[1])
                 : "memory");
#else
    memcpy(at, &word, sizeof word);
#endif
    if constexpr (kRecords<Probe>)
        probe.global(EventKind::GlobalWrite, words, 2 * (unsigned long long)tile * 8, word, line);
    (void)probe, (void)words, (void)line;
}

// What a tile's status carries: the sum of its elements (a scan) or, for a stream compaction
// (kCompact: keep the elements > 0, in order), how many it keeps.
template <class T, bool kCompact>
using TileValue = std::conditional_t<kCompact, unsigned, T>;

// A 16-byte vector's part of its tile's value.
template <bool kCompact, class V>
WS_DEV auto vector_part(const V& x) {
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
template <class T, class Probe, bool kCompact = false, class S = Shape<unsigned(sizeof(T))>>
__global__ void __launch_bounds__(S::kThreads)
    scan_pipeline(const T* __restrict__ g_in, T* __restrict__ g_out,
                  TileStatus<TileValue<T, kCompact>> status, unsigned n, ScanKind kind,
                  Probe probe) {
    constexpr unsigned kStages = S::kStages, kStageBytes = S::kStageBytes;
    using Value = TileValue<T, kCompact>;  // at most sizeof(T): fits the stage's value slots
    using Vector = Vector16<T>;
    constexpr unsigned kVector = Vector::kCount;
    constexpr unsigned kRows = S::kLaneElems / kVector;
    constexpr unsigned kValueSlot = S::kConsumerWarps, kPrefixSlot = kValueSlot + 1;
    auto tiles = shared_array<T>(probe, kStages * S::kTileElems);
    auto values = shared_array_at<Value>(probe, S::kValuesOffset / unsigned(sizeof(Value)),
                                         kStages * S::kValuesPerStage);
    auto tile_ids = shared_array_at<unsigned>(probe, S::kTileIdsOffset / 4, kStages);
    stage_slots(probe, 0, kStageBytes, kStages, SlotKind::Data);
    stage_slots(probe, S::kValuesOffset, S::kValuesPerStage * unsigned(sizeof(Value)), kStages,
                SlotKind::Values);
    stage_slots(probe, S::kTileIdsOffset, 4, kStages, SlotKind::TileIds);
    const TxBarRing full = tx_barriers(probe, S::kBarriersOffset, kStages);
    const TxBarRing empty = tx_barriers(probe, S::kBarriersOffset + 8 * kStages, kStages);
    const TxBarRing aggregated = tx_barriers(probe, S::kBarriersOffset + 16 * kStages, kStages);
    const TxBarRing prefixed = tx_barriers(probe, S::kBarriersOffset + 24 * kStages, kStages);
    auto in = global_array(g_in, probe);                 // buffer 0
    auto out = global_array(g_out, probe);               // buffer 1
    auto counter = global_array(status.counter, probe);  // buffer 2
    auto words = global_array(static_cast<volatile unsigned long long*>(status.words), probe);
    auto read = [&](int tile) { return read_status(status, tile); };
    auto publish = [&](unsigned tile, unsigned state, Value value) {
        if constexpr (sizeof(Value) <= kValueInWordBytes) {
            words[tile] = lookback::pack(state, value);
        } else if constexpr (kRecords<Probe>) {
            publish_wide(status, words.buffer(), tile, state, value, probe, __LINE__);
        } else {
            publish_wide(status, 0, tile, state, value, probe, __LINE__);
        }
    };

    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const unsigned tile_count =
        unsigned(((unsigned long long)n + S::kTileElems - 1) / S::kTileElems);  // as tiles_of
    const unsigned ahead = tiles_ahead(tile_count, gridDim.x, kStages);
    const bool aligned =
        (reinterpret_cast<unsigned long long>(g_in) | reinterpret_cast<unsigned long long>(g_out)) %
            16 ==
        0;

    if (threadIdx.x == 0) {
        for (unsigned s = 0; s < kStages; ++s) {
            tx_init(probe, full[s], 32);  // every lane of the producer warp arrives
            tx_init(probe, empty[s], S::kConsumerWarps);
            tx_init(probe, aggregated[s], 1);
            tx_init(probe, prefixed[s], 1);
        }
        tx_init_fence(probe);
    }
    block_sync(probe);

    // Tile i of this block is in stage i % kStages, in that stage's round i / kStages.
    if (warp == kProducerWarp) {
        warp_role(probe, WarpRole::Producer);
        for (unsigned i = 0;; ++i) {
            const unsigned s = i % kStages;
            round_begins(probe, s);
            if (i >= ahead) {  // the consumers are done with tile i - ahead (and so i - kStages)
                const unsigned done = i - ahead;
                tx_wait(probe, empty[done % kStages], done / kStages);
            }
            unsigned tile = 0;
            if (lane == 0) tile = atomic_add(counter[0], 1u);
            tile = shfl_sync(probe, kFullMask, tile, 0);
            const unsigned long long first = (unsigned long long)tile * S::kTileElems;
            const bool last = tile >= tile_count;  // none left: the other warps stop here
            const bool by_copy_engine = !last && aligned && first + S::kTileElems <= n;
            tile_is(probe, last ? kNoTile : tile);
            if (lane == 0) tile_ids[s] = last ? kNoTile : tile;
            if (by_copy_engine) {
                if (lane == 0) {  // its arrival comes with the bytes the copy will complete
                    tx_arrive(probe, full[s], kStageBytes);
                    bulk_copy(probe, s * kStageBytes, in, first, kStageBytes, full[s]);
                }
            } else if (!last) {  // the last tile, or a misaligned input: zeros past the end
                for (unsigned k = lane; k < S::kTileElems; k += 32)
                    tiles[s * S::kTileElems + k] = first + k < n ? T(in[first + k]) : T(0);
            }
            // Every lane arrives after its own writes (lane 0 of a bulk copy did above).
            if (!(by_copy_engine && lane == 0)) tx_arrive(probe, full[s]);
            if (last) return clear_next(status, lane);  // no tile left
        }
    } else if (warp == kAggregatorWarp) {  // each tile's sum, published as it lands
        warp_role(probe, WarpRole::Aggregator);
        for (unsigned i = 0;; ++i) {
            const unsigned s = i % kStages;
            round_begins(probe, s);
            tx_wait(probe, full[s], i / kStages);
            const unsigned tile = tile_ids[s];
            tile_is(probe, tile);
            if (tile == kNoTile) return;
            Value sum = Value(0);
#if defined(__CUDACC__)
#pragma unroll 4
#endif
            for (unsigned k = lane; k < S::kTileElems / kVector; k += 32)
                sum += vector_part<kCompact>(load16(tiles, s * S::kTileElems + k * kVector));
            for (int offset = 16; offset > 0; offset /= 2)
                sum += shfl_xor_sync(probe, kFullMask, sum, offset);
            if (lane == 0) {
                publish(tile, tile == 0 ? kInclusiveReady : kAggregateReady, sum);
                values[s * S::kValuesPerStage + kValueSlot] = sum;
                tx_arrive(probe, aggregated[s]);
            }
        }
    } else if (warp == kLookbackWarp) {  // each tile's prefix, then its inclusive prefix
        warp_role(probe, WarpRole::Lookback);
        for (unsigned i = 0;; ++i) {
            const unsigned s = i % kStages, round = i / kStages;
            round_begins(probe, s);
            tx_wait(probe, full[s], round);
            const unsigned tile = tile_ids[s];
            tile_is(probe, tile);
            if (tile == kNoTile) return;
            lookback::Walk<Value> walk = lookback::start_walk<Value>(tile);
            lookback::walk_to_end(read, walk, lane, probe);
            tx_wait(probe, aggregated[s], round);
            // The lanes' reads of this stage (its tile number) come before lane 0's arrival,
            // which lets the stage be reloaded; the walk's votes are not recorded (their number
            // is timing), so the warp syncs here, where the trace sees it.
            warp_sync(probe);
            if (lane == 0) {
                if (tile > 0)
                    publish(tile, kInclusiveReady,
                            walk.prefix + Value(values[s * S::kValuesPerStage + kValueSlot]));
                values[s * S::kValuesPerStage + kPrefixSlot] = walk.prefix;
                tx_arrive(probe, prefixed[s]);
            }
        }
    } else {  // a consumer: its 32 * kLaneElems elements of each tile, rows of 32 vectors
        warp_role(probe, WarpRole::Consumer);
        const unsigned consumer = warp - kFirstConsumerWarp;
        for (unsigned i = 0;; ++i) {
            const unsigned s = i % kStages, round = i / kStages;
            round_begins(probe, s);
            tx_wait(probe, full[s], round);
            const unsigned tile = tile_ids[s];
            tile_is(probe, tile);
            if (tile == kNoTile) return;
            const unsigned part = s * S::kTileElems + consumer * S::kWarpElems;
            auto at = [&](unsigned r) { return (r * 32 + lane) * kVector; };
            // Row r: each lane's vector total, scanned across the warp; before[r] is the sum of
            // the warp's elements before the lane's vector.
            Value before[kRows];
            Value carry = Value(0);
            WS_UNROLL
            for (unsigned r = 0; r < kRows; ++r) {
                const Value total = vector_part<kCompact>(load16(tiles, part + at(r)));
                Value v = total;
                WS_UNROLL
                for (unsigned offset = 1; offset < 32; offset *= 2) {
                    const Value y = shfl_up_sync(probe, kFullMask, v, offset);
                    if (lane >= offset) v += y;
                }
                before[r] = carry + (v - total);
                carry += shfl_sync(probe, kFullMask, v, 31);
            }
            if (lane == 0) values[s * S::kValuesPerStage + consumer] = carry;
            named_sync(probe, 1, S::kConsumerWarps * 32);
            Value start = Value(0);
            for (unsigned w = 0; w < consumer; ++w) start += values[s * S::kValuesPerStage + w];
            tx_wait(probe, prefixed[s], round);
            start += values[s * S::kValuesPerStage + kPrefixSlot];
            const unsigned long long first =
                (unsigned long long)tile * S::kTileElems + consumer * S::kWarpElems;
            const bool whole = aligned && (unsigned long long)(tile + 1) * S::kTileElems <= n;
            WS_UNROLL
            for (unsigned r = 0; r < kRows; ++r) {
                Vector x = load16(tiles, part + at(r));
                if constexpr (kCompact) {  // zeros past the end are never kept
                    unsigned place = start + before[r];
                    for (unsigned k = 0; k < kVector; ++k)
                        if (KeepPositive{}(x.x[k])) out[place++] = x.x[k];
                } else {
                    T running = start + before[r];
                    WS_UNROLL
                    for (unsigned k = 0; k < kVector; ++k) {
                        const T value = x.x[k];
                        x.x[k] = kind == ScanKind::Inclusive ? running + value : running;
                        running += value;
                    }
                    if (whole) {
                        store16_once(out, first + at(r), x);
                    } else {
                        for (unsigned k = 0; k < kVector; ++k)
                            if (first + at(r) + k < n) out[first + at(r) + k] = x.x[k];
                    }
                }
            }
            warp_sync(probe);
            if (lane == 0) tx_arrive(probe, empty[s]);
        }
    }
}

struct Pipeline {
    static constexpr const char* id = "scan-pipeline";
    template <class T, class Probe>
    static ScanKernels<T, Probe> kernels(unsigned) {
        ScanKernels<T, Probe> k;
        k.single_pass = &scan_pipeline<T, Probe>;
        return k;
    }
};

}  // namespace ws::scan::pipeline
