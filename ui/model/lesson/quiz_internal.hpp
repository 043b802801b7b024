// What the quiz's files share (quiz.cpp, quiz_cells.cpp, quiz_answers.cpp): the seeded chooser,
// one question builder per kind, and the words for an answer. Not for use outside the quiz.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/trace/splitmix.hpp"
#include "ui/model/lesson/quiz.hpp"

namespace ws::ui::quiz_detail {

// Draws the choices of one question from the seed, the step and the kind: the same three, the
// same choices; another seed, other choices.
class Chooser {
  public:
    Chooser(std::uint64_t seed, std::size_t step, int salt)
        : state_(seed ^ (0x632be59bd9b4e019ull * (std::uint64_t(step) + 1)) ^
                 (0xd6e8feb86659fd93ull * std::uint64_t(salt + 1))) {
        splitmix64(state_);
    }
    // An index below n (0 when n is 0).
    std::size_t below(std::size_t n) { return n ? std::size_t(splitmix64(state_) % n) : 0; }

  private:
    std::uint64_t state_;
};

// One builder per kind: the facts from the view, the prompt, the answer and the explanation.
// nullopt where the kind does not apply to the step.
std::optional<Question> ask_bank_of_lane(const TraceView& v, std::size_t step, Chooser& pick);
std::optional<Question> ask_conflict_ways(const TraceView& v, std::size_t step, Chooser& pick);
std::optional<Question> ask_divergent_warps(const TraceView& v, std::size_t step, Chooser& pick);
std::optional<Question> ask_cell_value(const TraceView& v, std::size_t step, Chooser& pick);
std::optional<Question> ask_written_cell(const TraceView& v, std::size_t step, Chooser& pick);
std::optional<Question> ask_racing_pair(const TraceView& v, std::size_t step, Chooser& pick);
std::optional<Question> ask_additions(const TraceView& v, std::size_t step, Chooser& pick);

// Whole-step kinds are asked at the first view step of a block's step (micro 0 or 1).
inline bool first_of_real_step(const StepView& s) {
    return s.micro <= 1;
}
// The step's shared-memory warp instructions (indices into v.instructions).
std::vector<std::uint32_t> shared_instructions(const TraceView& v, const StepView& s);
// " (its 2nd read on that line)" when the lanes of `mask` in the instruction's warp make more
// than one access of its kind at its line in the step; else "".
std::string which_access(const TraceView& v, const StepView& s, const trace::WarpInstruction& at,
                         std::uint32_t mask);
// "s[12]"
std::string cell_name(long long cell);
// " (`s[t] += s[t + k];`)" for a line with code, else "".
std::string code_quote(const TraceView& v, std::uint16_t line);
// "0, 2 and 5", "0–7", "0–3 and 9": every number, runs of three or more as a range.
std::string list_text(const std::vector<long long>& sorted);
// A kind's answer in words: "bank 10", "2-way", "warps 0 and 2", "none", "s[24]",
// "threads 0 and 16", "56 additions" (not for CellValue: format_value).
std::string answer_words(QuestionKind kind, const std::vector<long long>& numbers);

}  // namespace ws::ui::quiz_detail
