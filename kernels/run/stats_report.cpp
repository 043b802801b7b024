#include "kernels/run/stats_report.hpp"

#include "kernels/run/block_circuit.hpp"

#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "kernels/catalog.hpp"
#include "kernels/run/hardware_compare.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/scan_plan.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/counter_fields.hpp"
#include "kernels/trace/drawn_tile.hpp"

namespace ws::run {
namespace {

using nlohmann::ordered_json;

ordered_json number(const trace::Value& v) {
    if (v.type == trace::DType::Int32) {
        std::int32_t i;
        std::memcpy(&i, &v.bits, 4);
        return i;
    }
    return v.as_double();
}

void put_counters(ordered_json& o, const trace::Counters& c) {
    for (const trace::CounterField& f : trace::kCounterFields) o[f.name] = c.*f.member;
}

// The catalog row the run's stats read: `foreign` (a student's kernel, whose header gave it), else
// the catalog's row for the run's algo, else nullptr.
const VariantInfo* variant_of(const trace::Trace& t, const VariantInfo* foreign) {
    return foreign ? foreign : find_variant(t.request.algo);
}

ordered_json optional_number(const std::optional<double>& v) {
    return v ? ordered_json(*v) : ordered_json();
}

// The warps panel's divergence beside the GPU's counters (hardware_compare.hpp).
ordered_json divergence_json(const DivergenceComparison& d) {
    ordered_json o;
    o["divergent_warp_steps"] = d.divergent_warp_steps;
    o["idle_lane_warps"] = d.idle_lane_warps;
    o["warp_instructions"] = d.warp_instructions;
    o["partial_warp_instructions"] = d.partial_instructions;
    o["lanes_per_instruction"] = d.lanes_per_instruction();
    o["gpu_branch_targets"] = optional_number(d.branch_targets);
    o["gpu_divergent_branch_targets"] = optional_number(d.divergent_targets);
    o["gpu_warp_instructions"] = optional_number(d.gpu_warp_instructions);
    o["gpu_thread_instructions"] = optional_number(d.gpu_thread_instructions);
    o["gpu_threads_per_instruction"] = optional_number(d.gpu_threads_per_instruction());
    return o;
}

// The tile the traced block drew, for a kernel whose blocks draw theirs (drawn_tile.hpp).
std::optional<std::uint32_t> traced_tile(const trace::Trace& t, const VariantInfo* v) {
    if (!v || !v->dynamic_tiles || v->persistent || t.blocks.empty()) return std::nullopt;
    return trace::drawn_tile(t.blocks[0]);
}

// A block-level scan's measured work and depth (first traced block) and the textbook's.
struct ScanNumbers {
    unsigned tile = 0;
    MeasuredWorkDepth measured;
    std::optional<WorkDepthFormula> formula;
};
std::optional<ScanNumbers> scan_numbers(const trace::Trace& t, const VariantInfo* v, bool foreign) {
    if (!v || t.blocks.empty()) return std::nullopt;
    // A student's scan is measured where its source marks additions with `// +`, as ours are.
    const bool measured =
        foreign ? v->family == Family::Scan && !trace::marked_lines(t.source_text).empty()
                : measures_work_depth(*v);
    if (!measured) return std::nullopt;
    ScanNumbers s;
    s.tile = v->elems_per_thread * t.request.block;
    s.measured = measured_work_depth(t, *v);
    s.formula = textbook_work_depth(*v, s.tile);
    return s;
}

// The variant of an array-writing run (a scan, a memory kernel), or nullptr.
const VariantInfo* array_variant(const VariantInfo* v) {
    return v && writes_array(v->family) ? v : nullptr;
}
// Does the run have a kind (a prefix sum)?
bool has_kind(const VariantInfo* v) {
    return array_variant(v) && has_scan_kind(v->scan_op);
}

}  // namespace

std::string value_json(const trace::Value& v) {
    return number(v).dump();
}

std::string stats_json(const trace::Trace& t, const VariantInfo* foreign) {
    const VariantInfo* v = variant_of(t, foreign);
    ordered_json o;
    o["request"] = command_line(t.request);
    o["algo"] = t.request.algo;
    o["n"] = t.request.n;
    o["block"] = t.request.block;
    o["type"] = trace::dtype_name(t.request.type);
    if (has_kind(v)) o["kind"] = trace::scan_kind_name(t.request.kind);
    if (const VariantInfo* a = array_variant(v); a && a->takes_stride)
        o["stride"] = t.request.stride;
    o["backend"] = t.backend;
    o["device"] = t.device;
    o["recorded_at"] = t.recorded_at;
    o["schedule"] = t.backend == "emulator" ? t.request.schedule : "";
    o["result"] = number(t.result);
    o["expected"] = number(t.expected);
    o["ok"] = t.ok;
    if (!t.error.empty()) o["error"] = t.error;
    o["grid"] = t.grid;
    o["passes"] = t.passes;
    o["traced_block"] = t.blocks.empty() ? ordered_json() : ordered_json(t.blocks[0].block);
    if (const auto tile = traced_tile(t, v)) o["traced_tile"] = *tile;
    if (!t.hardware.empty() || !t.hardware_error.empty()) {  // stats --hardware
        ordered_json rows = ordered_json::array();
        for (const HardwareRow& r : hardware_rows(t))
            rows.push_back({{"metric", r.metric->metric},
                            {"what", r.metric->what},
                            {"ours", r.ours},
                            {"counted", r.counted ? ordered_json(*r.counted) : ordered_json()}});
        o["hardware"] = rows;
        if (!t.hardware_error.empty()) o["hardware_error"] = t.hardware_error;
        o["divergence"] = divergence_json(divergence_comparison(t, t.hardware));
        ordered_json counted = ordered_json::object();  // every counter read, as read
        for (const trace::HardwareCount& h : t.hardware) counted[h.metric] = h.value;
        o["hardware_counted"] = counted;
    }
    if (const auto s = scan_numbers(t, v, foreign != nullptr)) {
        o["tile"] = s->tile;
        o["work"] = s->measured.work;
        o["depth"] = s->measured.depth;
        o["work_formula"] = s->formula ? ordered_json(s->formula->work) : ordered_json();
        o["depth_formula"] = s->formula ? ordered_json(s->formula->depth) : ordered_json();
        o["work_formula_text"] = s->formula ? ordered_json(s->formula->work_text) : ordered_json();
        o["depth_formula_text"] =
            s->formula ? ordered_json(s->formula->depth_text) : ordered_json();
    }
    ordered_json steps = ordered_json::array();
    if (!t.blocks.empty()) {
        for (const auto& s : trace::step_counters(t.blocks[0], t.threads_per_block)) {
            ordered_json step;
            step["phase"] = s.step.phase;
            step["substep"] = s.step.substep;
            put_counters(step, s.counters);
            steps.push_back(step);
        }
    }
    o["steps"] = steps;
    // The traced block's warp instructions by kind (what Nsight Compute counts per opcode).
    ordered_json mix = ordered_json::object();
    if (!t.blocks.empty()) {
        const trace::InstructionMix m = trace::instruction_mix(t.blocks[0], t.threads_per_block);
        for (int k = 0; k < trace::kEventKindCount; ++k) {
            if (static_cast<trace::EventKind>(k) == trace::EventKind::AtomicWrite) continue;
            const trace::KindCounts& c = m[static_cast<std::size_t>(k)];
            mix[trace::event_kind_name(static_cast<trace::EventKind>(k))] = {
                {"warp_instructions", c.warp_instructions},
                {"lanes", c.lanes},
                {"partial", c.partial}};
        }
    }
    o["instruction_mix"] = mix;
    ordered_json totals;
    put_counters(totals, t.totals);
    o["totals"] = totals;
    return o.dump(2);
}

std::string stats_csv(const trace::Trace& t) {
    std::string out = "phase,substep";
    for (const trace::CounterField& f : trace::kCounterFields) out += std::string(",") + f.name;
    out += "\n";
    if (t.blocks.empty()) return out;
    for (const auto& s : trace::step_counters(t.blocks[0], t.threads_per_block)) {
        out += std::to_string(s.step.phase) + "," + std::to_string(s.step.substep);
        for (const trace::CounterField& f : trace::kCounterFields)
            out += "," + std::to_string(s.counters.*f.member);
        out += "\n";
    }
    return out;
}

std::string stats_table(const trace::Trace& t, const VariantInfo* foreign) {
    const VariantInfo* v = variant_of(t, foreign);
    std::ostringstream out;
    out << t.request.algo << "  n=" << t.request.n << " block=" << t.request.block << " "
        << trace::dtype_name(t.request.type);
    if (has_kind(v)) out << " " << trace::scan_kind_name(t.request.kind);
    const VariantInfo* array = array_variant(v);
    if (array && array->takes_stride) out << " stride " << t.request.stride;
    out << "  on " << t.device << "\n";
    out << (array ? array_result_label(*array) : "result") << " " << t.result.to_string()
        << ", expected " << t.expected.to_string() << (t.ok ? "  (ok)" : "  (WRONG)") << "\n";
    if (array) {
        const ScanPlan plan =
            scan_plan(*array, t.request.n, t.request.block, t.request.type, t.request.kind);
        for (const ScanLaunch& l : plan.launches) out << "  launch: " << describe(l) << "\n";
    }
    if (const auto s = scan_numbers(t, v, foreign != nullptr)) {
        out << "tile of " << s->tile << ": " << s->measured.work << " additions, depth "
            << s->measured.depth << " (the longest chain of additions), in " << s->measured.steps
            << (s->measured.steps == 1 ? " step" : " steps");
        if (s->formula)
            out << " (textbook " << s->formula->work_text << " = " << s->formula->work << ", "
                << s->formula->depth_text << " = " << s->formula->depth << ")";
        out << "\n";
    }
    if (!t.blocks.empty()) {
        out << trace::tile_and_block(t.blocks[0], v && v->dynamic_tiles) << ":\n";
        char line[256];
        std::snprintf(line, sizeof line, "%-8s %8s %8s %6s %6s %6s %6s %6s %8s %7s %7s %7s\n",
                      "step", "lanes", "of", "warps", "diverg", "idle", "smem", "wavefr",
                      "conflict", "hazard", "atomics", "retries");
        out << line;
        for (const auto& s : trace::step_counters(t.blocks[0], t.threads_per_block)) {
            const auto& c = s.counters;
            char step[32];
            std::snprintf(step, sizeof step, "(%u,%u)", unsigned(s.step.phase),
                          unsigned(s.step.substep));
            std::snprintf(
                line, sizeof line,
                "%-8s %8llu %8llu %6llu %6llu %6llu %6llu %6llu %8llu %7llu %7llu %7llu\n", step,
                (unsigned long long)c.active_lanes, (unsigned long long)c.live_lanes,
                (unsigned long long)c.active_warps, (unsigned long long)c.divergent_warps,
                (unsigned long long)c.idle_lane_warps, (unsigned long long)c.smem_instructions,
                (unsigned long long)c.smem_wavefronts, (unsigned long long)c.bank_conflicts,
                (unsigned long long)c.hazards, (unsigned long long)c.atomics,
                (unsigned long long)c.atomic_retries);
            out << line;
        }
    }
    const auto& c = t.totals;
    out << "all " << t.grid << " blocks of the first pass: " << c.smem_instructions
        << " shared instructions, " << c.bank_conflicts << " bank conflicts, " << c.gmem_sectors
        << " global sectors, " << c.hazards << " hazards, " << c.atomics << " atomics (";
    if (trace::has_unseen_atomics(t))
        out << trace::kUnseenAtomicsWords << ")\n";
    else
        out << c.atomic_retries << " retried)\n";
    return out.str();
}

}  // namespace ws::run
