// The quiz's questions against the trace: on every catalog algorithm, at every step, each
// question's expected answer equals the fact computed here from the raw events (banks from
// addresses, ways from distinct words per bank, divergence from the lanes of each warp
// instruction, values by replaying the shared writes, races from the accesses, additions by
// counting adding events), not by the quiz's own code; the right answer reads back as right, a
// wrong one as wrong; the seed decides the question. (Reading answers: test_quiz_answers.cpp.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/circuit.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/model/lesson/quiz.hpp"
#include "ui/model/trace/trace_view.hpp"

using namespace ws;
using namespace ws::ui;
using trace::Event;
using trace::EventKind;

namespace {

// The raw events of a view's block, by thread, for looking facts up independently.
struct RawEvents {
    const TraceView& v;
    std::vector<std::vector<std::uint32_t>> by_thread;

    explicit RawEvents(const TraceView& view) : v(view) {
        for (std::uint32_t i = 0; i < v.block->events.size(); ++i) {
            const Event& e = v.block->events[i];
            if (e.thread >= by_thread.size()) by_thread.resize(e.thread + 1u);
            by_thread[e.thread].push_back(i);
        }
    }
    const Event& at(std::uint32_t i) const { return v.block->events[i]; }

    // The thread's `occurrence`-th event of `kind` at `line` in step `id`, or nullptr.
    const Event* lane_event(trace::StepId id, std::uint32_t thread, std::uint16_t line,
                            EventKind kind, std::uint32_t occurrence) const {
        if (thread >= by_thread.size()) return nullptr;
        std::uint32_t seen = 0;
        for (std::uint32_t i : by_thread[thread]) {
            const Event& e = at(i);
            if (trace::step_of(e) == id && e.line == line && e.kind == kind && seen++ == occurrence)
                return &e;
        }
        return nullptr;
    }
};

std::vector<long long> banks_of(const Event& e) {
    std::set<long long> banks;
    for (unsigned k = 0; k < std::max(1u, unsigned(e.width) / 4); ++k)
        banks.insert(static_cast<long long>((e.address / 4 + k) % 32));
    return {banks.begin(), banks.end()};
}

// The most distinct words any bank serves in one group of lanes (128 bytes a group).
unsigned ways_of(const RawEvents& raw, trace::StepId id, std::uint32_t warp, std::uint16_t line,
                 EventKind kind, std::uint32_t occurrence) {
    // Groups of lanes that move 128 bytes (a load whose warp touches no bank twice: one group),
    // the most distinct words in one bank of a group; a load's ways: its wavefronts over what its
    // distinct bytes need, rounded up (analysis.hpp's rule, written again here from the events).
    std::map<std::pair<unsigned, unsigned>, std::set<std::uint64_t>> words;  // (group, bank)
    std::set<std::uint64_t> distinct;
    unsigned width = 4;
    std::vector<const Event*> lanes(32, nullptr);
    for (unsigned lane = 0; lane < 32; ++lane) {
        lanes[lane] = raw.lane_event(id, warp * 32 + lane, line, kind, occurrence);
        if (!lanes[lane]) continue;
        width = std::max(width, unsigned(lanes[lane]->width));
        for (unsigned k = 0; k < std::max(1u, unsigned(lanes[lane]->width) / 4); ++k)
            distinct.insert(lanes[lane]->address / 4 + k);
    }
    std::map<unsigned, unsigned> per_bank;
    bool once = true;
    for (std::uint64_t w : distinct) once = once && ++per_bank[unsigned(w % 32)] == 1;
    const unsigned group_lanes = kind == EventKind::SharedRead && once ? 32 : 128 / width;
    for (unsigned lane = 0; lane < 32; ++lane) {
        const Event* e = lanes[lane];
        if (!e) continue;
        const unsigned group = lane / group_lanes;
        for (unsigned k = 0; k < std::max(1u, unsigned(e->width) / 4); ++k) {
            const std::uint64_t word = e->address / 4 + k;
            words[{group, unsigned(word % 32)}].insert(word);
        }
    }
    std::map<unsigned, std::size_t> group_most;
    for (const auto& [key, set] : words)
        group_most[key.first] = std::max(group_most[key.first], set.size());
    std::size_t most = 0, wavefronts = 0;
    for (const auto& [group, m] : group_most) most = std::max(most, m), wavefronts += m;
    if (kind != EventKind::SharedRead) return unsigned(most);
    const std::size_t ideal = std::max<std::size_t>(1, (distinct.size() * 4 + 127) / 128);
    return unsigned((wavefronts + ideal - 1) / ideal);
}

// Warps in which some warp instruction (the events of one line, kind and occurrence) ran with a
// strict subset of the warp's launched lanes.
std::vector<long long> divergent_warps(const RawEvents& raw, trace::StepId id) {
    std::vector<long long> out;
    for (std::uint32_t warp = 0; warp * 32 < raw.v.threads; ++warp) {
        const std::uint32_t live_lanes = std::min(32u, raw.v.threads - warp * 32);
        const std::uint32_t live = live_lanes == 32 ? ~0u : (1u << live_lanes) - 1u;
        std::map<std::tuple<std::uint16_t, int, std::uint32_t>, std::uint32_t> masks;
        for (unsigned lane = 0; lane < live_lanes; ++lane) {
            const std::uint32_t thread = warp * 32 + lane;
            if (thread >= raw.by_thread.size()) continue;
            std::map<std::pair<std::uint16_t, int>, std::uint32_t> seen;
            for (std::uint32_t i : raw.by_thread[thread]) {
                const Event& e = raw.at(i);
                if (trace::step_of(e) != id || e.kind == EventKind::AtomicWrite) continue;
                const int kind = static_cast<int>(e.kind);
                masks[{e.line, kind, seen[{e.line, kind}]++}] |= 1u << lane;
            }
        }
        if (masks.empty()) continue;  // the warp ran nothing
        for (const auto& [key, mask] : masks)
            if (mask != live) {
                out.push_back(warp);
                break;
            }
    }
    return out;
}

// The cell's value after the writes `writes` (in the order they ran), replayed byte by byte;
// nullopt when they leave some byte of it unknown.
std::optional<double> replay_cell(const TraceView& v, const std::vector<const Event*>& writes,
                                  std::uint32_t cell) {
    std::uint8_t bytes[8] = {};
    std::vector<bool> known(v.elem_size, false);
    const std::uint64_t first = std::uint64_t(cell) * v.elem_size;
    for (const Event* e : writes)
        for (unsigned k = 0; k < std::min(8u, unsigned(e->width)); ++k) {
            const std::uint64_t at = e->address + k;
            if (at < first || at >= first + v.elem_size) continue;
            bytes[at - first] = static_cast<std::uint8_t>(e->value >> (8 * k));
            known[at - first] = true;
        }
    if (std::find(known.begin(), known.end(), false) != known.end()) return std::nullopt;
    return trace::visit_dtype(v.trace->smem_type, [&](auto zero) {
        decltype(zero) x;
        std::memcpy(&x, bytes, sizeof x);
        return double(x);
    });
}

// The value the cell holds after view step `step`, from the step's shared writes: all of them in
// (thread, seq) order for a whole step; for an access-step, those of the racy step in the order
// they ran, up to the end of this access-step (as many shared accesses as the access-steps so
// far show).
std::optional<double> cell_after(const RawEvents& raw, std::size_t step, std::uint32_t cell) {
    const TraceView& v = raw.v;
    const StepView& s = v.steps[step];
    std::vector<const Event*> writes;
    if (!s.micro) {
        for (const Event& e : v.block->events)
            if (trace::step_of(e) == s.id && e.kind == EventKind::SharedWrite) writes.push_back(&e);
        return replay_cell(v, writes, cell);
    }
    std::size_t accesses = 0;  // shared accesses made by this access-step's end
    for (std::size_t i = step + 1 - s.micro; i <= step; ++i) accesses += v.steps[i].accesses.size();
    REQUIRE(v.block->order.size() == v.block->events.size());  // the emulator records its order
    for (std::uint32_t i : v.block->order) {
        const Event& e = raw.at(i);
        const bool shared = e.kind == EventKind::SharedRead || e.kind == EventKind::SharedWrite;
        if (trace::step_of(e) != s.id || !shared || e.address / v.elem_size >= v.cells) continue;
        if (accesses == 0) break;
        --accesses;
        if (e.kind == EventKind::SharedWrite) writes.push_back(&e);
    }
    return replay_cell(v, writes, cell);
}

// Lane-level additions of the block's real step `origin`: events at the adding lines that add
// (trace::is_addition: the shared writes of a line that writes shared memory, else the shuffles
// from another lane and the shared reads).
std::uint64_t additions_in(const TraceView& v, std::size_t origin) {
    const std::vector<std::uint16_t> lines =
        trace::adding_lines(v.trace->source_text, !v.circuit.reduction);
    std::set<std::uint16_t> writing;
    for (const Event& e : v.block->events)
        if (e.kind == EventKind::SharedWrite) writing.insert(e.line);
    std::uint64_t n = 0;
    for (const Event& e : v.block->events)
        if (trace::step_of(e) == v.origin_ids[origin] &&
            std::find(lines.begin(), lines.end(), e.line) != lines.end() &&
            trace::is_addition(e, writing.count(e.line) > 0))
            ++n;
    return n;
}

std::string joined(const std::vector<long long>& numbers) {
    std::string out;
    for (long long n : numbers) out += (out.empty() ? "" : ", ") + std::to_string(n);
    return out;
}

// The right answer as a student would type it, and a wrong one.
std::string typed_right(const Question& q) {
    switch (q.shape) {
        case AnswerShape::Number:
            return std::to_string(q.expected.at(0));
        case AnswerShape::Numbers:
            return q.expected.empty() ? "none" : joined(q.expected);
        case AnswerShape::Cell:
            return "s[" + std::to_string(q.expected.at(0)) + "]";
        case AnswerShape::Value:
            break;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", q.expected_value);
    return buf;
}

std::string typed_wrong(const Question& q) {
    switch (q.shape) {
        case AnswerShape::Number:
        case AnswerShape::Cell:
            return std::to_string(q.expected.at(0) + 1);
        case AnswerShape::Numbers:
            if (q.kind == QuestionKind::RacingPair) return joined({q.expected.at(0), 100000});
            return q.expected.empty() ? "0" : joined(q.expected) + ", 100000";
        case AnswerShape::Value:
            break;
    }
    const double off = q.expected_value + std::fabs(q.expected_value) + 1;  // never the same
    return format_value(off, q.value_type);
}

// Checks one question's expected answer against the raw events; returns nothing, CHECKs.
void check_against_trace(const RawEvents& raw, const Question& q) {
    const TraceView& v = raw.v;
    const StepView& s = v.steps.at(q.step);
    INFO("step " << step_label(s) << ", " << question_kind_name(q.kind) << ": " << q.prompt);
    CHECK(!q.prompt.empty());
    CHECK(!q.answer.empty());
    CHECK(!q.explain.empty());
    switch (q.kind) {
        case QuestionKind::BankOfLane: {
            const EventKind kind = v.instructions.at(std::size_t(q.instruction)).inst.kind;
            const Event* e = raw.lane_event(s.id, q.thread, q.line, kind, q.occurrence);
            REQUIRE(e);
            CHECK(q.expected == banks_of(*e));
            break;
        }
        case QuestionKind::ConflictWays: {
            const EventKind kind = v.instructions.at(std::size_t(q.instruction)).inst.kind;
            CHECK(q.expected ==
                  std::vector<long long>{ways_of(raw, s.id, q.warp, q.line, kind, q.occurrence)});
            break;
        }
        case QuestionKind::DivergentWarps:
            CHECK(q.expected == divergent_warps(raw, s.id));
            CHECK(q.expected.size() == s.counters.divergent_warps);
            break;
        case QuestionKind::CellValue: {
            const std::optional<double> value = cell_after(raw, q.step, q.cell);
            REQUIRE(value);
            CHECK(format_value(q.expected_value, q.value_type) ==
                  format_value(*value, v.trace->smem_type));
            CHECK(q.expected_value == Approx(*value));
            break;
        }
        case QuestionKind::WrittenCell: {
            const Event* e =
                raw.lane_event(s.id, q.thread, q.line, EventKind::SharedWrite, q.occurrence);
            REQUIRE(e);
            CHECK(q.expected ==
                  std::vector<long long>{static_cast<long long>(e->address / v.elem_size)});
            break;
        }
        case QuestionKind::RacingPair: {
            const RacePair& r = v.races.at(std::size_t(q.race));
            CHECK(std::count(s.races.begin(), s.races.end(), std::uint32_t(q.race)) == 1);
            CHECK(q.cell == r.cell);
            const std::vector<long long> pair = {std::min(r.first_thread, r.second_thread),
                                                 std::max(r.first_thread, r.second_thread)};
            CHECK(q.expected == pair);
            // Both threads touch the cell's word in the step, at least one writing.
            std::set<long long> touched;
            bool wrote = false;
            for (const Event& e : v.block->events) {
                const bool shared =
                    e.kind == EventKind::SharedRead || e.kind == EventKind::SharedWrite;
                if (trace::step_of(e) != s.id || !shared || e.address / 4 != r.hazard.word ||
                    (e.thread != pair[0] && e.thread != pair[1]))
                    continue;
                touched.insert(e.thread);
                wrote = wrote || e.kind == EventKind::SharedWrite;
            }
            CHECK(touched.size() == 2);
            CHECK(wrote);
            break;
        }
        case QuestionKind::Additions: {
            const std::uint64_t counted = additions_in(v, s.origin);
            if (v.circuit.unplaced == 0)
                CHECK(q.expected == std::vector<long long>{static_cast<long long>(counted)});
            else
                CHECK(q.expected.at(0) <= static_cast<long long>(counted));
            break;
        }
    }
    // The right answer, typed, is right; a wrong one is wrong and the message names the right.
    const Verdict right = check_answer(q, typed_right(q));
    INFO("typed " << typed_right(q) << ": " << right.message);
    CHECK(right.understood);
    CHECK(right.correct);
    CHECK(check_answer(q, q.answer).correct);  // the answer as the quiz words it reads back
    const Verdict wrong = check_answer(q, typed_wrong(q));
    INFO("typed " << typed_wrong(q) << ": " << wrong.message);
    CHECK(wrong.understood);
    CHECK_FALSE(wrong.correct);
    CHECK(wrong.message.find(q.answer) != std::string::npos);
    if (q.shape == AnswerShape::Cell) CHECK(check_cell(q, std::uint32_t(q.expected[0])).correct);
}

std::shared_ptr<const TraceView> quiz_view(const std::string& algo, trace::DType type,
                                           std::uint32_t block, std::uint64_t seed) {
    RequestForm f;
    f.algo = algo;
    f.n = "203";
    f.block = block;
    f.type = type;
    f.pattern = "random";
    f.seed = seed;
    if (const VariantInfo* info = find_variant(algo);
        info && info->scan_op == ScanOp::CompactPositive)
        f.pattern = "keep:50";
    auto v = testing::emulated_view(f);
    REQUIRE(v->block);
    return v;
}

}  // namespace

TEST_CASE("every question's answer is the trace's fact, on every algorithm", "[quiz]") {
    std::map<QuestionKind, std::size_t> asked;
    for (const VariantInfo& info : catalog()) {
        INFO(info.id);
        // A block of any size gets a partial warp (80: 2.5 warps).
        const std::uint32_t small = info.block_rule == BlockRule::Any1To1024 ? 80 : 64;
        for (std::uint32_t block : {small, 128u}) {
            INFO("block " << block);
            const auto v = quiz_view(info.id, trace::DType::Int32, block, 11 + block);
            const RawEvents raw(*v);
            for (std::size_t step = 0; step < v->step_count(); ++step)
                for (std::uint64_t seed : {1u, 2u, 3u, 4u})
                    for (const Question& q : questions_at(*v, step, seed)) {
                        CHECK(q.step == step);
                        CHECK(q.seed == seed);
                        check_against_trace(raw, q);
                        ++asked[q.kind];
                    }
        }
    }
    for (QuestionKind k : kQuestionKinds) {
        INFO(question_kind_name(k));
        CHECK(asked[k] > 0);
    }
}

TEST_CASE("floating-point traces: values as the panels format them, wide accesses' banks",
          "[quiz]") {
    for (const char* algo : {"reduce-sequential", "scan-blelloch", "copy-vector4",
                             "scan-decoupled-lookback-vector", "reduce-minmax-avg"})
        for (trace::DType type : {trace::DType::Float32, trace::DType::Float64}) {
            INFO(algo << " " << trace::dtype_name(type));
            const auto v = quiz_view(algo, type, 128, 7);
            const RawEvents raw(*v);
            for (std::size_t step = 0; step < v->step_count(); ++step)
                for (const Question& q : questions_at(*v, step, 5)) check_against_trace(raw, q);
        }
}

TEST_CASE("a racy trace asks which two threads race, and the answer is the race pair",
          "[quiz][race]") {
    for (const char* algo : {"reduce-unroll-last-warp-legacy", "scan-kogge-stone-inplace"})
        for (const char* schedule : {"lockstep", "sequential"}) {
            INFO(algo << " under " << schedule);
            RequestForm f;
            f.algo = algo;
            f.n = "128";
            f.block = 64;
            f.pattern = "random";
            f.seed = 5;
            f.schedule = schedule;
            const auto v = testing::emulated_view(f);
            REQUIRE(!v->races.empty());
            const RawEvents raw(*v);
            std::set<long> races_asked;
            for (std::size_t step = 0; step < v->step_count(); ++step)
                for (const Question& q : questions_at(*v, step, 9)) {
                    check_against_trace(raw, q);
                    if (q.kind != QuestionKind::RacingPair) continue;
                    races_asked.insert(q.race);
                    const RacePair& r = v->races[std::size_t(q.race)];
                    CHECK(r.second_step == step);
                    const std::string pair =
                        std::to_string(r.first_thread) + " and " + std::to_string(r.second_thread);
                    CHECK(check_answer(q, pair).correct);
                    CHECK(q.explain.find("thread " + std::to_string(r.first_thread)) !=
                          std::string::npos);
                }
            // Every access-step that completes a race asks about one of its races.
            std::size_t racy_steps = 0;
            for (const StepView& s : v->steps) racy_steps += !s.races.empty();
            CHECK(races_asked.size() >= std::min<std::size_t>(racy_steps, 1));
            CHECK(!races_asked.empty());
        }
}

TEST_CASE("the same seed gives the same question, other seeds, other questions", "[quiz]") {
    const auto v = quiz_view("reduce-interleaved-strided", trace::DType::Int32, 128, 3);
    std::vector<std::string> first, again, other;
    for (std::size_t step = 0; step < v->step_count(); ++step) {
        const auto a = pick_question(*v, step, 42), b = pick_question(*v, step, 42),
                   c = pick_question(*v, step, 43);
        REQUIRE(a);
        REQUIRE(b);
        REQUIRE(c);
        CHECK(a->seed == 42);
        CHECK(a->kind == b->kind);
        CHECK(a->expected == b->expected);
        first.push_back(a->prompt);
        again.push_back(b->prompt);
        other.push_back(c->prompt);
    }
    CHECK(first == again);
    CHECK(first != other);
    // The lane asked about moves with the seed too.
    std::set<std::string> prompts;
    for (std::uint64_t seed = 1; seed <= 20; ++seed)
        for (const Question& q : questions_at(*v, 1, seed))
            if (q.kind == QuestionKind::BankOfLane) prompts.insert(q.prompt);
    CHECK(prompts.size() > 3);
    // A trace without steps has no question.
    const auto empty = make_trace_view(std::make_shared<trace::Trace>());
    CHECK(questions_at(*empty, 0, 1).empty());
    CHECK_FALSE(pick_question(*empty, 0, 1));
    CHECK(questions_at(*v, v->step_count(), 1).empty());
}

TEST_CASE("kinds apply only where the trace has their facts", "[quiz]") {
    // copy-scalar: no shared memory, no network: no bank, value or additions question.
    const auto copy = quiz_view("copy-scalar", trace::DType::Int32, 64, 1);
    for (std::size_t step = 0; step < copy->step_count(); ++step)
        for (const Question& q : questions_at(*copy, step, 1)) {
            CHECK(q.kind != QuestionKind::BankOfLane);
            CHECK(q.kind != QuestionKind::ConflictWays);
            CHECK(q.kind != QuestionKind::CellValue);
            CHECK(q.kind != QuestionKind::Additions);
            CHECK(q.kind != QuestionKind::RacingPair);
        }
    // The strided tree: 2-way conflicts at its first level, explained by the bank's two words.
    const auto strided = quiz_view("reduce-interleaved-strided", trace::DType::Int32, 64, 1);
    bool two_way = false;
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
        for (const Question& q : questions_at(*strided, 1, seed))
            if (q.kind == QuestionKind::ConflictWays && q.expected[0] == 2) {
                two_way = true;
                CHECK(q.answer == "2-way");
                CHECK(q.explain.find("2-way conflict") != std::string::npos);
            }
    CHECK(two_way);
}
