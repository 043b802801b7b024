#include "kernels/run/crosscheck.hpp"

#include <algorithm>
#include <iterator>

#include "kernels/plan_buffers.hpp"
#include "kernels/trace/analysis.hpp"

namespace ws::run {

void normalize_dynamic_tiles(const VariantInfo& v, trace::Trace& t) {
    if (!v.dynamic_tiles || v.persistent) return;
    for (trace::BlockTrace& b : t.blocks) {
        for (const trace::Event& e : b.events) {  // ordered by (thread, seq): the first draw
            if (e.kind != trace::EventKind::Atomic) continue;
            b.block = std::uint32_t(e.value);
            break;
        }
    }
    std::stable_sort(
        t.blocks.begin(), t.blocks.end(),
        [](const trace::BlockTrace& a, const trace::BlockTrace& b) { return a.block < b.block; });
}

namespace {

// Variants whose warps add into one output word with atomics (single-pass reductions,
// aos-vs-soa): the values the atomics see depend on the order they land in.
bool single_pass_reduction(const VariantInfo& v) {
    return (v.family == Family::Reduce && v.reduce_driver != ReduceDriver::MultiPass) ||
           v.scan_op == ScanOp::FieldSums;
}

// Removes the compare-and-swaps that lost their race (an Atomic with no AtomicWrite), numbers
// each thread's events again, and sums the totals again over the traced blocks when they are
// all of them. The emulator's order of events is dropped with them (a GPU records none).
void drop_lost_races(trace::Trace& t) {
    bool dropped = false;
    for (trace::BlockTrace& b : t.blocks) {
        std::vector<trace::Event> kept;
        kept.reserve(b.events.size());
        std::uint32_t dropped_here = 0;  // of the current thread (events are in thread order)
        for (std::size_t i = 0; i < b.events.size(); ++i) {
            const trace::Event& e = b.events[i];
            if (i > 0 && b.events[i - 1].thread != e.thread) dropped_here = 0;
            if (e.kind == trace::EventKind::Atomic && !trace::atomic_wrote(b, i)) {
                ++dropped_here;
                continue;
            }
            kept.push_back(e);
            kept.back().seq -= dropped_here;
        }
        if (kept.size() == b.events.size()) continue;
        dropped = true;
        b.events = std::move(kept);
        b.order.clear();
        b.landed.clear();
    }
    if (!dropped || !t.request.all_blocks) return;
    t.totals = {};
    for (const trace::BlockTrace& b : t.blocks)
        t.totals += trace::block_counters(b, t.threads_per_block);
}

// A last-block kernel: the block whose count of finished blocks (its first Atomic) returned
// grid - 1 goes on to sum the partials. Its events and snapshots after that count move to a
// block of their own, numbered `grid`, so that the blocks compare equal whichever finished last.
void set_last_block_apart(trace::Trace& t) {
    trace::BlockTrace tail;
    tail.block = t.grid;
    for (trace::BlockTrace& b : t.blocks) {
        const auto count =
            std::find_if(b.events.begin(), b.events.end(),
                         [](const trace::Event& e) { return e.kind == trace::EventKind::Atomic; });
        if (count == b.events.end() || count->value + 1 != t.grid) continue;
        const std::uint16_t phase = count->phase;
        auto after = [phase](const auto& x) { return x.phase > phase; };
        std::copy_if(b.events.begin(), b.events.end(), std::back_inserter(tail.events), after);
        b.events.erase(std::remove_if(b.events.begin(), b.events.end(), after), b.events.end());
        std::copy_if(b.snapshots.begin(), b.snapshots.end(), std::back_inserter(tail.snapshots),
                     after);
        b.snapshots.erase(std::remove_if(b.snapshots.begin(), b.snapshots.end(), after),
                          b.snapshots.end());
        b.order.clear();
        b.landed.clear();
    }
    // Numbered from 0 in each thread: how many events a thread had before depends on the block
    // (a block at the end of the array loads fewer elements).
    for (std::size_t i = 0; i < tail.events.size(); ++i)
        tail.events[i].seq = i > 0 && tail.events[i - 1].thread == tail.events[i].thread
                                 ? tail.events[i - 1].seq + 1
                                 : 0;
    if (!tail.events.empty()) t.blocks.push_back(std::move(tail));
}

}  // namespace

void mask_order_dependent_values(const VariantInfo& v, trace::Trace& t) {
    if (!single_pass_reduction(v)) return;
    if (v.reduce_driver == ReduceDriver::LastBlock) set_last_block_apart(t);
    drop_lost_races(t);
    // Under a spin lock the output is written with a plain store of what its holder read plus
    // its partial: a running sum in the order the blocks took the lock.
    const bool locked_writes = v.reduce_driver == ReduceDriver::SpinLock;
    for (trace::BlockTrace& b : t.blocks)
        for (trace::Event& e : b.events)
            if (e.kind == trace::EventKind::Atomic || e.kind == trace::EventKind::AtomicWrite ||
                (e.buffer == kOutputBuffer && e.kind == trace::EventKind::GlobalRead) ||
                (locked_writes && e.buffer == kOutputBuffer &&
                 e.kind == trace::EventKind::GlobalWrite))
                e.value = 0;
}

std::string crosscheck_difference(const VariantInfo& v, trace::Trace gpu, trace::Trace emulator) {
    if (v.persistent) {
        split_persistent_tiles(gpu);
        split_persistent_tiles(emulator);
    }
    normalize_dynamic_tiles(v, gpu);
    normalize_dynamic_tiles(v, emulator);
    mask_order_dependent_values(v, gpu);
    mask_order_dependent_values(v, emulator);
    return trace::first_difference(gpu, emulator);
}

}  // namespace ws::run
