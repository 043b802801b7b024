// first_difference: where two traces of the same request first part ways, in one line of words.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/analysis_internal.hpp"
#include "kernels/trace/counter_fields.hpp"

namespace ws::trace {

namespace {

const char* kind_name(EventKind k) {
    switch (k) {
        case EventKind::SharedRead:
            return "SharedRead";
        case EventKind::SharedWrite:
            return "SharedWrite";
        case EventKind::GlobalRead:
            return "GlobalRead";
        case EventKind::GlobalWrite:
            return "GlobalWrite";
        case EventKind::Shuffle:
            return "Shuffle";
        case EventKind::Atomic:
            return "Atomic";
        case EventKind::AtomicWrite:
            return "AtomicWrite";
        case EventKind::TxInit:
            return "TxInit";
        case EventKind::TxArrive:
            return "TxArrive";
        case EventKind::TxWait:
            return "TxWait";
        case EventKind::BulkCopy:
            return "BulkCopy";
        case EventKind::NamedSync:
            return "NamedSync";
        case EventKind::Mark:
            return "Mark";
    }
    return "kind?";
}

std::string num(std::uint64_t v) {
    return std::to_string(v);
}

std::string hex(std::uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%" PRIx64, v);
    return buf;
}

std::string vs(const std::string& field, const std::string& x, const std::string& y) {
    return field + ": " + x + " vs " + y;
}

// Two values as text; raw bits are added when the text alone would look the same.
std::string values_text(Value x, Value y) {
    std::string sx = x.to_string(), sy = y.to_string();
    if (x.type != y.type) {
        sx += std::string(" (") + dtype_name(x.type) + ")";
        sy += std::string(" (") + dtype_name(y.type) + ")";
    } else if (sx == sy) {
        sx += " (" + hex(x.bits) + ")";
        sy += " (" + hex(y.bits) + ")";
    }
    return sx + " vs " + sy;
}
std::string values_vs(const std::string& field, Value x, Value y) {
    return field + ": " + values_text(x, y);
}

std::string step_text(std::uint16_t phase, std::uint16_t substep) {
    return "(" + num(phase) + "," + num(substep) + ")";
}

std::string event_place(std::uint32_t block, std::size_t index, const Event& e) {
    return "block " + num(block) + ", step " + step_text(e.phase, e.substep) + ", warp " +
           num(detail::warp_of(e)) + " lane " + num(detail::lane_of(e)) + ", event #" + num(index) +
           " (line " + num(e.line) + " " + kind_name(e.kind) + ")";
}

// The first field in which two events differ, or "".
std::string event_difference(const Trace& ta, const Event& a, const Event& b) {
    if (a.phase != b.phase || a.substep != b.substep)
        return vs("step", step_text(a.phase, a.substep), step_text(b.phase, b.substep));
    if (a.thread != b.thread) return vs("thread", num(a.thread), num(b.thread));
    if (a.line != b.line) return vs("line", num(a.line), num(b.line));
    if (a.kind != b.kind) return vs("kind", kind_name(a.kind), kind_name(b.kind));
    if (a.width != b.width) return vs("width", num(a.width), num(b.width));
    if (a.src_lane != b.src_lane) return vs("source lane", num(a.src_lane), num(b.src_lane));
    if (a.buffer != b.buffer) return vs("buffer", num(a.buffer), num(b.buffer));
    if (a.seq != b.seq) return vs("seq", num(a.seq), num(b.seq));
    if (a.address != b.address) return vs("address", num(a.address), num(b.address));
    if (a.value != b.value) {
        DType t = detail::is_shared(a.kind) ? ta.smem_type : ta.request.type;
        return values_vs("value", Value{t, a.value}, Value{t, b.value});
    }
    return "";
}

std::string phase_list(const std::vector<Snapshot>& snaps) {
    std::string s = "[";
    for (std::size_t i = 0; i < snaps.size(); ++i) {
        if (i == 20) {
            s += ", ...";
            break;
        }
        s += (i ? "," : "") + num(snaps[i].phase);
    }
    return s + "]";
}

// The element of type `t` that holds byte `offset`, read from `bytes` (missing bytes read 0).
Value element_at(const std::vector<std::uint8_t>& bytes, DType t, std::uint64_t offset) {
    unsigned size = dtype_size(t);
    std::uint64_t first = offset / size * size;
    Value v{t, 0};
    for (unsigned k = 0; k < size; ++k)
        if (first + k < bytes.size()) v.bits |= std::uint64_t(bytes[first + k]) << (8 * k);
    return v;
}

std::string snapshot_difference(const Trace& ta, const BlockTrace& a, const BlockTrace& b) {
    const std::string where = "block " + num(a.block);
    bool same_phases = a.snapshots.size() == b.snapshots.size();
    for (std::size_t i = 0; same_phases && i < a.snapshots.size(); ++i)
        same_phases = a.snapshots[i].phase == b.snapshots[i].phase;
    if (!same_phases)
        return where + ", " +
               vs("snapshot phases", phase_list(a.snapshots), phase_list(b.snapshots));

    const unsigned elem = dtype_size(ta.smem_type);
    for (std::size_t i = 0; i < a.snapshots.size(); ++i) {
        const Snapshot& sa = a.snapshots[i];
        const Snapshot& sb = b.snapshots[i];
        std::vector<std::uint8_t> defined(ta.smem_bytes, 0);
        detail::mark_written_through(a, sa.phase, defined);
        for (std::uint64_t at = 0; at < defined.size(); ++at) {
            if (!defined[at]) continue;
            bool in_a = at < sa.bytes.size(), in_b = at < sb.bytes.size();
            if (in_a && in_b && sa.bytes[at] == sb.bytes[at]) continue;
            std::string place = where + ", snapshot at the barrier closing phase " + num(sa.phase) +
                                ", s[" + num(at / elem) + "] (byte " + num(at) + ")";
            if (!in_a || !in_b)
                return place + ": " + (in_a ? "present" : "missing") + " vs " +
                       (in_b ? "present" : "missing") + " (snapshot sizes " + num(sa.bytes.size()) +
                       " vs " + num(sb.bytes.size()) + " bytes)";
            return place + ": " +
                   values_text(element_at(sa.bytes, ta.smem_type, at),
                               element_at(sb.bytes, ta.smem_type, at));
        }
    }
    return "";
}

std::string block_difference(const Trace& ta, const BlockTrace& a, const BlockTrace& b) {
    std::size_t common = std::min(a.events.size(), b.events.size());
    for (std::size_t i = 0; i < common; ++i) {
        std::string d = event_difference(ta, a.events[i], b.events[i]);
        if (!d.empty()) return event_place(a.block, i, a.events[i]) + ": " + d;
    }
    if (a.events.size() != b.events.size()) {
        const BlockTrace& longer = a.events.size() > b.events.size() ? a : b;
        return event_place(a.block, common, longer.events[common]) + ": only in the " +
               (&longer == &a ? "first" : "second") + " trace (" + num(a.events.size()) + " vs " +
               num(b.events.size()) + " events)";
    }
    if (a.truncated != b.truncated)
        return "block " + num(a.block) + ", " +
               vs("truncated", a.truncated ? "yes" : "no", b.truncated ? "yes" : "no");
    return snapshot_difference(ta, a, b);
}

}  // namespace

std::string first_difference(const Trace& a, const Trace& b) {
    if (a.threads_per_block != b.threads_per_block)
        return vs("threads per block", num(a.threads_per_block), num(b.threads_per_block));
    if (a.grid != b.grid) return vs("grid", num(a.grid), num(b.grid));
    if (a.smem_bytes != b.smem_bytes)
        return vs("shared memory bytes", num(a.smem_bytes), num(b.smem_bytes));
    if (a.blocks.size() != b.blocks.size())
        return vs("traced blocks", num(a.blocks.size()), num(b.blocks.size()));
    for (std::size_t i = 0; i < a.blocks.size(); ++i) {
        if (a.blocks[i].block != b.blocks[i].block)
            return vs("traced block #" + num(i) + " id", num(a.blocks[i].block),
                      num(b.blocks[i].block));
        std::string d = block_difference(a, a.blocks[i], b.blocks[i]);
        if (!d.empty()) return d;
    }
    for (const CounterField& f : kCounterFields)
        if (a.totals.*f.member != b.totals.*f.member)
            return vs(std::string("totals ") + f.name, num(a.totals.*f.member),
                      num(b.totals.*f.member));
    if (a.result.type != b.result.type || a.result.bits != b.result.bits)
        return values_vs("result", a.result, b.result);
    if (a.output_digest != b.output_digest)
        return vs("output (FNV-1a of every element)", hex(a.output_digest), hex(b.output_digest));
    return "";
}

}  // namespace ws::trace
