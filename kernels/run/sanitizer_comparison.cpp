// Comparing a Sanitizer API recording with the emulator's run (sanitizer_comparison.hpp).
#include "kernels/run/sanitizer_comparison.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <tuple>
#include <vector>

#include "kernels/plan_buffers.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/trace/analysis.hpp"

namespace ws::run {
namespace {

using trace::Event;
using trace::EventKind;

bool is_load(const Event& e) {
    return e.kind == EventKind::SharedRead || e.kind == EventKind::GlobalRead;
}

bool same_statement(const Event& a, const Event& b) {
    return is_load(a) && a.kind == b.kind && a.thread == b.thread && a.phase == b.phase &&
           a.substep == b.substep && a.line == b.line && a.buffer == b.buffer;
}

// Each thread's run of loads of one statement, by address; their sequence numbers stay in place.
void order_statement_loads(std::vector<Event>& ev) {
    for (std::size_t first = 0; first < ev.size();) {
        std::size_t end = first + 1;
        while (end < ev.size() && same_statement(ev[first], ev[end])) ++end;
        if (end - first > 1) {
            std::vector<std::uint32_t> seqs;
            for (std::size_t i = first; i < end; ++i) seqs.push_back(ev[i].seq);
            std::stable_sort(ev.begin() + long(first), ev.begin() + long(end),
                             [](const Event& x, const Event& y) { return x.address < y.address; });
            for (std::size_t i = first; i < end; ++i) ev[i].seq = seqs[i - first];
        }
        first = end;
    }
}

bool is_memory(const Event& e) {
    switch (e.kind) {
        case EventKind::SharedRead:
        case EventKind::SharedWrite:
        case EventKind::GlobalRead:
        case EventKind::GlobalWrite:
        case EventKind::Atomic:
            return true;
        default:
            return false;
    }
}

using Access = std::tuple<std::uint16_t, std::uint16_t, int, unsigned, std::uint64_t, unsigned,
                          std::uint64_t>;  // thread, phase, kind, buffer, address, width, value

std::vector<Access> accesses(const trace::BlockTrace& b) {
    std::vector<Access> out;
    for (const Event& e : b.events)
        if (is_memory(e))
            out.emplace_back(e.thread, e.phase, int(e.kind), e.buffer, e.address, e.width, e.value);
    std::sort(out.begin(), out.end());
    return out;
}

std::string describe(const Access& a) {
    const auto& [thread, phase, kind, buffer, address, width, value] = a;
    const bool is_shared =
        kind == int(EventKind::SharedRead) || kind == int(EventKind::SharedWrite);
    return "thread " + std::to_string(thread) + ", phase " + std::to_string(phase) + ", " +
           trace::event_kind_name(EventKind(kind)) + " of " + std::to_string(width) + " bytes at " +
           std::to_string(address) +
           (is_shared ? std::string() : " of buffer " + std::to_string(buffer)) + ", value " +
           std::to_string(value);
}

}  // namespace

void as_the_sanitizer_records(trace::Trace& t) {
    for (trace::BlockTrace& b : t.blocks) {
        std::vector<Event> kept;
        kept.reserve(b.events.size());
        for (Event e : b.events) {
            if (e.kind == EventKind::AtomicWrite) continue;
            if (e.kind == EventKind::Atomic) {
                e.value = 0;
                e.src_lane = trace::kLeftUnseen;
            }
            if (e.kind == EventKind::Shuffle && !trace::is_ballot(e)) {
                e.value = 0;
                e.src_lane = std::uint8_t(e.thread % 32);
            }
            kept.push_back(e);
        }
        // Each thread's events numbered again from 0 (an AtomicWrite left out leaves a gap).
        std::map<std::uint16_t, std::uint32_t> next;
        for (Event& e : kept) e.seq = next[e.thread]++;
        order_statement_loads(kept);
        b.events = std::move(kept);
        b.order.clear();  // indices into the events as they were
        b.landed.clear();
    }
    t.totals.atomic_retries = 0;  // which atomics lost a race is not handed over either
}

std::string same_accesses_by_phase(const trace::Trace& gpu, const trace::Trace& emulator) {
    // Counted access by access, whatever instructions the compiler made of them.
    if (gpu.totals.atomics != emulator.totals.atomics ||
        gpu.totals.atomic_retries != emulator.totals.atomic_retries)
        return "atomics over all blocks: " + std::to_string(gpu.totals.atomics) + " (" +
               std::to_string(gpu.totals.atomic_retries) + " retried) vs " +
               std::to_string(emulator.totals.atomics) + " (" +
               std::to_string(emulator.totals.atomic_retries) + " retried)";
    if (gpu.blocks.size() != emulator.blocks.size())
        return std::to_string(gpu.blocks.size()) + " traced blocks vs " +
               std::to_string(emulator.blocks.size());
    for (std::size_t i = 0; i < gpu.blocks.size(); ++i) {
        const trace::BlockTrace& g = gpu.blocks[i];
        const trace::BlockTrace& e = emulator.blocks[i];
        const std::string where = "block " + std::to_string(g.block) + ": ";
        if (g.block != e.block)
            return where + "the emulator's block there is " + std::to_string(e.block);
        const std::vector<Access> a = accesses(g), b = accesses(e);
        const auto [ia, ib] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
        if (ia == a.end() && ib == b.end()) continue;
        if (ia == a.end()) return where + "the GPU did not make " + describe(*ib);
        if (ib == b.end()) return where + "the emulator did not make " + describe(*ia);
        return where + "the GPU made " + describe(*ia) + " where the emulator made " +
               describe(*ib);
    }
    return "";
}

namespace {

// The stores of `b` that the same thread overwrote at the same place before the next barrier.
std::vector<Access> overwritten_stores(const trace::BlockTrace& b) {
    std::map<std::tuple<std::uint16_t, std::uint16_t, int, unsigned, std::uint64_t, unsigned>,
             std::uint32_t>
        last;  // the last store's seq at each (thread, phase, kind, buffer, address, width)
    for (const Event& e : b.events)
        if (e.kind == EventKind::SharedWrite || e.kind == EventKind::GlobalWrite) {
            std::uint32_t& seq =
                last[{e.thread, e.phase, int(e.kind), e.buffer, e.address, e.width}];
            seq = std::max(seq, e.seq);
        }
    std::vector<Access> out;
    for (const Event& e : b.events)
        if ((e.kind == EventKind::SharedWrite || e.kind == EventKind::GlobalWrite) &&
            last[{e.thread, e.phase, int(e.kind), e.buffer, e.address, e.width}] > e.seq)
            out.emplace_back(e.thread, e.phase, int(e.kind), e.buffer, e.address, e.width, e.value);
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

std::string same_accesses_but_left_out(const trace::Trace& gpu, const trace::Trace& probed,
                                       std::size_t& left_out) {
    left_out = 0;
    if (gpu.totals.atomics != probed.totals.atomics)
        return "atomics over all blocks: " + std::to_string(gpu.totals.atomics) + " vs " +
               std::to_string(probed.totals.atomics);
    if (gpu.blocks.size() != probed.blocks.size())
        return std::to_string(gpu.blocks.size()) + " traced blocks vs " +
               std::to_string(probed.blocks.size());
    for (std::size_t i = 0; i < gpu.blocks.size(); ++i) {
        const std::string where = "block " + std::to_string(gpu.blocks[i].block) + ": ";
        if (gpu.blocks[i].block != probed.blocks[i].block)
            return where + "the probe's block there is " + std::to_string(probed.blocks[i].block);
        const std::vector<Access> a = accesses(gpu.blocks[i]), b = accesses(probed.blocks[i]);
        std::vector<Access> only_gpu, only_probe, dead_stores;
        std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_gpu));
        std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(only_probe));
        if (!only_gpu.empty()) return where + "the probe did not make " + describe(only_gpu[0]);
        const std::vector<Access> overwritten = overwritten_stores(probed.blocks[i]);
        std::vector<Access> stores;
        for (const Access& x : only_probe) {
            const int kind = std::get<2>(x);
            if (kind == int(EventKind::SharedRead) || kind == int(EventKind::GlobalRead)) continue;
            if (kind != int(EventKind::SharedWrite) && kind != int(EventKind::GlobalWrite))
                return where + "the GPU did not make " + describe(x);
            stores.push_back(x);
        }
        std::set_difference(stores.begin(), stores.end(), overwritten.begin(), overwritten.end(),
                            std::back_inserter(dead_stores));
        if (!dead_stores.empty())
            return where + "the GPU did not make " + describe(dead_stores[0]) +
                   ", a store nothing overwrote before the next barrier";
        left_out += only_probe.size();
    }
    return "";
}

// A single pass's look-back reads the status of the tiles before its own through plain
// pointers, as often as timing makes it wait: the probe leaves them out (crosscheck.hpp), and so
// the recording's reads of the status buffers (after the input and the output) are left out too.
static void without_look_back_reads(const VariantInfo& v, trace::Trace& t) {
    if (v.driver != ScanDriver::SinglePass) return;
    for (trace::BlockTrace& b : t.blocks)
        b.events.erase(std::remove_if(b.events.begin(), b.events.end(),
                                      [](const Event& e) {
                                          return e.kind == EventKind::GlobalRead &&
                                                 e.buffer > kOutputBuffer;
                                      }),
                       b.events.end());
}

SanitizerCrosscheck compare_sanitizer_recording(const VariantInfo& v, trace::Trace gpu,
                                                trace::Trace emulator,
                                                bool accesses_may_be_left_out) {
    without_look_back_reads(v, gpu);
    without_look_back_reads(v, emulator);
    as_the_sanitizer_records(gpu);
    as_the_sanitizer_records(emulator);
    SanitizerCrosscheck c;
    const std::string exact = crosscheck_difference(v, gpu, emulator);
    if (exact.empty()) return c;
    const std::string accesses = same_accesses_by_phase(gpu, emulator);
    std::size_t left_out = 0;
    if (accesses.empty())
        c.compiler_difference = exact;
    else if (accesses_may_be_left_out &&
             same_accesses_but_left_out(gpu, emulator, left_out).empty())
        c.left_out = left_out;
    else
        c.difference = exact + " (and by accesses: " + accesses + ")";
    return c;
}

std::string sanitizer_blind_spot(const VariantInfo& v, const trace::Trace& probed) {
    if (v.dynamic_tiles) return kRecordsByTile;
    if (v.family == Family::Reduce && v.reduce_driver == ReduceDriver::LastBlock)
        return "which block finished last, and so summed the partials, is what its atomic on the "
               "counter returned, which the Sanitizer API does not hand over";
    if (v.family == Family::Reduce && v.reduce_driver == ReduceDriver::SpinLock)
        return "who held the lock, and how often each thread tried it, is what its "
               "compare-and-swap returned, which the Sanitizer API does not hand over";
    if (probed.totals.atomic_retries > 0)
        return std::to_string(probed.totals.atomic_retries) +
               " compare-and-swaps lost their race in the probe's run: which ones is what they "
               "returned, which the Sanitizer API does not hand over";
    return "";
}

}  // namespace ws::run
