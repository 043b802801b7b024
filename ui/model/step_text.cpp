// Sentences about a step, from its counters, lines and bank reports.
#include "ui/model/step_text.hpp"

#include <algorithm>
#include <cmath>

namespace ws::ui {
namespace {

int percent(std::uint64_t part, std::uint64_t whole) {
    return whole ? static_cast<int>(std::lround(100.0 * double(part) / double(whole))) : 0;
}

// "In step (3,0), 128 threads in 4 warps run line 21, `s[t] += s[t + k];`: ..."
std::string what_sentence(const TraceView& v, const StepView& s) {
    const trace::Counters& c = s.counters;
    std::string out = "In step " + step_label(s) + ", " +
                      plural(c.active_lanes, "thread", "threads") + " in " +
                      plural(c.active_warps, "warp", "warps");
    if (std::uint16_t line = main_line(s)) {
        out += " run line " + std::to_string(line);
        const std::string code = short_code(v.line_text(line));
        if (!code.empty()) out += " (" + code + ")";
    } else {
        out += " run";
    }
    std::vector<std::string> parts;
    if (s.global_reads)
        parts.push_back(plural(s.global_reads, "value", "values") + " loaded from global memory");
    if (c.smem_reads) parts.push_back(plural(c.smem_reads, "shared read", "shared reads"));
    if (c.smem_writes) parts.push_back(plural(c.smem_writes, "shared write", "shared writes"));
    if (s.shuffle_events)
        parts.push_back(plural(s.shuffle_events, "shuffle", "shuffles") +
                        " (registers passed lane to lane)");
    if (s.global_writes)
        parts.push_back(plural(s.global_writes, "result", "results") + " written to global memory");
    if (s.atomics) parts.push_back(plural(s.atomics, "atomic", "atomics"));
    if (!parts.empty()) {
        out += ": ";
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (i) out += i + 1 == parts.size() ? " and " : ", ";
            out += parts[i];
        }
    }
    if (!s.arrows.empty()) {
        std::vector<std::uint32_t> targets;
        for (const CellArrow& a : s.arrows) targets.push_back(a.to);
        std::sort(targets.begin(), targets.end());
        targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
        out += "; " + plural(targets.size(), "cell takes in", "cells take in") +
               " values read from other cells";
    }
    return out + ".";
}

std::string lanes_sentence(const TraceView& v, const StepView& s) {
    const trace::Counters& c = s.counters;
    const std::uint64_t idle_warps = v.warps > c.active_warps ? v.warps - c.active_warps : 0;
    std::string out;
    if (c.divergent_warps) {
        out = plural(c.divergent_warps, "busy warp is", "busy warps are") + " divergent: only " +
              std::to_string(percent(c.active_lanes, c.live_lanes)) +
              "% of the busy warps' lanes do work. The hardware may run such code predicated "
              "rather than branched; either way the idle lanes cost a full warp's time";
    } else if (c.active_warps) {
        out = "Every busy warp has all its lanes working (no divergence)";
    } else {
        out = "No thread of this block does anything here";
    }
    if (idle_warps && c.active_warps)
        out += ", and " + plural(idle_warps, "warp has", "warps have") + " nothing to do";
    return out + ".";
}

std::string banks_sentence(const StepView& s) {
    const trace::Counters& c = s.counters;
    if (!c.smem_instructions) return "";
    std::uint32_t worst = 1;
    for (const LineActivity& l : s.lines) worst = std::max(worst, l.max_ways);
    if (c.bank_conflicts) {
        return "Shared memory needs " + plural(c.smem_wavefronts, "wavefront", "wavefronts") +
               " where " + std::to_string(c.smem_ideal_wavefronts) + " would do: up to " +
               std::to_string(worst) + "-way bank conflicts cost " +
               plural(c.bank_conflicts, "extra wavefront", "extra wavefronts") + ".";
    }
    return "Its " + plural(c.smem_instructions, "shared instruction", "shared instructions") +
           " are free of bank conflicts: one wavefront each.";
}

std::string hazard_sentence(const TraceView& v, const StepView& s) {
    if (s.hazards.empty()) return "";
    const trace::Hazard& h = s.hazards.front();
    return "Race: " + plural(s.hazards.size(), "shared word is", "shared words are") +
           " touched by different threads with no sync between them (threads " +
           std::to_string(h.first_thread) + " and " + std::to_string(h.second_thread) +
           " on word " + std::to_string(h.word) + ", lines " + std::to_string(h.first_line) +
           " and " + std::to_string(h.second_line) + "); the result depends on the schedule" +
           (v.trace && v.trace->backend == "emulator" ? " (try --schedule sequential)" : "") + ".";
}

}  // namespace

std::string plural(std::uint64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::uint16_t main_line(const StepView& s) {
    const LineActivity* best = nullptr;
    for (const LineActivity& l : s.lines)
        if (!best || l.lanes > best->lanes) best = &l;
    return best ? best->line : 0;
}

std::string short_code(const std::string& line, std::size_t max_chars) {
    std::string s = line;
    if (auto c = s.find("//"); c != std::string::npos) s.erase(c);
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    const auto last = s.find_last_not_of(" \t");
    s = s.substr(first, last - first + 1);
    if (s.size() > max_chars) s = s.substr(0, max_chars > 3 ? max_chars - 3 : 0) + "...";
    return s;
}

std::string step_summary(const TraceView& v, std::size_t step) {
    if (step >= v.steps.size()) return "no steps recorded";
    const StepView& s = v.steps[step];
    const trace::Counters& c = s.counters;
    return "step " + step_label(s) + ": " + std::to_string(c.active_warps) + " of " +
           std::to_string(v.warps) + " warps busy, " + std::to_string(c.divergent_warps) +
           " divergent, " + std::to_string(percent(c.active_lanes, v.threads)) +
           "% of lanes working";
}

std::vector<std::string> explain_step(const TraceView& v, std::size_t step) {
    if (step >= v.steps.size())
        return {"This run recorded no steps" +
                std::string(v.trace && !v.trace->error.empty() ? ": " + v.trace->error : ".")};
    const StepView& s = v.steps[step];
    std::vector<std::string> out = {what_sentence(v, s), lanes_sentence(v, s)};
    if (std::string b = banks_sentence(s); !b.empty()) out.push_back(b);
    if (std::string h = hazard_sentence(v, s); !h.empty()) out.push_back(h);
    return out;
}

}  // namespace ws::ui
