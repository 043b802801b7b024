// "Predict the next step": questions generated from a trace, checked against it, explained in
// words made from it. Before step `step` is revealed (the student sees step - 1) a question asks
// what it will do: which bank a lane will hit, how many ways an instruction's worst bank conflict
// is, which warps will be divergent, which value a cell will hold, which cell a thread will write,
// which two threads race on a cell, how many additions the network's level does. Every fact comes
// from the TraceView (so every algorithm, present and future, gets questions without writing
// any by hand); the choice of question and of the lane, cell or warp it asks about is drawn from
// a seed (splitmix64), so a teacher who is told the seed sees the same question.
//
// Plain data, no ImGui. Which step a kind is asked at:
//   - whole-step kinds (BankOfLane, ConflictWays, DivergentWarps, WrittenCell, Additions) ask
//     about the block's real step, at its first view step (a racy step shown access by access:
//     at its first access-step);
//   - CellValue and RacingPair ask about the view step itself (an access-step too).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/trace/trace.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

enum class QuestionKind {
    BankOfLane,      // which bank (banks, for an 8- or 16-byte access) lane k's access hits
    ConflictWays,    // how many ways a shared instruction's worst bank conflict is (1: none)
    DivergentWarps,  // which warps will be divergent in the step (possibly none)
    CellValue,       // which value a shared cell will hold after the step (not one loaded from
                     // global memory: the input is not on screen)
    WrittenCell,     // which shared cell a thread's write at a line will hit (click it)
    RacingPair,      // which two threads race on a shared cell (no sync between their accesses)
    Additions,       // how many additions the network's level in this step does
};
inline constexpr int kQuestionKindCount = 7;
inline constexpr QuestionKind kQuestionKinds[] = {
    QuestionKind::BankOfLane, QuestionKind::ConflictWays, QuestionKind::DivergentWarps,
    QuestionKind::CellValue,  QuestionKind::WrittenCell,  QuestionKind::RacingPair,
    QuestionKind::Additions,
};
// "bank_of_lane", ...: stable names for files (the scores' CSV and JSON).
const char* question_kind_name(QuestionKind k);
// "Bank of a lane", ...: for menus and the scores table.
const char* question_kind_title(QuestionKind k);
std::optional<QuestionKind> question_kind_from_name(const std::string& name);

// What an answer is.
enum class AnswerShape {
    Number,   // one integer (a bank, ways, additions)
    Numbers,  // a set of integers, possibly empty: warps, banks of a wide access, two threads
    Cell,     // a shared cell: typed "s[12]" or "12", or clicked
    Value,    // a cell's value, as the shared array's type holds it
};

struct Question {
    QuestionKind kind = QuestionKind::BankOfLane;
    std::size_t step = 0;    // the view step whose outcome is asked (the student sees step - 1)
    std::uint64_t seed = 0;  // the seed that chose it
    std::string prompt;      // one or two short sentences
    AnswerShape shape = AnswerShape::Number;
    std::vector<long long> expected;  // Number, Cell: one; Numbers: sorted, distinct
    // Other answers the trace makes just as right (Numbers and Cell): another pair of threads
    // racing on the same cell, another cell of a wide write. Each sorted like `expected`.
    std::vector<std::vector<long long>> also_right;
    double expected_value = 0;                      // Value
    trace::DType value_type = trace::DType::Int32;  // Value: how it is written and compared
    std::string answer;   // the right answer in words: "bank 10", "warps 0 and 2", "s[24]", "42"
    std::string explain;  // why, in words generated from the trace

    // What the question is about, for the panels to point at (-1 / 0 where it does not apply).
    long instruction = -1;         // into TraceView::instructions (bank, ways, written cell)
    long race = -1;                // into TraceView::races (RacingPair)
    long level = -1;               // into TraceView::circuit.levels (Additions)
    std::uint32_t thread = 0;      // the lane's thread (bank, written cell), the writer (value)
    std::uint32_t warp = 0;        // the instruction's warp
    std::uint16_t line = 0;        // the source line asked about
    std::uint32_t occurrence = 0;  // which of the thread's accesses of its kind at that line
    std::uint32_t cell = 0;        // CellValue, RacingPair: the cell named in the prompt
};

// Every question the trace can answer about view step `step`: at most one of each kind, none
// for a kind that does not apply (no shared instruction: no bank question; no circuit level:
// no additions question; nothing written: no value question; no race: no racing pair). The
// lane, cell, warp or instruction each asks about is drawn from `seed`.
std::vector<Question> questions_at(const TraceView& v, std::size_t step, std::uint64_t seed = 0);

// One of questions_at(v, step, seed), chosen by the seed: the same seed, the same question.
std::optional<Question> pick_question(const TraceView& v, std::size_t step, std::uint64_t seed);

struct Verdict {
    bool understood = false;  // the answer parsed as the question's shape
    bool correct = false;
    std::string message;  // one line: "Right: bank 10." / "Not quite: you said bank 3; ..." /
                          // "Write a number, e.g. 7"
};

// Checks a typed answer: "3"; "0, 2, 5", "0-3", "none" (a set); "s[12]" or "12" (a cell);
// "2-way" or "2" (ways); "-4.5" (a value: integers exactly, floating point as the panels
// format it, format_value, or within a relative 0.05%).
Verdict check_answer(const Question& q, const std::string& typed);
// A clicked cell: for a Cell question, as typing it; for another, not understood.
Verdict check_cell(const Question& q, std::uint32_t cell);

// The integers in a typed answer, with "a-b" read as a range when `ranges` (warps, threads);
// nullopt when the text has none and does not say "none". Exposed for tests.
std::optional<std::vector<long long>> parse_numbers(const std::string& typed, bool ranges);

// A quiz attempt randomises its input: the request with its data drawn from `seed` (a ramp
// becomes random data; a pattern chosen on purpose, ones or keep:P, stays), so the same seed
// gives the same trace and so the same questions.
trace::Request quiz_request(trace::Request r, std::uint64_t seed);
// A fresh seed for an attempt, short enough to read out and type (1..999999), from any
// entropy (a clock, the previous seed).
std::uint64_t fresh_quiz_seed(std::uint64_t entropy);

}  // namespace ws::ui
