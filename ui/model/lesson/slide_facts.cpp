// The facts of a slide: its trace, its hardware counts and its recording.
#include "ui/model/lesson/slide_facts.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "ui/model/lesson/slide_facts_pipeline.hpp"
#include "ui/model/trace/lane_slots.hpp"

namespace ws::ui {
namespace {

const std::vector<FactInfo> kFacts = {
    {"n", "", "the request's n"},
    {"block", "", "threads a block"},
    {"warps", "", "warps a block"},
    {"steps", "", "the steps the trace shows (access-steps counted)"},
    {"step", "", "the slide's step, as the timeline labels it"},
    {"bar_step", "", "the slide's step as the playback bar names it: step 2 of 10 (1,0)"},
    {"next", "FACT ...",
     "FACT at the step (or moment) after the slide's: what an ask has the class predict"},
    {"launches", "", "kernel launches of the whole run"},
    {"moves", "", "times a device-wide run reads or writes each element (a scan's 4, 3 or 2)"},
    {"busy_warps", "", "warps with a busy lane in the step"},
    {"divergent_warps", "", "busy warps with an instruction run by only some lanes"},
    {"lanes_busy", "", "the share (%) of the busy warps' issue slots that lanes used"},
    {"lane_slots", "", "the issue slots of the step's warp instructions (instructions x lanes)"},
    {"paths", "", "the most paths one warp took in the step"},
    {"loop_fewest", "", "the fewest times a lane ran a loop's line (trip-count divergence)"},
    {"loop_most", "", "the most times a lane ran it"},
    {"line_threads", "LINE", "threads that ran source line LINE in the step"},
    {"max_ways", "", "the worst bank conflict of the step's shared instructions (N-way)"},
    {"lane_bank", "LANE",
     "the bank lane LANE hits in the banks panel's instruction (the step's worst shared one)"},
    {"lane_word", "LANE", "the shared word it touches there (the panel's address)"},
    {"wavefronts", "", "shared-memory wavefronts of the step"},
    {"ideal_wavefronts", "", "wavefronts the step would need without conflicts"},
    {"conflicts", "", "bank conflicts of the step (extra wavefronts)"},
    {"block_conflicts", "", "bank conflicts of the shown block"},
    {"race_cell", "", "the slide's race: the shared cell"},
    {"race_first", "", "the thread that accessed it first"},
    {"race_second", "", "the thread that accessed it second"},
    {"race_first_did", "", "read or wrote: the first access"},
    {"race_second_did", "", "read or wrote: the second access"},
    {"race_first_line", "", "the first access's source line"},
    {"race_second_line", "", "the second access's source line"},
    {"races", "", "pairs of accesses that race in the trace"},
    {"swaps", "", "of them, pairs the schedule ran in the other order than lockstep"},
    {"result", "", "what the block computed, as the shared-memory panel says it"},
    {"right", "", "right or wrong: the run's result against the CPU"},
    {"additions", "", "additions of the block's network (the circuit)"},
    {"depth", "", "the longest chain of dependent additions"},
    {"adding_steps", "", "the steps that add"},
    {"tries", "THREAD", "atomics thread THREAD made in the step (tries of a CAS loop)"},
    {"most_retries", "", "the most compare-and-swaps one thread lost in the step"},
    {"hw", "COUNTER [GPU]",
     "the GPU's count (ld-conflicts, st-conflicts, ld-wavefronts, ..., branch-targets, "
     "divergent-targets, warp-inst, thread-inst); GPU (h200): that GPU's recorded count, else "
     "the one the panels show",
     FactSource::Hardware},
    {"ours", "COUNTER", "the trace's count of the same", FactSource::Hardware},
    {"hw_source", "[GPU]", "where the GPU's counts come from (device and date)",
     FactSource::Hardware},
    {"hw_gpu", "[GPU]", "the GPU that counted them (H200)", FactSource::Hardware},
    {"hw_date", "[GPU]", "when it counted them (2026-11-28, or now)", FactSource::Hardware},
    {"hw_threads", "[GPU]",
     "the GPU's threads per warp instruction, every kind (thread-inst over warp-inst)",
     FactSource::Hardware},
    {"gpu", "", "the recording's GPU (H100, H200)", FactSource::Recording},
    {"date", "", "the recording's date", FactSource::Recording},
    {"ms", "ALGO TYPE N", "the recorded median time, ms", FactSource::Recording},
    {"gbps", "ALGO TYPE N", "the recorded bandwidth, GB/s", FactSource::Recording},
    {"speedup", "ALGO OTHER TYPE N", "OTHER's time over ALGO's: how many times faster",
     FactSource::Recording},
    {"of", "ALGO OTHER TYPE N", "ALGO's bandwidth over OTHER's (0.950: 95% of a copy)",
     FactSource::Recording},
};

std::vector<std::string> words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

FactValue number(double x, int decimals = -1) {
    FactValue f;
    f.number = x;
    char buf[64];
    if (decimals < 0)
        std::snprintf(buf, sizeof buf, "%.0f", x);
    else
        std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    f.text = buf;
    return f;
}
FactValue text(std::string t) {
    FactValue f;
    f.is_number = false;
    f.text = std::move(t);
    return f;
}

std::optional<std::uint64_t> parse_n(const std::string& s) {
    try {
        std::size_t used = 0;
        if (s.rfind("2^", 0) == 0) {
            const int e = std::stoi(s.substr(2), &used);
            if (used + 2 != s.size() || e < 0 || e > 40) return std::nullopt;
            return std::uint64_t(1) << e;
        }
        const unsigned long long v = std::stoull(s, &used);
        if (used != s.size()) return std::nullopt;
        return v;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// "H100" from "NVIDIA H100 80GB HBM3".
std::string short_gpu(const std::string& device) {
    const std::vector<std::string> w = words(device);
    for (std::size_t i = 0; i + 1 < w.size(); ++i)
        if (w[i] == "NVIDIA") return w[i + 1];
    return device;
}

const run::MeasuredPoint* point(const run::Measurements& m, const std::string& algo,
                                const std::string& type, std::uint64_t n) {
    for (const run::MeasuredPoint& p : m.points)
        if (p.algo == algo && p.type == type && p.n == n && p.stride == 1) return &p;
    return nullptr;
}

std::optional<FactValue> recording_fact(const std::string& name, const std::vector<std::string>& a,
                                        const run::Measurements& m, std::string& why) {
    if (name == "gpu") return text(short_gpu(m.device));
    if (name == "date") return text(m.date.substr(0, 10));
    const bool pair = name == "speedup" || name == "of";
    const std::size_t want = pair ? 4 : 3;
    if (a.size() != want) {
        why = name + " takes " + (pair ? "ALGO OTHER TYPE N" : "ALGO TYPE N");
        return std::nullopt;
    }
    const auto n = parse_n(a.back());
    if (!n) {
        why = a.back() + " is not a size (1048576 or 2^20)";
        return std::nullopt;
    }
    const std::string& type = a[want - 2];
    const run::MeasuredPoint* p = point(m, a[0], type, *n);
    const run::MeasuredPoint* q = pair ? point(m, a[1], type, *n) : nullptr;
    for (const auto& [pt, algo] : {std::pair{p, a[0]}, std::pair{pair ? q : p, a[pair ? 1 : 0]}})
        if (!pt) {
            why = "the recording (" + m.device + ", " + m.date.substr(0, 10) + ") has no " + algo +
                  " " + type + " at n = " + a.back();
            return std::nullopt;
        }
    if (name == "ms") return number(p->ms, 3);
    if (name == "gbps") return number(p->gbps);
    if (name == "speedup") return number(q->ms / p->ms, 2);
    return number(p->gbps / q->gbps, 3);  // of: 0.947, so that it is not shown as 0.95
}

std::string dashed(std::string brief) {
    std::replace(brief.begin(), brief.end(), ' ', '-');
    return brief;
}

const HardwareLine* counter(const HardwareView& hw, const std::string& brief) {
    for (const HardwareLine& l : hw.lines)
        if (dashed(l.metric->brief) == brief) return &l;
    return nullptr;
}

// The metric a slide names by its brief ("divergent-targets"): compared or divergence counters.
const run::HardwareMetric* metric_named(const std::string& brief) {
    for (const auto* list : {&run::hardware_metrics(), &run::divergence_metrics()})
        for (const run::HardwareMetric& m : *list)
            if (dashed(m.brief) == brief) return &m;
    return nullptr;
}

std::optional<double> count_of(const GpuCounts& g, const char* metric) {
    for (const trace::HardwareCount& h : g.counts)
        if (h.metric == metric) return h.value;
    return std::nullopt;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

// The GPU a slide names ("h200", "H200" or "nvidia-h200") among those that counted its request.
const GpuCounts* gpu_named(const HardwareView& hw, const std::string& name, std::string& why) {
    std::string known;
    for (const GpuCounts& g : hw.gpus) {
        const std::string gpu = lower(g.gpu);
        if (lower(name) == gpu || lower(name) == "nvidia-" + gpu) return &g;
        known += (known.empty() ? "" : ", ") + gpu;
    }
    why = "no GPU called " + name + " counted the slide's request (" + known + " did)";
    return nullptr;
}

// The GPU's counts ({hw ...}, {hw_source}, ...): of the GPU named last in `args` when the fact
// takes one more than it needs, else of the one the panels show.
std::optional<FactValue> hardware_fact(const std::string& name, const std::vector<std::string>& a,
                                       const HardwareView& hw, std::string& why) {
    const bool named = a.size() == (name == "hw" ? 2u : 1u) && name != "ours";
    const GpuCounts* g = named ? gpu_named(hw, a.back(), why) : &hw.gpus.front();
    if (!g) return std::nullopt;
    if (name == "hw_source") return text(g->source);
    if (name == "hw_gpu") return text(g->gpu);
    if (name == "hw_date") return text(g->date);
    if (name == "hw_threads") {
        const auto warps = count_of(*g, run::metric::kWarpInstructions);
        const auto threads = count_of(*g, run::metric::kThreadInstructions);
        if (!warps || !threads || *warps == 0) {
            why = "the " + g->gpu + " did not count warp-inst and thread-inst";
            return std::nullopt;
        }
        return number(*threads / *warps, 1);
    }
    if (name == "ours") {
        const HardwareLine* l = counter(hw, a[0]);
        if (!l) {
            why = "the GPU did not count " + a[0];
            return std::nullopt;
        }
        return number(double(l->ours));
    }
    const run::HardwareMetric* m = metric_named(a[0]);
    const auto v = m ? count_of(*g, m->metric) : std::nullopt;
    if (!v) {
        why = "the " + g->gpu + " did not count " + a[0];
        return std::nullopt;
    }
    return number(*v);
}

}  // namespace

const std::vector<FactInfo>& fact_table() {
    static const std::vector<FactInfo> all = [] {
        std::vector<FactInfo> t = kFacts;
        const std::vector<FactInfo>& p = pipeline_fact_table();
        t.insert(t.end(), p.begin(), p.end());
        return t;
    }();
    return all;
}

const RacePair* slide_race(const TraceView& v, std::size_t step) {
    if (step < v.steps.size() && !v.steps[step].races.empty())
        return &v.races[v.steps[step].races.front()];  // swaps first (race_steps.cpp)
    // The earliest: the one whose second access comes first.
    const RacePair* first = nullptr;
    const RacePair* first_swap = nullptr;
    for (const RacePair& r : v.races) {
        if (!first || r.second_step < first->second_step) first = &r;
        if (r.against_lockstep && (!first_swap || r.second_step < first_swap->second_step))
            first_swap = &r;
    }
    return first_swap ? first_swap : first;
}

std::size_t slide_step(const TraceView& v, long step, StepAnchor anchor, View view) {
    if (anchor == StepAnchor::Race)
        if (const RacePair* r = slide_race(v, v.steps.size())) return r->second_step;
    const bool moments = view == View::Pipeline;
    if (moments && anchor == StepAnchor::CopyWait &&
        v.pipeline.first_copy_wait < v.pipeline.moments.size())
        return v.pipeline.first_copy_wait;
    const std::size_t n = moments ? v.pipeline.moments.size() : v.step_count();
    return step < 0 || std::size_t(step) >= n ? (n ? n - 1 : 0) : std::size_t(step);
}

std::optional<FactValue> evaluate_fact(const std::string& expr, const FactSources& src,
                                       std::string& why) {
    const std::vector<std::string> w = words(expr);
    if (w.empty()) {
        why = "an empty {}";
        return std::nullopt;
    }
    const std::string& name = w[0];
    const std::vector<std::string> args(w.begin() + 1, w.end());
    if (name == "next") {  // the fact at the step after the slide's
        if (args.empty()) {
            why = "next takes a FACT: {next busy_warps}";
            return std::nullopt;
        }
        if (!src.view || !src.view->trace) {
            why = "next needs the slide's trace";
            return std::nullopt;
        }
        const std::size_t count =
            src.at_moment ? src.view->pipeline.moments.size() : src.view->step_count();
        if (src.step + 1 >= count) {
            why = std::string("the slide shows the last ") + (src.at_moment ? "moment" : "step") +
                  ": there is none after it";
            return std::nullopt;
        }
        FactSources after = src;
        ++after.step;
        return evaluate_fact(expr.substr(expr.find("next") + 4), after, why);
    }
    const std::vector<FactInfo>& table = fact_table();
    const auto info =
        std::find_if(table.begin(), table.end(), [&](const FactInfo& f) { return name == f.name; });
    if (info == table.end()) {
        why = "no fact called " + name + " (warpscope lessons --facts lists them)";
        return std::nullopt;
    }
    std::size_t need_args = 0, want_args = 0;  // "[GPU]": optional
    for (const std::string& a : words(info->args)) {
        ++want_args;
        if (a.front() != '[') ++need_args;
    }
    if (info->source == FactSource::Recording) {
        if (!src.figures) {
            why = name + " needs the slide's recording (a figures: line)";
            return std::nullopt;
        }
        return recording_fact(name, args, *src.figures, why);
    }
    if (args.size() < need_args || args.size() > want_args) {
        why = name + " takes " + (want_args ? info->args : "nothing");
        return std::nullopt;
    }
    if (info->source == FactSource::Hardware) {
        if (!src.hardware || src.hardware->lines.empty() || src.hardware->gpus.empty()) {
            why = "no GPU counts for the slide's request" +
                  (src.hardware && !src.hardware->why_none.empty()
                       ? " (" + src.hardware->why_none + ")"
                       : std::string());
            return std::nullopt;
        }
        return hardware_fact(name, args, *src.hardware, why);
    }
    if (!src.view || !src.view->trace) {
        why = name + " needs the slide's trace";
        return std::nullopt;
    }
    const TraceView& v = *src.view;
    const std::vector<FactInfo>& piped = pipeline_fact_table();
    if (std::any_of(piped.begin(), piped.end(), [&](const FactInfo& f) { return name == f.name; }))
        return pipeline_fact(name, args, src, why);
    // Facts of the whole run, which a run that recorded no step (a deadlock) has too.
    if (name == "right") return text(v.trace->ok ? "right" : "wrong");
    if (name == "result") return text(v.block_result);
    if (name == "launches") return number(v.trace->passes);
    if (name == "moves") {
        if (!v.variant || !v.variant->element_passes) {
            why = "the catalog declares no element moves for " + v.trace->request.algo;
            return std::nullopt;
        }
        return number(v.variant->element_passes);
    }
    if (name == "n") return number(double(v.trace->request.n));
    if (name == "block") return number(v.threads);
    if (name == "warps") return number(v.warps);
    if (name == "steps") return number(double(v.step_count()));
    if (name == "block_conflicts") return number(double(v.block_totals.bank_conflicts));
    if (name == "races") return number(double(v.races.size()));
    if (name == "swaps")
        return number(double(std::count_if(v.races.begin(), v.races.end(),
                                           [](const RacePair& r) { return r.against_lockstep; })));
    if (v.empty()) {
        why = name + " needs a step, and the slide's trace recorded none";
        return std::nullopt;
    }
    if (src.at_moment) {
        why = name + " is a fact of a step, and the slide shows a moment of the pipeline view";
        return std::nullopt;
    }
    const std::size_t at = v.clamp(long(src.step));
    const StepView& s = v.steps[at];
    const trace::Counters& c = s.counters;
    if (name == "step") return text(step_label(s));
    if (name == "bar_step")  // as ui/panels/timeline.cpp writes it
        return text("step " + std::to_string(at + 1) + " of " + std::to_string(v.step_count()) +
                    " " + step_label(s));
    if (name == "busy_warps") return number(double(c.active_warps));
    if (name == "divergent_warps") return number(double(c.divergent_warps));
    if (name == "lanes_busy" || name == "lane_slots") {
        const LaneShare share = lane_share(warp_slots(v, at));
        return number(name == "lanes_busy" ? share.percent() : double(share.slots));
    }
    if (name == "paths") {
        std::size_t most = 0;
        for (const WarpPathView& p : s.paths) most = std::max(most, p.masks.size());
        return number(double(most));
    }
    if (name == "loop_fewest" || name == "loop_most") {
        std::uint32_t fewest = ~0u, most = 0;
        for (const WarpSlots& ws : warp_slots(v, at))
            if (ws.loop_line) {
                fewest = std::min(fewest, ws.fewest_trips);
                most = std::max(most, ws.most_trips);
            }
        if (!most) {
            why = "no lane runs a loop a different number of times in step " + step_label(s);
            return std::nullopt;
        }
        return number(name == "loop_most" ? most : fewest);
    }
    if (name == "line_threads") {
        const auto line = parse_n(args[0]);
        for (const LineActivity& l : s.lines)
            if (line && l.line == *line) return number(l.threads);
        return number(0);
    }
    if (name == "max_ways") {
        std::uint32_t worst = 0;
        for (const LineActivity& l : s.lines) worst = std::max(worst, l.max_ways);
        return number(worst);
    }
    if (name == "lane_bank" || name == "lane_word") {
        // The instruction the banks panel opens on: the step's first with the most wavefronts.
        const InstructionInfo* worst = nullptr;
        for (std::uint32_t i : s.instructions) {
            const InstructionInfo& in = v.instructions[i];
            if (in.inst.kind != trace::EventKind::SharedRead &&
                in.inst.kind != trace::EventKind::SharedWrite)
                continue;
            if (!worst || in.banks.wavefronts > worst->banks.wavefronts) worst = &in;
        }
        const auto lane = parse_n(args[0]);
        if (!worst || !v.block || !lane) {
            why = worst ? args[0] + " is not a lane" : "no shared access in step " + step_label(s);
            return std::nullopt;
        }
        for (std::uint32_t e : worst->inst.events)
            if (e < v.block->events.size() && v.block->events[e].thread % 32 == *lane) {
                const std::uint64_t word = v.block->events[e].address / 4;
                return number(double(name == "lane_bank" ? word % 32 : word));
            }
        why = "lane " + args[0] + " of warp " + std::to_string(worst->inst.warp) +
              " makes no access in the banks panel's instruction";
        return std::nullopt;
    }
    if (name == "wavefronts") return number(double(c.smem_wavefronts));
    if (name == "ideal_wavefronts") return number(double(c.smem_ideal_wavefronts));
    if (name == "conflicts") return number(double(c.bank_conflicts));
    if (name.rfind("race_", 0) == 0) {
        const RacePair* r = slide_race(v, at);
        if (!r) {
            why = "nothing races in the slide's trace";
            return std::nullopt;
        }
        if (name == "race_cell") return number(r->cell);
        if (name == "race_first") return number(r->first_thread);
        if (name == "race_second") return number(r->second_thread);
        if (name == "race_first_did") return text(r->first_writes ? "wrote" : "read");
        if (name == "race_second_did") return text(r->second_writes ? "wrote" : "read");
        if (name == "race_first_line") return number(r->first_line);
        return number(r->second_line);
    }
    if (name == "additions") return number(double(v.circuit.work()));
    if (name == "depth") return number(v.circuit.depth());
    if (name == "adding_steps") return number(v.circuit.adding_steps());
    if (name == "tries") {
        const auto t = parse_n(args[0]);
        if (!t || *t >= s.thread_atomics.size()) {
            why = "thread " + args[0] + " makes no atomic in step " + step_label(s);
            return std::nullopt;
        }
        return number(s.thread_atomics[*t].tries);
    }
    if (name == "most_retries") return number(s.most_retries);
    why = "fact " + name + " is listed but not computed";  // a bug: the table and this disagree
    return std::nullopt;
}

}  // namespace ws::ui
