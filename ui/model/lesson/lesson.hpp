// Lessons as data (assets/lessons/*.lesson, plain text a teacher can edit): a title and slides,
// each a request, a step, a view and a panel in front, what to say, and optionally a note for
// the teacher and a question for the class. The format, a line each, "key: value":
//
//   title: Harris's reduction ladder         (once, first)
//   slide: Interleaved, divergent             (starts a slide; its heading)
//   request: --algo ID --n N --block B ...   (the request's flags, as `warpscope` takes them)
//   step: 3                                   (the step shown, in the pipeline view the
//                                              moment; default 0; -1: the last; race: the
//                                              access-step of the slide's race; copy-wait:
//                                              the pipeline's first wait on a copy in flight)
//   view: step                                (step | compare | lab | circuit | ring |
//                                              pipeline; default step)
//   panel: warps                              (the panel brought to the front; optional)
//   say: ...                                  (the narration; several lines join)
//   note: ...                                 (for the teacher only: what to point at, the
//                                              misconception to watch for; several lines
//                                              join; `lessons --check` wants one on every slide)
//   ask: ...                                  (a question for the class; optional; it names
//                                              steps as the playback bar does, "the next step"
//                                              rather than the one on show, and its answer is
//                                              not in the say: above it)
//   answer: ...                               (the ask's answer, for the teacher's window; an
//                                              ask without one, or one without an ask, is
//                                              refused; several lines join)
//   figures: nvidia-h100                      (the recording its figures come from: a file
//                                              of assets/measurements without .json; the lab
//                                              and compare open it)
//   claim: {of X copy int 2^28} >= 0.95        (a fact the slide relies on, checked)
//
// In heading, say, ask, answer and note, {fact ...} is a fact of the slide's trace at its step
// or of its recording, filled in when shown (ui/model/lesson/slide_facts.hpp lists them;
// {next FACT} is FACT at the step after the slide's, what an ask has the class predict); the claims
// test checks every slide (ui/model/lesson/claims.hpp). Text is limited so that it always
// wraps: a line of at most kMaxLessonLine characters, no word over kMaxLessonWord.
//
// Lines starting with # and blank lines are skipped. Plain data; the window's lecture mode
// steps through it (ui/features/lesson/lesson_feature.cpp).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "kernels/trace/trace.hpp"
#include "ui/layout.hpp"

namespace ws::ui {

inline constexpr std::size_t kMaxLessonLine = 1000;  // characters in one line of a lesson
inline constexpr std::size_t kMaxLessonWord = 60;    // characters in one word of its text
inline constexpr std::size_t kMaxSlideText = 1500;   // characters of a slide's say, ask, answer
                                                     // or note

// A claim a slide states: "{fact} OP value" (OP one of = != < <= > >=; value a number, a
// {fact} or a word), at its line of the file.
struct ClaimLine {
    int line = 0;
    std::string text;
};

// Where a slide's step lands: its number, its race (step: race) or, in the pipeline view, the
// first moment a warp waits on a stage whose copy is in flight (step: copy-wait).
enum class StepAnchor { Number, Race, CopyWait };

struct Slide {
    int line = 0;  // of its "slide:" line
    std::string heading;
    trace::Request request;
    std::string request_flags;  // as written
    long step = 0;              // -1: the last step (or moment)
    StepAnchor step_anchor = StepAnchor::Number;
    View view = View::Step;
    std::optional<PanelId> panel;
    std::string say, note, ask, answer;
    int ask_line = 0, answer_line = 0;  // of its first "ask:" and "answer:" lines (0: none)
    std::string figures;                // a recording's name ("nvidia-h100"), or ""
    std::vector<ClaimLine> claims;
};

struct Lesson {
    std::string name;  // the file's name without .lesson: "01-reduction-ladder"
    std::string title;
    std::vector<Slide> slides;
};

// `error` (empty on success): "line 7: ..." in one line.
Lesson parse_lesson(const std::string& name, const std::string& text, std::string& error);

struct LessonLibrary {
    std::vector<Lesson> lessons;        // by file name
    std::vector<std::string> problems;  // "02-banks.lesson: line 7: ...", a line a file
};
// The problem that kept lesson `name` (its name or number) out of the library, or "".
std::string lesson_problem(const LessonLibrary& lib, const std::string& name);
// Every assets/lessons/*.lesson under `root`.
LessonLibrary load_lessons(const std::string& root);
// The lesson called `name` ("01-reduction-ladder", or its number "1"), or nullptr.
const Lesson* find_lesson(const LessonLibrary& lib, const std::string& name);
// The slide `by` away from `slide` in `lesson`, kept inside it; false when it stays (the first
// or last slide, or no such lesson).
bool next_slide(const LessonLibrary& lib, const std::string& lesson, std::size_t& slide, int by);

}  // namespace ws::ui
