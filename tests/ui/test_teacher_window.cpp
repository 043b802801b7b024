// The teacher's window of lecture mode: its paragraphs (the note, the question and its answer
// under it, filled from the slide's trace like the card's words).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "tests/test_paths.hpp"
#include "ui/model/lesson/lesson.hpp"
#include "ui/model/lesson/slide_check.hpp"
#include "ui/ui_state.hpp"
#include "ui/widgets/teacher_notes.hpp"

using namespace ws::ui;

namespace {

// The slide's words as the lesson feature fills them from the slide's trace.
void show_slide(UiState& ui, const LessonLibrary& lib, const Lesson& l, std::size_t i) {
    static const LessonData data = load_lesson_data(WS_SOURCE_DIR);
    const Slide& s = l.slides[i];
    SlideRun run;
    run_slide(s, data, run);
    ui.lesson.library = &lib;
    ui.lesson.name = l.name;
    ui.lesson.slide = i;
    ui.lesson.notes_shown = true;
    ui.lesson.words = {fill_facts(s.heading, run.sources), fill_facts(s.say, run.sources),
                       fill_facts(s.ask, run.sources), fill_facts(s.note, run.sources),
                       fill_facts(s.answer, run.sources)};
}

}  // namespace

TEST_CASE("the teacher's window shows the note, the question and its answer under it",
          "[lesson][teacher]") {
    const LessonLibrary lib = load_lessons(WS_SOURCE_DIR);
    for (const std::string& p : lib.problems) FAIL(p);
    int asked = 0;
    for (const Lesson& l : lib.lessons)
        for (std::size_t i = 0; i < l.slides.size(); ++i) {
            const Slide& s = l.slides[i];
            UiState ui;
            show_slide(ui, lib, l, i);
            const std::vector<std::string> lines = teacher_notes_lines(ui);
            INFO(l.name << " slide " << i + 1);
            REQUIRE(lines.size() >= 4);
            CHECK(lines[0].find("slide " + std::to_string(i + 1) + " of ") != std::string::npos);
            CHECK(lines[1] == "Note: " + ui.lesson.words.note);  // every slide has one
            const auto q =
                std::find(lines.begin(), lines.end(), "The class is asked: " + ui.lesson.words.ask);
            if (s.ask.empty()) {
                CHECK(q == lines.end());
                CHECK(std::none_of(lines.begin(), lines.end(), [](const std::string& x) {
                    return x.rfind("Answer: ", 0) == 0;
                }));
                continue;
            }
            ++asked;
            REQUIRE(q != lines.end());
            REQUIRE(q + 1 != lines.end());
            CHECK(*(q + 1) == "Answer: " + ui.lesson.words.answer);  // right under it
            // Filled from the slide's trace, not written by hand.
            CHECK(ui.lesson.words.answer.find('{') == std::string::npos);
            CHECK_FALSE(ui.lesson.words.answer.empty());
        }
    CHECK(asked >= 7);  // a question a lesson at least
}

TEST_CASE("the first lesson's answer counts the busy warps of the step its question names",
          "[lesson][teacher]") {
    const LessonLibrary lib = load_lessons(WS_SOURCE_DIR);
    const Lesson* l = find_lesson(lib, "1");
    REQUIRE(l);
    const Slide& s = l->slides[0];
    REQUIRE_FALSE(s.ask.empty());
    UiState ui;
    show_slide(ui, lib, *l, 0);
    // The question is about the step after the one on show, named as the playback bar names
    // it; the answer is that step's count, which the slide's own step does not show.
    SlideRun run;
    run_slide(s, load_lesson_data(WS_SOURCE_DIR), run);
    std::string why;
    FactSources next = run.sources;
    ++next.step;
    const auto busy = evaluate_fact("busy_warps", next, why);
    REQUIRE(busy);
    CHECK(ui.lesson.words.ask.find("step " + std::to_string(next.step + 1) + " of ") !=
          std::string::npos);
    CHECK(ui.lesson.words.answer.rfind(busy->text + " of ", 0) == 0);
    CHECK(s.answer.find("{next busy_warps}") != std::string::npos);
}
