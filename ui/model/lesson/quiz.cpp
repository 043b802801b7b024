// The quiz's questions about a whole step: banks, conflict ways, divergent warps and the
// network's additions; the seeded choice of a question; a quiz attempt's request and seed.
// (Cells and races: quiz_cells.cpp; reading and checking answers: quiz_answers.cpp.)
#include <algorithm>
#include <array>
#include <bitset>
#include <set>

#include "ui/model/lesson/quiz.hpp"
#include "ui/model/lesson/quiz_internal.hpp"
#include "ui/model/trace/step_text.hpp"

namespace ws::ui {
namespace quiz_detail {
namespace {

using trace::EventKind;

bool is_shared(EventKind k) {
    return k == EventKind::SharedRead || k == EventKind::SharedWrite;
}
const char* access_noun(EventKind k) {
    return k == EventKind::SharedWrite ? "write" : "read";
}
unsigned popcount(std::uint32_t mask) {
    return static_cast<unsigned>(std::bitset<32>(mask).count());
}

// The lanes served together with `lane` for an access of `width` bytes: 128 bytes a group.
const BankGroup* group_of(const BankPicture& p, unsigned lane) {
    for (const BankGroup& g : p.groups)
        if (lane >= g.first_lane && lane < g.first_lane + g.lane_count) return &g;
    return nullptr;
}

std::vector<long long> words_of(const std::vector<BankWord>& words) {
    std::vector<long long> out;
    for (const BankWord& w : words) out.push_back(static_cast<long long>(w.word));
    return out;
}

// What else happens in one bank of a group: a conflict, a broadcast or nothing.
std::string bank_story(const BankGroup& g, unsigned bank, EventKind kind) {
    const std::vector<BankWord>& words = g.banks[bank];
    std::uint32_t lanes = 0;
    for (const BankWord& w : words) lanes |= w.lanes;
    const std::string name = "bank " + std::to_string(bank);
    const std::string among =
        g.lane_count < trace::kWarpSize
            ? "Among the " + std::to_string(g.lane_count) + " lanes served with it, "
            : std::string("In this ") + access_noun(kind) + ", ";
    if (words.size() > 1)
        return among + lanes_text(lanes) + " touch " + name + " at " +
               std::to_string(words.size()) + " distinct words (" + list_text(words_of(words)) +
               "): a " + std::to_string(words.size()) + "-way conflict, served one word at a time.";
    if (!words.empty() && popcount(lanes) > 1)
        return among + lanes_text(lanes) + " " + access_noun(kind) + " the same word of " + name +
               (kind == EventKind::SharedRead ? ": one broadcast serves them, no conflict."
                                              : ": one word, no conflict.");
    return "No other lane touches " + name + " there: no conflict.";
}

// "warp 0: lanes 0–15 run lines 31 and 32; lanes 16–31 idle"
std::string paths_text(std::uint32_t warp, const WarpPathView& p) {
    std::string out = "warp " + std::to_string(warp) + ": ";
    const std::size_t shown = std::min<std::size_t>(p.masks.size(), 3);
    for (std::size_t i = 0; i < shown; ++i) {
        if (i) out += "; ";
        out += lanes_text(p.masks[i]) + (popcount(p.masks[i]) == 1 ? " runs " : " run ") +
               lines_text(p.lines[i]);
        // Paths with the same lines differ in how often they ran one.
        for (std::size_t k = 0; k < i; ++k)
            if (p.lines[k] == p.lines[i]) {
                out += " a different number of times";
                break;
            }
    }
    if (p.masks.size() > shown)
        out += " (and " + plural(p.masks.size() - shown, "other path", "other paths") + ")";
    if (p.idle_mask) out += "; " + lanes_text(p.idle_mask) + " idle";
    return out;
}

}  // namespace

// The step's shared-memory warp instructions (indices into v.instructions).
std::vector<std::uint32_t> shared_instructions(const TraceView& v, const StepView& s) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i : s.instructions)
        if (is_shared(v.instructions[i].inst.kind) && !v.instructions[i].inst.events.empty())
            out.push_back(i);
    return out;
}

// " (its 2nd read on that line)" when the lanes of `mask` in the instruction's warp make more
// than one access of its kind at its line in the step; else "".
std::string which_access(const TraceView& v, const StepView& s, const trace::WarpInstruction& at,
                         std::uint32_t mask) {
    std::size_t same = 0;
    for (std::uint32_t i : s.instructions) {
        const trace::WarpInstruction& o = v.instructions[i].inst;
        same += o.warp == at.warp && o.line == at.line && o.kind == at.kind &&
                (o.active_mask & mask) != 0;
    }
    if (same < 2) return "";
    return " (its " + ordinal(at.occurrence + 1) + " " + access_noun(at.kind) + " on that line)";
}

std::string cell_name(long long cell) {
    return "s[" + std::to_string(cell) + "]";
}

std::string code_quote(const TraceView& v, std::uint16_t line) {
    const std::string code = short_code(v.line_text(line));
    return code.empty() ? "" : " (`" + code + "`)";
}

std::string list_text(const std::vector<long long>& sorted) {
    std::vector<std::string> runs;
    for (std::size_t i = 0; i < sorted.size();) {
        std::size_t end = i + 1;
        while (end < sorted.size() && sorted[end] == sorted[end - 1] + 1) ++end;
        if (end - i >= 3) {
            runs.push_back(std::to_string(sorted[i]) + "\xe2\x80\x93" +
                           std::to_string(sorted[end - 1]));
        } else {
            for (std::size_t k = i; k < end; ++k) runs.push_back(std::to_string(sorted[k]));
        }
        i = end;
    }
    std::string out;
    for (std::size_t i = 0; i < runs.size(); ++i)
        out += (i == 0 ? "" : i + 1 == runs.size() ? " and " : ", ") + runs[i];
    return out;
}

std::optional<Question> ask_bank_of_lane(const TraceView& v, std::size_t step, Chooser& pick) {
    const StepView& s = v.steps[step];
    const std::vector<std::uint32_t> shared = shared_instructions(v, s);
    if (!first_of_real_step(s) || shared.empty()) return std::nullopt;
    const std::uint32_t at = shared[pick.below(shared.size())];
    const InstructionInfo& info = v.instructions[at];
    const trace::Event& e = v.block->events[info.inst.events[pick.below(info.inst.events.size())]];
    const unsigned lane = e.thread % trace::kWarpSize;
    const std::uint64_t first_word = e.address / 4;
    const unsigned word_count = std::max(1u, unsigned(e.width) / 4);

    Question q;
    q.kind = QuestionKind::BankOfLane;
    q.instruction = at;
    q.thread = e.thread;
    q.warp = info.inst.warp;
    q.line = e.line;
    q.occurrence = info.inst.occurrence;
    q.cell = static_cast<std::uint32_t>(e.address / v.elem_size);
    std::vector<long long> words;
    for (unsigned k = 0; k < word_count; ++k) {
        words.push_back(static_cast<long long>(first_word + k));
        q.expected.push_back(static_cast<long long>((first_word + k) % trace::kWarpSize));
    }
    std::sort(q.expected.begin(), q.expected.end());
    q.shape = word_count == 1 ? AnswerShape::Number : AnswerShape::Numbers;
    q.answer = answer_words(q.kind, q.expected);

    const std::string who =
        "lane " + std::to_string(lane) + " of warp " + std::to_string(info.inst.warp);
    const std::string verb = e.kind == EventKind::SharedWrite ? "write" : "read";
    q.prompt = "Step " + step_label(s) + ", line " + std::to_string(e.line) +
               code_quote(v, e.line) + ": which bank" + (word_count > 1 ? "s" : "") + " will " +
               who + " hit with its " + (word_count > 1 ? std::to_string(e.width) + "-byte " : "") +
               verb + which_access(v, s, info.inst, 1u << lane) + "?";
    q.explain = "Lane " + std::to_string(lane) + " of warp " + std::to_string(info.inst.warp) +
                " " + verb + "s " + cell_name(q.cell) + " (" + std::to_string(e.width) +
                " bytes at byte " + std::to_string(e.address) +
                "): " + (word_count == 1 ? "word " : "words ") + list_text(words) + ", " +
                (word_count == 1 ? "bank " + std::to_string(first_word) + " % 32 = "
                                 : std::string("banks ")) +
                list_text(q.expected) + ".";
    if (const BankGroup* g = group_of(info.picture, lane)) {
        unsigned worst = unsigned(q.expected.front());  // the lane's bank with the most words
        for (long long b : q.expected)
            if (g->banks[b].size() > g->banks[worst].size()) worst = unsigned(b);
        q.explain += " " + bank_story(*g, worst, e.kind);
    }
    return q;
}

std::optional<Question> ask_conflict_ways(const TraceView& v, std::size_t step, Chooser& pick) {
    const StepView& s = v.steps[step];
    const std::vector<std::uint32_t> shared = shared_instructions(v, s);
    if (!first_of_real_step(s) || shared.empty()) return std::nullopt;
    const std::uint32_t at = shared[pick.below(shared.size())];
    const InstructionInfo& info = v.instructions[at];
    const trace::WarpInstruction& inst = info.inst;

    Question q;
    q.kind = QuestionKind::ConflictWays;
    q.instruction = at;
    q.warp = inst.warp;
    q.line = inst.line;
    q.occurrence = inst.occurrence;
    q.shape = AnswerShape::Number;
    q.expected = {static_cast<long long>(info.banks.max_ways)};
    q.answer = answer_words(q.kind, q.expected);
    const std::string noun = access_noun(inst.kind);
    q.prompt = "Step " + step_label(s) + ", line " + std::to_string(inst.line) +
               code_quote(v, inst.line) + ": warp " + std::to_string(inst.warp) + " " + noun +
               "s shared memory with " + plural(popcount(inst.active_mask), "lane", "lanes") +
               which_access(v, s, inst, inst.active_mask) +
               ". How many ways will its worst bank conflict be? (1 = no conflict)";

    // The bank with the most distinct words, in the group where it happens.
    const BankGroup* worst_group = nullptr;
    unsigned worst_bank = 0;
    for (const BankGroup& g : info.picture.groups)
        for (unsigned b = 0; b < 32; ++b)
            if (!worst_group || g.banks[b].size() > worst_group->banks[worst_bank].size()) {
                worst_group = &g;
                worst_bank = b;
            }
    const std::string wavefronts = plural(info.banks.wavefronts, "wavefront", "wavefronts");
    if (info.banks.max_ways > 1 && worst_group && worst_group->banks[worst_bank].size() <= 1) {
        // No bank repeats inside a group, yet the groups' words would fit fewer wavefronts (a
        // load of 8-byte lanes, the even lanes every other double: analysis.hpp).
        q.explain = "No bank holds two words among the " + std::to_string(worst_group->lane_count) +
                    " lanes served together, but the groups are served one after another: the " +
                    noun + " takes " + wavefronts + " where its distinct bytes need " +
                    std::to_string(info.banks.ideal_wavefronts) + ", a " +
                    std::to_string(info.banks.max_ways) + "-way conflict.";
    } else if (info.banks.max_ways > 1 && worst_group) {
        const std::vector<BankWord>& words = worst_group->banks[worst_bank];
        std::uint32_t lanes = 0;
        for (const BankWord& w : words) lanes |= w.lanes;
        q.explain = "Bank " + std::to_string(worst_bank) + " holds " +
                    std::to_string(words.size()) + " distinct words (" +
                    list_text(words_of(words)) + ", from " + lanes_text(lanes) + "): a " +
                    std::to_string(info.banks.max_ways) + "-way conflict, so the " + noun +
                    " takes " + wavefronts + " where " +
                    std::to_string(info.banks.ideal_wavefronts) + " would do.";
    } else {
        q.explain =
            std::string("No bank holds two different words") +
            (info.picture.broadcast_words ? " (lanes that share a word are served by one broadcast)"
                                          : "") +
            ": no conflict, " + wavefronts + ".";
    }
    if (info.picture.groups.size() > 1 || (worst_group && worst_group->lane_count < 32))
        q.explain += " Its " + std::to_string(128 / std::max(1u, worst_group->lane_count)) +
                     "-byte accesses are served " + std::to_string(worst_group->lane_count) +
                     " lanes at a time; the worst group decides.";
    return q;
}

std::optional<Question> ask_divergent_warps(const TraceView& v, std::size_t step, Chooser&) {
    const StepView& s = v.steps[step];
    if (!first_of_real_step(s)) return std::nullopt;
    std::vector<long long> divergent, uniform, idle;
    for (std::uint32_t w = 0; w < s.paths.size(); ++w) {
        const WarpPathView& p = s.paths[w];
        if (p.masks.empty())
            idle.push_back(w);
        else
            (p.divergent ? divergent : uniform).push_back(w);
    }
    if (divergent.empty() && uniform.empty()) return std::nullopt;  // no warp ran
    Question q;
    q.kind = QuestionKind::DivergentWarps;
    q.shape = AnswerShape::Numbers;
    q.expected = divergent;
    q.answer = answer_words(q.kind, q.expected);
    q.prompt = "Step " + step_label(s) + ": which of the " + plural(v.warps, "warp", "warps") +
               " will be divergent (some live lanes idle, or lanes on different paths)? Warp "
               "numbers, e.g. 0, 2; or none.";
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < divergent.size() && i < 3; ++i)
        parts.push_back(paths_text(std::uint32_t(divergent[i]), s.paths[divergent[i]]));
    if (divergent.size() > 3)
        parts.push_back("and " + plural(divergent.size() - 3, "more warp", "more warps") +
                        " like them");
    if (!uniform.empty())
        parts.push_back(std::string(uniform.size() == 1 ? "warp " : "warps ") + list_text(uniform) +
                        (uniform.size() == 1 ? " runs" : " run") + " every live lane on one path");
    if (!idle.empty())
        parts.push_back(std::string(idle.size() == 1 ? "warp " : "warps ") + list_text(idle) +
                        (idle.size() == 1 ? " runs" : " run") +
                        " nothing (not divergent: a warp that does nothing costs nothing)");
    q.explain = divergent.empty() ? "No warp diverges: " : "Divergent: ";
    for (std::size_t i = 0; i < parts.size(); ++i) q.explain += (i ? "; " : "") + parts[i];
    q.explain += ".";
    return q;
}

std::optional<Question> ask_additions(const TraceView& v, std::size_t step, Chooser&) {
    const StepView& s = v.steps[step];
    if (!first_of_real_step(s)) return std::nullopt;
    const long level = v.circuit.level_of_step(s.origin);
    if (level < 0) return std::nullopt;
    const CircuitLevel& l = v.circuit.levels[std::size_t(level)];
    Question q;
    q.kind = QuestionKind::Additions;
    q.level = level;
    q.shape = AnswerShape::Number;
    q.expected = {static_cast<long long>(l.additions)};
    q.answer = answer_words(q.kind, q.expected);
    q.prompt = "Step " + step_label(s) + " adds in the " +
               std::string(v.circuit.reduction ? "reduction tree" : "scan network") + " (depth " +
               std::to_string(v.circuit.depth()) + "). How many additions will it do?";

    std::set<long long> threads;
    std::set<std::uint16_t> lines;
    std::uint64_t done = 0;
    for (const CircuitAdd& a : v.circuit.adds) {
        if (a.level == std::uint32_t(level)) {
            threads.insert(a.thread);
            lines.insert(a.line);
        }
        if (a.level <= std::uint32_t(level)) ++done;
    }
    q.line = lines.empty() ? 0 : *lines.begin();
    const std::vector<long long> who(threads.begin(), threads.end());
    q.explain = plural(l.additions, "addition", "additions") + " by " +
                (who.size() == 1 ? "thread " : "threads ") + list_text(who) + " at " +
                lines_text(std::vector<std::uint16_t>(lines.begin(), lines.end())) +
                (lines.size() == 1 ? code_quote(v, q.line) : "") + ".";
    if (l.rows > 1)
        q.explain += " With no sync between, a thread adds up to " + std::to_string(l.rows) +
                     " times in this step.";
    q.explain += " After it the network has done " + std::to_string(done) + " of its " +
                 std::to_string(v.circuit.work()) + " additions.";
    return q;
}

}  // namespace quiz_detail

namespace {

using Builder = std::optional<Question> (*)(const TraceView&, std::size_t, quiz_detail::Chooser&);
// One builder per kind, in QuestionKind order.
constexpr std::array<Builder, kQuestionKindCount> kBuilders = {
    quiz_detail::ask_bank_of_lane, quiz_detail::ask_conflict_ways, quiz_detail::ask_divergent_warps,
    quiz_detail::ask_cell_value,   quiz_detail::ask_written_cell,  quiz_detail::ask_racing_pair,
    quiz_detail::ask_additions,
};

struct KindNames {
    const char* name;
    const char* title;
};
constexpr std::array<KindNames, kQuestionKindCount> kKindNames = {{
    {"bank_of_lane", "Bank of a lane"},
    {"conflict_ways", "Conflict ways"},
    {"divergent_warps", "Divergent warps"},
    {"cell_value", "Value of a cell"},
    {"written_cell", "Cell a thread writes"},
    {"racing_pair", "Racing threads"},
    {"additions", "Additions of a level"},
}};

}  // namespace

const char* question_kind_name(QuestionKind k) {
    return kKindNames[static_cast<std::size_t>(k)].name;
}

const char* question_kind_title(QuestionKind k) {
    return kKindNames[static_cast<std::size_t>(k)].title;
}

std::optional<QuestionKind> question_kind_from_name(const std::string& name) {
    for (QuestionKind k : kQuestionKinds)
        if (name == question_kind_name(k)) return k;
    return std::nullopt;
}

std::vector<Question> questions_at(const TraceView& v, std::size_t step, std::uint64_t seed) {
    std::vector<Question> out;
    if (!v.block || step >= v.steps.size()) return out;
    for (QuestionKind k : kQuestionKinds) {
        quiz_detail::Chooser pick(seed, step, static_cast<int>(k));
        if (auto q = kBuilders[static_cast<std::size_t>(k)](v, step, pick)) {
            q->step = step;
            q->seed = seed;
            out.push_back(std::move(*q));
        }
    }
    return out;
}

std::optional<Question> pick_question(const TraceView& v, std::size_t step, std::uint64_t seed) {
    std::vector<Question> all = questions_at(v, step, seed);
    if (all.empty()) return std::nullopt;
    quiz_detail::Chooser pick(seed, step, kQuestionKindCount);
    return std::move(all[pick.below(all.size())]);
}

trace::Request quiz_request(trace::Request r, std::uint64_t seed) {
    if (r.pattern == "ramp") r.pattern = "random";
    r.seed = seed;
    return r;
}

std::uint64_t fresh_quiz_seed(std::uint64_t entropy) {
    return splitmix64(entropy) % 999999 + 1;
}

}  // namespace ws::ui
