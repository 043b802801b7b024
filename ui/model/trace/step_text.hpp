// The words the panels show about a step, generated from its numbers: the one-line totals of the
// warps panel and the two or three sentences of the explanation panel. Pure functions.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/run/result_text.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

// "step (3,0): 4 of 8 warps busy, 2 divergent, 25% of lanes working"
std::string step_summary(const TraceView& v, std::size_t step);
// Why a run shows no bank conflicts where its variant teaches them: "At block 32 nothing shows:
// its bank conflicts begin at block 64: ...", when the block is below the variant's
// lesson_block and the run has none; "" otherwise.
std::string below_lesson_block(const TraceView& v);

// What the step does and what it costs, two to four sentences.
std::vector<std::string> explain_step(const TraceView& v, std::size_t step);

// "64 lanes tried 2080 compare-and-swaps on one word; only one wins each round, so 2016 lost the
// race and tried again (thread 63: 63 times; 1 lane won at the first try)", or "" when none lost.
std::string contention_sentence(const StepView& s);

// The busiest line of a step (most active lanes), or 0.
std::uint16_t main_line(const StepView& s);

// A source line without its indentation and trailing comment, shortened to `max_chars`.
std::string short_code(const std::string& line, std::size_t max_chars = 60);

// "threads 0–31", "thread 4", "threads 0, 1, 8–15", "40 threads" (more than three runs), from
// sorted numbers and the singular and plural noun; lanes_text for the lanes of a mask.
std::string numbers_text(const std::vector<unsigned>& sorted, const char* one, const char* many);
std::string lanes_text(std::uint32_t mask);
// "line 30", "lines 26–28", "lines 12, 15 and 19"
std::string lines_text(const std::vector<std::uint16_t>& lines);

// "1st", "2nd", "3rd", "4th", "11th", "21st" (kernels/run/result_text.hpp)
using run::ordinal;

// "1 thread", "3 threads"
std::string plural(std::uint64_t n, const char* one, const char* many);

}  // namespace ws::ui
