// Sentences about a step, from its counters, lines and bank reports.
#include "ui/model/trace/step_text.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "ui/model/trace/lane_slots.hpp"

namespace ws::ui {

std::string numbers_text(const std::vector<unsigned>& sorted, const char* one, const char* many) {
    std::vector<std::pair<unsigned, unsigned>> runs;
    for (unsigned n : sorted) {
        if (!runs.empty() && runs.back().second + 1 == n)
            runs.back().second = n;
        else
            runs.push_back({n, n});
    }
    if (runs.empty()) return std::string("no ") + many;
    if (runs.size() > 3) return std::to_string(sorted.size()) + " " + many;
    std::string out = std::string(sorted.size() == 1 ? one : many) + " ";
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (i) out += ", ";
        out += std::to_string(runs[i].first);
        if (runs[i].second != runs[i].first)
            out += (runs[i].second == runs[i].first + 1 ? ", " : "\xe2\x80\x93") +
                   std::to_string(runs[i].second);
    }
    return out;
}

std::string lanes_text(std::uint32_t mask) {
    std::vector<unsigned> lanes;
    for (unsigned l = 0; l < 32; ++l)
        if (mask >> l & 1u) lanes.push_back(l);
    return numbers_text(lanes, "lane", "lanes");
}

std::string lines_text(const std::vector<std::uint16_t>& lines) {
    if (lines.empty()) return "no line";
    // Items: a range for three or more consecutive lines, else single lines ("42 and 43").
    std::vector<std::pair<unsigned, unsigned>> runs, items;
    for (unsigned l : lines) {
        if (!runs.empty() && runs.back().second + 1 == l)
            runs.back().second = l;
        else
            runs.push_back({l, l});
    }
    for (const auto& [first, last] : runs) {
        if (last >= first + 2) {
            items.push_back({first, last});
            continue;
        }
        for (unsigned l = first; l <= last; ++l) items.push_back({l, l});
    }
    std::string out = lines.size() == 1 ? "line " : "lines ";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += i + 1 == items.size() ? " and " : ", ";
        out += std::to_string(items[i].first);
        if (items[i].second != items[i].first)
            out += "\xe2\x80\x93" + std::to_string(items[i].second);
    }
    return out;
}

namespace {

// "In step (3,0), 128 threads in 4 warps run line 21, `s[t] += s[t + k];`: ..." The threads
// and warps counted are those that ran that line (others busy elsewhere are counted apart).
std::string what_sentence(const TraceView& v, const StepView& s) {
    const trace::Counters& c = s.counters;
    std::string out = "In step " + step_label(s) + ", ";
    if (std::uint16_t line = main_line(s)) {
        std::uint32_t threads = 0;
        for (const LineActivity& l : s.lines)
            if (l.line == line) threads = l.threads;
        std::set<std::uint16_t> warps;
        for (std::uint32_t i : s.instructions)
            if (v.instructions[i].inst.line == line) warps.insert(v.instructions[i].inst.warp);
        out += plural(threads, "thread", "threads") + " in " +
               plural(warps.size(), "warp", "warps") + " run line " + std::to_string(line);
        const std::string code = short_code(v.line_text(line));
        if (!code.empty()) out += " (" + code + ")";
        if (c.active_lanes > threads)
            out += " (" + plural(c.active_lanes, "thread is", "threads are") + " busy in all)";
    } else {
        out += plural(c.active_lanes, "thread", "threads") + " in " +
               plural(c.active_warps, "warp", "warps") + " run";
    }
    std::vector<std::string> parts;
    if (s.global_reads)
        parts.push_back(plural(s.global_reads, "value", "values") + " loaded from global memory");
    if (c.smem_reads) parts.push_back(plural(c.smem_reads, "shared read", "shared reads"));
    if (c.smem_writes) parts.push_back(plural(c.smem_writes, "shared write", "shared writes"));
    if (s.shuffle_events)
        parts.push_back(plural(s.shuffle_events, "shuffle", "shuffles") +
                        " (registers passed lane to lane)");
    if (!s.ballots.empty())
        parts.push_back(plural(std::uint32_t(s.ballots.size()), "ballot", "ballots") +
                        " (a warp's predicates in one word)");
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

// The sides of the first warp of a step that runs more than one path: "lanes 4–31 run lines
// 26–28 and lanes 0–3 run line 30", or "" when no warp does.
std::string sides_text(const StepView& s, std::uint32_t* warp) {
    for (std::uint32_t w = 0; w < s.paths.size(); ++w) {
        const WarpPathView& p = s.paths[w];
        if (p.masks.size() < 2) continue;
        *warp = w;
        std::string out;
        const std::size_t shown = std::min<std::size_t>(p.masks.size(), 3);
        for (std::size_t i = 0; i < shown; ++i) {
            if (i) out += i + 1 == shown && p.masks.size() == shown ? " and " : ", ";
            out += lanes_text(p.masks[i]) +
                   (__builtin_popcount(p.masks[i]) == 1 ? " runs " : " run ") +
                   lines_text(p.lines[i]);
        }
        if (p.masks.size() > shown)
            out += " (and " + plural(p.masks.size() - shown, "other path", "other paths") + ")";
        return out;
    }
    return "";
}

// " (S of the T lane slots of its I recorded warp instructions)": the share's denominator.
std::string slots_text(const LaneShare& share) {
    return std::to_string(share.used) + " of the " + std::to_string(share.slots) +
           " lane slots of its " +
           plural(share.instructions, "warp instruction", "warp instructions");
}

// The first warp whose lanes ran a loop a different number of times, told as a loop.
std::string loop_text(const TraceView& v, const std::vector<WarpSlots>& warps) {
    for (std::uint32_t w = 0; w < warps.size(); ++w) {
        const WarpSlots& ws = warps[w];
        if (!ws.loop_line) continue;
        std::string out =
            "In warp " + std::to_string(w) + " the lanes run line " + std::to_string(ws.loop_line);
        const std::string code = short_code(v.line_text(ws.loop_line));
        if (!code.empty()) out += " (" + code + ")";
        return out + " between " + std::to_string(ws.fewest_trips) + " and " +
               plural(ws.most_trips, "time", "times") +
               ": a loop whose trip count differs by lane. The warp issues the loop until its "
               "last lane leaves it; the lanes that have left sit idle in those slots";
    }
    return "";
}

std::string lanes_sentence(const TraceView& v, std::size_t step) {
    const StepView& s = v.steps[step];
    const trace::Counters& c = s.counters;
    const std::uint64_t idle_warps = v.warps > c.active_warps ? v.warps - c.active_warps : 0;
    const std::vector<WarpSlots> warps = warp_slots(v, step);
    const LaneShare share = lane_share(warps);
    std::string out;
    std::uint32_t warp = 0;
    const std::string loop = loop_text(v, warps);
    const std::string sides = sides_text(s, &warp);
    const std::string busy = "Lanes are busy in " + std::to_string(share.percent()) + "% of the " +
                             "busy warps' issue slots (" + slots_text(share) + ")";
    if (c.divergent_warps && !loop.empty()) {
        out = plural(c.divergent_warps, "busy warp is", "busy warps are") + " divergent. " + loop +
              ". " + busy;
    } else if (c.divergent_warps && !sides.empty()) {
        out = plural(c.divergent_warps, "busy warp is", "busy warps are") + " divergent. In warp " +
              std::to_string(warp) + " " + sides +
              ": the warp runs one side with the other side's lanes switched off, then the other "
              "(in source order here; nvcc predicates or branches and picks the order), so it "
              "pays for both. " +
              busy;
    } else if (c.divergent_warps) {
        out = plural(c.divergent_warps, "busy warp is", "busy warps are") + " divergent. " + busy +
              ". The hardware may run such code predicated rather than branched; either way the "
              "idle lanes cost a full warp's time";
    } else if (c.active_warps) {
        out = "Every busy warp has all its lanes working (no divergence)";
    } else {
        out = "No thread of this block does anything here";
    }
    if (idle_warps && c.active_warps)
        out += ", and " + plural(idle_warps, "warp has", "warps have") + " nothing to do";
    return out + ".";
}

// An access-step of a racy step: which threads ran, in whose order.
std::string access_sentence(const TraceView& v, const StepView& s) {
    std::string out = "Access-step " + std::to_string(s.micro) + " of " +
                      std::to_string(s.micro_count) + " of step " + step_label(s.id) +
                      ", which has no sync inside and races, in the order " + v.race_order +
                      " ran its accesses: ";
    std::vector<std::uint16_t> lines;
    for (const LineActivity& l : s.lines) lines.push_back(l.line);
    std::vector<unsigned> threads(s.micro_threads.begin(), s.micro_threads.end());
    std::sort(threads.begin(), threads.end());
    out += numbers_text(threads, "thread", "threads") +
           (threads.size() == 1 ? " runs " : " each make the access at ") + lines_text(lines);
    if (lines.size() == 1) {
        const std::string code = short_code(v.line_text(lines[0]));
        if (!code.empty()) out += " (" + code + ")";
    }
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

std::string race_sentence(const TraceView& v, const RacePair& r) {
    auto access = [&](std::uint16_t thread, bool writes, std::uint16_t line, std::size_t step) {
        return "thread " + std::to_string(thread) + (writes ? " wrote" : " read") + " it (line " +
               std::to_string(line) + ", access-step " + std::to_string(v.steps[step].micro) + ")";
    };
    std::string out = "Race on s[" + std::to_string(r.cell) +
                      "]: " + access(r.first_thread, r.first_writes, r.first_line, r.first_step) +
                      " before " +
                      access(r.second_thread, r.second_writes, r.second_line, r.second_step);
    if (!r.first_writes && r.second_writes)
        out += ", so thread " + std::to_string(r.first_thread) +
               " used the value from before the write";
    else if (r.first_writes && !r.second_writes)
        out += ", so thread " + std::to_string(r.second_thread) + " saw the new value";
    else
        out += "; the later write wins";
    return out;
}

std::string hazard_sentence(const TraceView& v, const StepView& s) {
    if (s.hazards.empty()) return "";
    const std::string hint =
        ". Nothing orders the two accesses: another schedule can swap them and change the "
        "result; pick one in the Controls' Schedule box (the emulator runs it)";
    if (!s.races.empty()) {
        std::string out = race_sentence(v, v.races[s.races.front()]);
        if (s.races.size() > 1)
            out += " (and " + plural(s.races.size() - 1, "other pair", "other pairs") +
                   " in this access-step)";
        return out + hint + ".";
    }
    if (s.micro)
        return "This step races on " + plural(s.hazards.size(), "shared word", "shared words") +
               " (threads touch them with no sync between); each pair is told in the "
               "access-step of its second access" +
               hint + ".";
    const trace::Hazard& h = s.hazards.front();
    return "Race: " + plural(s.hazards.size(), "shared word is", "shared words are") +
           " touched by different threads with no sync between them (threads " +
           std::to_string(h.first_thread) + " and " + std::to_string(h.second_thread) +
           " on word " + std::to_string(h.word) + ", lines " + std::to_string(h.first_line) +
           " and " + std::to_string(h.second_line) + ")" + hint + ".";
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
    if (s.micro) {
        const std::string who = s.micro_threads.size() == 1
                                    ? "thread " + std::to_string(s.micro_threads[0])
                                    : plural(s.micro_threads.size(), "thread", "threads");
        return "step " + step_label(s.id) + ", access-step " + std::to_string(s.micro) + " of " +
               std::to_string(s.micro_count) + ": " + who + " (" + v.race_order + ")";
    }
    const LaneShare share = lane_share(warp_slots(v, step));
    return "step " + step_label(s) + ": " + std::to_string(c.active_warps) + " of " +
           std::to_string(v.warps) + " warps busy, " + std::to_string(c.divergent_warps) +
           " divergent, lanes busy in " + std::to_string(share.percent()) + "% of " +
           std::to_string(share.slots) + " issue slots";
}

std::string contention_sentence(const StepView& s) {
    std::uint32_t tries = 0, lost = 0, lanes = 0, won_at_once = 0, worst = 0;
    for (std::size_t t = 0; t < s.thread_atomics.size(); ++t) {
        const trace::AtomicCount& c = s.thread_atomics[t];
        if (c.tries == 0) continue;
        ++lanes;
        tries += c.tries;
        lost += c.retries;
        if (c.retries == 0) ++won_at_once;
        if (c.retries > s.thread_atomics[worst].retries) worst = std::uint32_t(t);
    }
    if (lost == 0) return "";
    return std::to_string(lanes) + " lanes tried " + std::to_string(tries) +
           " compare-and-swaps on one word; only one wins each round, so " + std::to_string(lost) +
           " lost the race and tried again (thread " + std::to_string(worst) + ": " +
           plural(s.thread_atomics[worst].retries, "time", "times") + "; " +
           plural(won_at_once, "lane", "lanes") + " won at the first try).";
}

std::vector<std::string> explain_step(const TraceView& v, std::size_t step) {
    if (step >= v.steps.size())
        return {"This run recorded no steps" +
                std::string(v.trace && !v.trace->error.empty() ? ": " + v.trace->error : ".")};
    const StepView& s = v.steps[step];
    if (s.micro) {  // an access-step: who ran, and the races it completes
        std::vector<std::string> out = {access_sentence(v, s), hazard_sentence(v, s)};
        return out;
    }
    std::vector<std::string> out = {what_sentence(v, s), lanes_sentence(v, step)};
    if (std::string b = banks_sentence(s); !b.empty()) out.push_back(b);
    if (std::string h = hazard_sentence(v, s); !h.empty()) out.push_back(h);
    if (std::string c = contention_sentence(s); !c.empty()) out.push_back(c);
    return out;
}

std::string below_lesson_block(const TraceView& v) {
    if (!v.trace || !v.variant || v.trace->totals.bank_conflicts != 0 ||
        v.variant->lesson_block <= v.trace->request.block)
        return "";
    return "At block " + std::to_string(v.trace->request.block) +
           " nothing shows: " + v.variant->lesson_block_why + ".";
}

}  // namespace ws::ui
