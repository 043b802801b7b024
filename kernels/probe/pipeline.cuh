// Hopper's pipeline in the recording vocabulary: the copy engine's bulk copies, transaction
// barriers (mbarrier), named barriers and the marks that make a pipelined kernel's trace
// describe itself. One source for both executors: PTX on the GPU (async_copy.cuh), the
// emulator's model on the host (kernels/sim/pipeline_sync.cpp, copy_engine.cpp).
//
//   auto full = tx_barriers(probe, first_byte, stages);  // a ring of barriers (a Slots mark)
//   tx_init(probe, full[s], 32);            // one thread: a round needs 32 arrivals
//   tx_init_fence(probe);                   // before a copy uses them
//   tx_arrive(probe, full[s], bytes);       // an arrival announcing bytes (0: a plain one)
//   bulk_copy(probe, dst_byte, in, first, bytes, full[s]);  // one lane: the copy engine loads
//   tx_wait(probe, full[s], round);         // until round `round` is over (a GPU: its parity)
//   named_sync(probe, 1, 128);              // bar.sync 1, 128: these warps only
//   stage_slots(probe, first, stride, stages, SlotKind::Data);  // marks: the layout,
//   warp_role(probe, WarpRole::Producer);   // this warp's job,
//   round_begins(probe, stage); tile_is(probe, tile);  // and each turn of its loop
//
// Recorded (kernels/trace/event.hpp): TxInit, TxArrive, TxWait (once, when the wait begins:
// how many tries it takes is timing), BulkCopy (by its one lane: the copy engine writes the
// bytes, so they count no shared-memory wavefront), NamedSync (closes a sub-step), Mark. The
// emulator adds when each copy landed (BlockTrace::landed). A recording probe provides, beside
// vocabulary.cuh's contract:
//   void pipeline_event(EventKind, unsigned char buffer, unsigned long long address,
//                       unsigned long long value, unsigned width, unsigned src_lane,
//                       unsigned line);        // records one event as given
#pragma once
#include "kernels/probe/async_copy.cuh"
#include "kernels/probe/vocabulary.cuh"

namespace ws::probe {

using trace::MarkKind;
using trace::SlotKind;
using trace::WarpRole;

// A transaction barrier: its byte offset in the block's dynamic shared memory (8 bytes,
// 8-aligned).
struct TxBar {
    unsigned offset;
};

// `count` barriers side by side from `first_byte`.
struct TxBarRing {
    unsigned first_byte;
    WS_DEV TxBar operator[](unsigned i) const { return {first_byte + 8 * i}; }
};

namespace detail {
WS_DEV unsigned char* smem_byte(unsigned offset) {
    return dynamic_smem_base() + offset;
}
#if defined(__CUDACC__)
WS_DEV TxBarrier& gpu_barrier(TxBar b) {
    return *reinterpret_cast<TxBarrier*>(smem_byte(b.offset));
}
#endif
template <class Probe>
WS_DEV void record(Probe& probe, EventKind kind, unsigned long long address,
                   unsigned long long value, unsigned width, unsigned line,
                   unsigned char buffer = 0, unsigned src_lane = 0) {
    if constexpr (kRecords<Probe>) {
        // An instruction is a scheduling point on the emulator, as a shared access is; a mark
        // is not an instruction.
        if (kind != EventKind::Mark) probe.before_access();
        probe.pipeline_event(kind, buffer, address, value, width, src_lane, line);
    }
    (void)probe, (void)kind, (void)address, (void)value, (void)width, (void)line, (void)buffer,
        (void)src_lane;
}
template <class Probe>
WS_DEV void mark(Probe& probe, MarkKind what, unsigned long long address, unsigned long long value,
                 unsigned line, unsigned char buffer = 0) {
    record(probe, EventKind::Mark, address, value, 0, line, buffer, unsigned(what));
}
}  // namespace detail

// ---- marks: the trace says what the kernel's shared memory and warps are ----------------------
// A ring of `stages` per-stage regions of shared memory from `first_byte`, `stride` bytes apart.
template <class Probe>
WS_DEV void stage_slots(Probe& probe, unsigned first_byte, unsigned stride, unsigned stages,
                        SlotKind kind, unsigned line = __builtin_LINE()) {
    detail::mark(probe, MarkKind::Slots, first_byte,
                 (unsigned long long)stride | (unsigned long long)stages << 32, line,
                 static_cast<unsigned char>(kind));
}
// This warp's job from here on.
template <class Probe>
WS_DEV void warp_role(Probe& probe, WarpRole role, unsigned line = __builtin_LINE()) {
    detail::mark(probe, MarkKind::Role, 0, unsigned(role), line);
}
// A turn of this thread's pipeline loop begins, on stage `stage`.
template <class Probe>
WS_DEV void round_begins(Probe& probe, unsigned stage, unsigned line = __builtin_LINE()) {
    detail::mark(probe, MarkKind::Round, stage, 0, line);
}
// The tile this turn works on (trace::kNoTile: none left).
template <class Probe>
WS_DEV void tile_is(Probe& probe, unsigned tile, unsigned line = __builtin_LINE()) {
    detail::mark(probe, MarkKind::Tile, 0, tile, line);
}

// ---- transaction barriers --------------------------------------------------------------------
// `count` barriers from `first_byte` (8-aligned), marked as a ring of Barriers slots.
template <class Probe>
WS_DEV TxBarRing tx_barriers(Probe& probe, unsigned first_byte, unsigned count,
                             unsigned line = __builtin_LINE()) {
    if constexpr (kRecords<Probe>) probe.shared_declared(first_byte + 8 * count, line);
    stage_slots(probe, first_byte, 8, count, SlotKind::Barriers, line);
    return {first_byte};
}

// One thread: a round of `bar` completes after `arrivals` arrivals and the bytes they announce.
template <class Probe>
WS_DEV void tx_init(Probe& probe, TxBar bar, unsigned arrivals, unsigned line = __builtin_LINE()) {
    detail::record(probe, EventKind::TxInit, bar.offset, arrivals, 8, line);
#if defined(__CUDACC__)
    tx_init(detail::gpu_barrier(bar), arrivals);
#else
    sim::tx_init(detail::smem_byte(bar.offset), arrivals, line);
#endif
}

// After the barriers' init, before a copy uses them: the copy engine sees the init.
template <class Probe>
WS_DEV void tx_init_fence(Probe& probe, unsigned line = __builtin_LINE()) {
    (void)probe;
#if defined(__CUDACC__)
    (void)line;
    tx_init_fence();
#else
    sim::tx_init_fence(line);
#endif
}

// This thread arrives on `bar`'s current round (release: its earlier writes are seen by whoever
// waits for the round), announcing `bytes` that copies will complete (0: a plain arrival).
template <class Probe>
WS_DEV void tx_arrive(Probe& probe, TxBar bar, unsigned bytes = 0,
                      unsigned line = __builtin_LINE()) {
    detail::record(probe, EventKind::TxArrive, bar.offset, bytes, 8, line);
#if defined(__CUDACC__)
    tx_arrive_expect(detail::gpu_barrier(bar), bytes);
#else
    sim::tx_arrive(detail::smem_byte(bar.offset), bytes, line);
#endif
}

// Waits until round `round` (0, 1, 2, ...) of `bar` is over (acquire). A GPU tests the round's
// parity only; the emulator checks that the parity could not be mistaken.
template <class Probe>
WS_DEV void tx_wait(Probe& probe, TxBar bar, unsigned round, unsigned line = __builtin_LINE()) {
    detail::record(probe, EventKind::TxWait, bar.offset, round, 8, line);
#if defined(__CUDACC__)
    tx_wait(detail::gpu_barrier(bar), round & 1u);
#else
    sim::tx_wait(detail::smem_byte(bar.offset), round, line);
#endif
}

// ---- the copy engine -------------------------------------------------------------------------
namespace detail {
template <class Probe, class T>
WS_DEV void bulk_copy_from(Probe& probe, unsigned dst_byte, const T* src, unsigned char buffer,
                           unsigned long long first, unsigned bytes, TxBar bar, unsigned line) {
    record(probe, EventKind::BulkCopy, first * sizeof(T),
           trace::pack_bulk_copy({dst_byte, bar.offset, bytes}), 16, line, buffer);
#if defined(__CUDACC__)
    bulk_copy(smem_byte(dst_byte), src + first, bytes, gpu_barrier(bar));
#else
    sim::bulk_copy(smem_byte(dst_byte), src + first, bytes, smem_byte(bar.offset), line);
#endif
}
}  // namespace detail

// One lane: the copy engine copies `bytes` from src[first..] into shared memory at `dst_byte`
// and completes them on `bar` (whose round must announce them). 16-byte aligned, a multiple of
// 16 bytes.
template <class T, class Probe>
WS_DEV void bulk_copy(Probe& probe, unsigned dst_byte, const GlobalArray<const T, Probe>& src,
                      unsigned long long first, unsigned bytes, TxBar bar,
                      unsigned line = __builtin_LINE()) {
    detail::bulk_copy_from(probe, dst_byte, src.data(), src.buffer(), first, bytes, bar, line);
}
template <class T, class Probe>
WS_DEV void bulk_copy(Probe& probe, unsigned dst_byte, const T* src, unsigned long long first,
                      unsigned bytes, TxBar bar, unsigned line = __builtin_LINE()) {
    detail::bulk_copy_from(probe, dst_byte, src, 0, first, bytes, bar, line);
}

// ---- named barriers --------------------------------------------------------------------------
// bar.sync id, threads: the calling warps wait for each other (`threads`, whole warps) while
// the block's other warps run on. id 1..15 (0 is __syncthreads). Closes a sub-step.
template <class Probe>
WS_DEV void named_sync(Probe& probe, unsigned id, unsigned threads,
                       unsigned line = __builtin_LINE()) {
#if defined(__CUDACC__)
    asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
#else
    sim::named_barrier(id, threads, line);
#endif
    detail::record(probe, EventKind::NamedSync, id, threads, 0, line);
    if constexpr (kRecords<Probe>) probe.warp_synced(line);
}

}  // namespace ws::probe
