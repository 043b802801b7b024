// Builds a TraceView: every per-step number the panels show, computed once per trace.
#include "ui/model/trace/trace_view.hpp"

#include "ui/model/pictures/sector_picture.hpp"

#include "ui/model/trace/step_text.hpp"

#include "kernels/catalog.hpp"
#include "kernels/run/result_text.hpp"
#include "kernels/trace/event_value.hpp"
#include "ui/model/trace/padding.hpp"
#include "ui/model/trace/race_steps.hpp"
#include "ui/model/trace/value_text.hpp"

#include <algorithm>
#include <bitset>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

namespace ws::ui {
namespace {

using trace::EventKind;

bool is_shared(EventKind k) {
    return k == EventKind::SharedRead || k == EventKind::SharedWrite;
}
bool is_global(EventKind k) {
    return k == EventKind::GlobalRead || k == EventKind::GlobalWrite || k == EventKind::Atomic;
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) out.push_back(line);
    return out;
}

// Shared memory after each step, decoded per cell.
void fill_values(TraceView& v, trace::DType type, std::uint32_t smem_bytes) {
    for (StepView& s : v.steps) {
        trace::SharedImage img = trace::shared_after(*v.block, smem_bytes, s.id);
        s.values.assign(v.cells, 0.0);
        s.defined.assign(v.cells, 0);
        for (std::uint32_t c = 0; c < v.cells; ++c) {
            const std::size_t at = std::size_t(c) * v.elem_size;
            if (at + v.elem_size > img.bytes.size()) break;
            std::uint64_t bits = 0;
            std::memcpy(&bits, &img.bytes[at], v.elem_size);
            s.values[c] = trace::decode_value(bits, type);
            s.defined[c] = img.written[at];
            if (!s.defined[c]) continue;
            const std::string text = format_value(s.values[c], type);
            v.value_chars = std::max(v.value_chars, text.size());
            if (text.size() > v.min_chars)  // (no form is shorter than min_chars already)
                v.min_chars = std::max(v.min_chars, shortest_chars(s.values[c], type, text));
        }
    }
}

}  // namespace

void apply_event(const TraceView& v, StepView& s, const trace::Event& e, PendingReads& pending) {
    const std::uint32_t warp = e.thread / trace::kWarpSize;
    if (warp < s.active_mask.size()) s.active_mask[warp] |= 1u << (e.thread % trace::kWarpSize);
    const std::uint64_t cell64 = e.address / v.elem_size;
    const bool in_smem = is_shared(e.kind) && cell64 < v.cells;
    const auto cell = static_cast<std::uint32_t>(cell64);
    switch (e.kind) {
        case EventKind::SharedRead:
            if (!in_smem) break;
            s.cells[cell] |= kCellRead;
            s.accesses.push_back({e.thread, cell, false});
            pending.cells.push_back(cell);
            break;
        case EventKind::SharedWrite:
            if (!in_smem) break;
            s.cells[cell] |= kCellWritten;
            s.accesses.push_back({e.thread, cell, true});
            if (pending.global) s.cells[cell] |= kCellFromGlobal;
            std::sort(pending.cells.begin(), pending.cells.end());
            pending.cells.erase(std::unique(pending.cells.begin(), pending.cells.end()),
                                pending.cells.end());
            for (std::uint32_t from : pending.cells)
                if (from != cell) s.arrows.push_back({from, cell, e.thread});
            pending.cells.clear();
            pending.global = false;
            break;
        case EventKind::GlobalRead:
            // A 16-byte load brings several values (elem_size: the traced array's type).
            s.global_reads += std::max<std::uint32_t>(1, e.width / std::max(1u, v.elem_size));
            pending.global = true;
            break;
        case EventKind::GlobalWrite:
            ++s.global_writes;
            break;
        case EventKind::Atomic:  // its old value comes from global memory
            ++s.atomics;
            pending.global = true;
            break;
        case EventKind::AtomicWrite:  // what that atomic left: no new access
            break;
        case EventKind::TxInit:  // the pipeline's synchronisation: drawn by its own panel
        case EventKind::TxArrive:
        case EventKind::TxWait:
        case EventKind::BulkCopy:
        case EventKind::NamedSync:
        case EventKind::Mark:
            break;
        case EventKind::Shuffle: {
            if (trace::is_ballot(e)) {  // every lane got the same word: keep it once a warp
                ++s.ballot_events;
                if (s.ballots.empty() || s.ballots.back().warp != warp)
                    s.ballots.push_back({warp, static_cast<std::uint32_t>(e.value), e.line});
                break;
            }
            ++s.shuffle_events;
            const auto from = static_cast<std::uint16_t>(warp * trace::kWarpSize + e.src_lane);
            s.shuffles.push_back({from, e.thread, event_value(e, v.trace->smem_type)});
            break;
        }
    }
}

namespace {

// Lane activity, cell flags, data-flow arrows and event tallies, in one pass over the events
// in (thread, seq) order.
void fill_events(TraceView& v, const std::vector<trace::StepId>& ids) {
    const trace::BlockTrace& b = *v.block;
    auto index_of = [&](const trace::Event& e) {
        return static_cast<std::size_t>(
            std::lower_bound(ids.begin(), ids.end(), trace::step_of(e)) - ids.begin());
    };
    PendingReads pending;  // shared cells read since the thread's last shared write
    int current_thread = -1;
    for (const trace::Event& e : b.events) {
        if (e.thread != current_thread) {
            current_thread = e.thread;
            pending = PendingReads{};
        }
        apply_event(v, v.steps[index_of(e)], e, pending);
    }
}

// The paths each warp's lanes took, per step.
void fill_paths(TraceView& v, const std::vector<trace::StepId>& ids) {
    for (StepView& s : v.steps) s.paths.assign(v.warps, WarpPathView{});
    for (trace::WarpPaths& w : trace::warp_paths(*v.block, v.threads)) {
        const auto at = static_cast<std::size_t>(std::lower_bound(ids.begin(), ids.end(), w.step) -
                                                 ids.begin());
        if (at >= v.steps.size() || w.warp >= v.warps) continue;
        WarpPathView& p = v.steps[at].paths[w.warp];
        p.divergent = w.divergent();
        p.idle_mask = w.idle_mask;
        p.masks = std::move(w.masks);
        p.lines = std::move(w.lines);
    }
}

LineActivity& line_slot(StepView& s, std::uint16_t line) {
    auto it = std::lower_bound(s.lines.begin(), s.lines.end(), line,
                               [](const LineActivity& a, std::uint16_t l) { return a.line < l; });
    if (it == s.lines.end() || it->line != line) it = s.lines.insert(it, LineActivity{line});
    return *it;
}

// Warp instructions with their bank and sector reports, filed under their steps and lines.
void fill_instructions(TraceView& v, const std::vector<trace::StepId>& ids) {
    const trace::BlockTrace& b = *v.block;
    // (step, line, warp) -> lanes that ran the line, for the distinct-thread counts.
    std::map<std::tuple<std::size_t, std::uint16_t, std::uint16_t>, std::uint32_t> ran;
    for (trace::WarpInstruction& inst : trace::warp_instructions(b)) {
        InstructionInfo info;
        info.live_mask = v.live_mask(inst.warp);
        if (is_shared(inst.kind)) {
            info.banks = trace::bank_report(b, inst);
            info.picture = bank_picture(b, inst);
        } else if (is_global(inst.kind)) {
            info.sectors = trace::sector_report(b, inst);
            info.coalescing = sector_picture(b, inst);
        }
        const auto at = static_cast<std::size_t>(
            std::lower_bound(ids.begin(), ids.end(), inst.step) - ids.begin());
        StepView& s = v.steps[at];
        LineActivity& l = line_slot(s, inst.line);
        l.lanes += static_cast<std::uint32_t>(std::bitset<32>(inst.active_mask).count());
        ran[{at, inst.line, inst.warp}] |= inst.active_mask;
        l.warps += 1;
        l.kinds |= static_cast<std::uint16_t>(1u << static_cast<unsigned>(inst.kind));
        if ((inst.active_mask & info.live_mask) != info.live_mask) l.divergent += 1;
        if (is_shared(inst.kind)) {
            l.conflicts += info.banks.conflicts();
            l.max_ways = std::max(l.max_ways, info.banks.max_ways);
            auto& sum =
                inst.kind == EventKind::SharedRead ? s.smem_ld_conflicts : s.smem_st_conflicts;
            sum += info.banks.conflicts();
        }
        info.inst = std::move(inst);
        s.instructions.push_back(static_cast<std::uint32_t>(v.instructions.size()));
        v.instructions.push_back(std::move(info));
    }
    for (const auto& [key, mask] : ran)
        line_slot(v.steps[std::get<0>(key)], std::get<1>(key)).threads +=
            static_cast<std::uint32_t>(std::bitset<32>(mask).count());
}

// Each step's atomics by thread and by line: who lost a compare-and-swap race, how often.
void fill_atomics(TraceView& v, const std::vector<trace::StepId>& ids) {
    for (std::size_t i = 0; i < ids.size() && i < v.steps.size(); ++i) {
        const trace::AtomicTally tally = trace::atomic_tally(*v.block, &ids[i]);
        if (tally.total.tries == 0) continue;
        StepView& s = v.steps[i];
        s.thread_atomics = tally.by_thread;
        s.thread_atomics.resize(std::max<std::size_t>(s.thread_atomics.size(), v.threads));
        for (const trace::AtomicCount& c : s.thread_atomics)
            s.most_retries = std::max(s.most_retries, c.retries);
        for (const auto& [line, count] : tally.by_line) line_slot(s, line).atomics = count;
    }
}

void fill_hazards(TraceView& v, const std::vector<trace::StepId>& ids) {
    v.hazards = trace::find_hazards(*v.block);
    for (const trace::Hazard& h : v.hazards) {
        auto it = std::lower_bound(ids.begin(), ids.end(), h.step);
        if (it == ids.end()) continue;
        StepView& s = v.steps[static_cast<std::size_t>(it - ids.begin())];
        s.hazards.push_back(h);
        const std::uint64_t cell = h.word * 4 / v.elem_size;
        if (cell < v.cells) s.cells[cell] |= kCellRaced;
    }
}

}  // namespace

std::size_t TraceView::clamp(long step) const {
    if (steps.empty() || step < 0) return 0;
    return std::min<std::size_t>(static_cast<std::size_t>(step), steps.size() - 1);
}

const std::string& TraceView::line_text(std::uint16_t line) const {
    static const std::string none;
    return line >= 1 && line <= source_lines.size() ? source_lines[line - 1u] : none;
}

std::uint32_t TraceView::live_mask(std::uint32_t warp) const {
    const std::uint64_t first = std::uint64_t(warp) * trace::kWarpSize;
    if (threads <= first) return 0;
    const std::uint64_t n = std::min<std::uint64_t>(trace::kWarpSize, threads - first);
    return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
}

std::shared_ptr<const TraceView> make_trace_view(std::shared_ptr<const trace::Trace> t) {
    auto v = std::make_shared<TraceView>();
    v->trace = std::move(t);
    const trace::Trace& tr = *v->trace;
    v->variant = find_variant(tr.request.algo);
    v->source_lines = split_lines(tr.source_text);
    v->threads = tr.threads_per_block ? tr.threads_per_block : tr.request.block;
    v->warps = (v->threads + trace::kWarpSize - 1) / trace::kWarpSize;
    v->elem_size = trace::dtype_size(tr.smem_type);
    v->cells = v->elem_size ? tr.smem_bytes / v->elem_size : 0;
    if (tr.blocks.empty()) return v;
    v->block = &tr.blocks.front();

    const std::vector<trace::StepId> ids = trace::block_steps(*v->block);
    const std::vector<trace::StepCounters> counters = trace::step_counters(*v->block, v->threads);
    v->steps.resize(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        StepView& s = v->steps[i];
        s.id = ids[i];
        if (i < counters.size()) s.counters = counters[i].counters;
        s.active_mask.assign(v->warps, 0);
        s.cells.assign(v->cells, 0);
        v->block_totals += s.counters;
    }
    fill_events(*v, ids);
    fill_instructions(*v, ids);
    fill_hazards(*v, ids);
    fill_atomics(*v, ids);
    fill_values(*v, tr.smem_type, tr.smem_bytes);
    for (const StepView& s : v->steps)  // registers received by shuffle show in boxes too
        for (const ShuffleArrow& a : s.shuffles) {
            const std::string text = format_value(a.value, tr.smem_type);
            v->value_chars = std::max(v->value_chars, text.size());
            v->min_chars = std::max(v->min_chars, shortest_chars(a.value, tr.smem_type, text));
        }
    fill_paths(*v, ids);
    v->block_result = run::block_result(tr, *v->block, v->threads, v->variant);
    v->circuit = run::block_circuit(tr, v->variant, *v->block, ids, v->threads, v->cells);
    for (const StepView& s : v->steps) {
        v->ld_conflicts += s.smem_ld_conflicts;
        v->st_conflicts += s.smem_st_conflicts;
    }
    v->origin_ids = ids;
    for (std::size_t i = 0; i < v->steps.size(); ++i) v->steps[i].origin = i;
    expand_racy_steps(*v);
    mark_padding(*v);
    v->tiles = tile_strip(*v);
    if (v->block) v->pipeline = pipeline_view(*v->block, v->source_lines);
    for (const StepView& s : v->steps) {
        for (std::uint8_t c : s.cells) v->any_padding |= (c & kCellPadding) != 0;
        for (const WarpPathView& w : s.paths) v->max_paths = std::max(v->max_paths, w.masks.size());
    }
    return v;
}

std::string step_label(trace::StepId s) {
    return "(" + std::to_string(s.phase) + "," + std::to_string(s.substep) + ")";
}

std::string step_label(const StepView& s) {
    return step_label(s.id) + (s.micro ? "." + std::to_string(s.micro) : "");
}

std::size_t view_step_of_origin(const TraceView& v, std::size_t origin) {
    for (std::size_t i = 0; i < v.steps.size(); ++i)
        if (v.steps[i].origin >= origin) return i;
    return v.steps.empty() ? 0 : v.steps.size() - 1;
}

int WarpPathView::path_of(unsigned lane) const {
    for (std::size_t p = 0; p < masks.size(); ++p)
        if (masks[p] >> lane & 1u) return static_cast<int>(p);
    return -1;
}

}  // namespace ws::ui
