// A slide's words and claims against its screen (issue 35). Its words carry {fact ...}
// placeholders, filled from the facts of its trace, hardware counts and recording
// (slide_facts.hpp); its claim: lines compare facts with values; and a lint keeps the words
// honest: no measured figure written by hand, no GPU named but through the slide's recording, no
// "at the roofline" but where a claim shows at least 95% of the copy (or of the read-only stream).
#pragma once
#include <string>
#include <vector>

#include "ui/model/lesson/lesson.hpp"
#include "ui/model/lesson/slide_facts.hpp"

namespace ws::ui {

// The share of the copy (scans) or of the read-only stream (reductions) from which a slide may
// say "at the roofline".
inline constexpr double kRooflineShare = 0.95;

// `text` with every {fact} replaced by its value; an unknown fact stays as "{fact?}" and its
// reason goes to `problems` (when given).
// `unknown`, when given, stands for a fact that cannot be had yet (the window, while the
// slide's trace is on its way).
std::string fill_facts(const std::string& text, const FactSources& src,
                       std::vector<std::string>* problems = nullptr, const char* unknown = nullptr);

// One claim's verdict: "" when it holds, else why not, in one line ("{race_cell} = 10: it is 2").
// A number's claim must hold both for the value and for the value as shown (rounded by its fact).
std::string check_claim(const std::string& claim, const FactSources& src);

// What the words of `s` get wrong whatever its trace says: measured figures written by hand,
// a GPU named by hand, "at the roofline" with no claim of at least kRooflineShare of the copy
// or read-only stream, a recording's fact with no figures: line. One line each.
std::vector<std::string> lint_slide(const Slide& s);

// Every problem of slide `i` of `lesson`: its lint, its placeholders, its claims, a missing
// note for the teacher, and an answer its say gives away (the filled answer word for word in the
// filled narration above the question). Each line names the file's line, the slide and the
// claim: "04-races.lesson:12: slide 2 (One thread a turn ahead): claim {race_cell} = 10: it is 2".
std::vector<std::string> check_slide(const Lesson& lesson, std::size_t i, const FactSources& src);

}  // namespace ws::ui
