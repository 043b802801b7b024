// Lessons as data: every shipped lesson parses, names only algorithms, views and panels that
// exist, and every slide's request runs; a damaged lesson (a question without its answer among
// them) is refused at its line; lecture mode shows a slide's request, view and step and moves
// with Page Down / Page Up.
#include <catch2/catch.hpp>

#include <string>

#include "kernels/run/emulator_backend.hpp"
#include "tests/test_paths.hpp"
#include "ui/model/lesson/lesson.hpp"
#include "ui/session.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("every shipped lesson parses and every slide's request runs") {
    const LessonLibrary lib = load_lessons(WS_SOURCE_DIR);
    for (const std::string& p : lib.problems) FAIL(p);
    REQUIRE(lib.lessons.size() >= 7);
    for (const Lesson& l : lib.lessons) {
        INFO(l.name);
        CHECK_FALSE(l.title.empty());
        REQUIRE(l.slides.size() >= 3);
        for (const Slide& s : l.slides) {
            INFO(s.heading);
            CHECK_FALSE(s.say.empty());
            if (s.request.algo.empty()) continue;
            const trace::Trace t = run::run_on_emulator(s.request);
            CHECK(t.grid > 0);  // it ran
            // Right, unless the slide's schedule is there to show it going wrong: when copies
            // land (copies=) changes no result of a correct kernel, the other items may.
            std::string schedule = s.request.schedule;
            if (const auto c = schedule.find(",copies="); c != std::string::npos)
                schedule.erase(c, schedule.find(',', c + 1) - c);
            if (schedule == "lockstep")
                CHECK(t.ok);
            else
                CHECK_FALSE(t.ok);
        }
    }
}

TEST_CASE("a damaged lesson is refused with the line that is wrong") {
    std::string error;
    parse_lesson("x", "title: t\nslide: s\nrequest: --algo nope --n 3 --block 32\nsay: a\n", error);
    CHECK(error.rfind("line 3: ", 0) == 0);
    CHECK(error.find("nope") != std::string::npos);
    parse_lesson("x", "title: t\nsay: a\n", error);
    CHECK(error == "line 2: say before the first slide:");
    parse_lesson("x",
                 "title: t\nslide: s\nrequest: --algo reduce-sequential --n 64 --block 32\n"
                 "panel: nowhere\nsay: a\n",
                 error);
    CHECK(error.rfind("line 4: panel: nowhere is not a panel (", 0) == 0);
    parse_lesson("x", "title: t\nslide: s\nrequest: --algo reduce-sequential --n 64 --block 32\n",
                 error);
    CHECK(error == "line 0: slide 1 (s) says nothing");
    parse_lesson("x",
                 "title: t\nslide: s\nrequest: --algo reduce-sequential --n 64 --block 32\n"
                 "step: two\nsay: a\n",
                 error);
    CHECK(error.rfind("line 4: step: two is not a step", 0) == 0);
    // A question with no answer for the teacher's window: refused at the ask's line, and an
    // answer with no question at the answer's.
    const std::string slide =
        "title: t\nslide: s\nrequest: --algo reduce-sequential --n 64 --block 32\nsay: a\n";
    parse_lesson("x", slide + "ask: how many?\nnote: n\nslide: u\nsay: b\n", error);
    CHECK(error == "line 5: slide 1 (s) asks a question with no answer: line (answer: ...)");
    CHECK(error.find('\n') == std::string::npos);
    parse_lesson("x", slide + "note: n\nanswer: four\n", error);
    CHECK(error == "line 6: slide 1 (s) answers with no ask: line (ask: ...)");
    parse_lesson("x", slide + "ask: how many?\nanswer: four\n", error);
    CHECK(error.empty());
    const Lesson ok = parse_lesson(
        "x",
        "# a comment\ntitle: t\n\nslide: s\nrequest: --algo reduce-sequential --n 64 "
        "--block 32\nstep: -1\nview: circuit\npanel: banks\nsay: a\nsay: b\nnote: n\nask: q\n"
        "answer: r\nanswer: s\n",
        error);
    CHECK(error.empty());
    REQUIRE(ok.slides.size() == 1);
    CHECK(ok.slides[0].say == "a b");
    CHECK(ok.slides[0].answer == "r s");
    CHECK(ok.slides[0].ask_line == 12);
    CHECK(ok.slides[0].step == -1);
    CHECK(ok.slides[0].view == View::Circuit);
    CHECK(ok.slides[0].panel == PanelId::Banks);
    CHECK(ok.slides[0].request.n == 64);
}

TEST_CASE("lecture mode shows a slide's request, view, panel and step, and moves by slides",
          "[session]") {
    Session s(false);
    REQUIRE(s.ui.lesson.library);
    const Lesson* l = find_lesson(*s.ui.lesson.library, "1");
    REQUIRE(l);
    s.post(act::OpenLesson{l->name, 1});
    s.update();
    const Slide& slide = l->slides[1];
    REQUIRE(s.view().trace);
    CHECK(s.view().trace->request.algo == slide.request.algo);
    CHECK(s.ui.step() == std::size_t(slide.step));
    REQUIRE(slide.panel);
    CHECK(s.ui.recent_tabs.front() == *slide.panel);
    std::size_t at = 0;
    CHECK_FALSE(next_slide(*s.ui.lesson.library, l->name, at, -1));  // the first stays
    CHECK(next_slide(*s.ui.lesson.library, l->name, at, 1));
    CHECK(at == 1);
    at = l->slides.size() - 1;
    CHECK_FALSE(next_slide(*s.ui.lesson.library, l->name, at, 1));  // the last stays
}

TEST_CASE("a slide that asks hides the steps after the one on show", "[lessons]") {
    const LessonLibrary lib = load_lessons(WS_SOURCE_DIR);
    const Lesson* ladder = find_lesson(lib, "1");
    REQUIRE(ladder);
    LessonState ls;
    ls.library = &lib;
    ls.name = ladder->name;
    std::size_t asking = 0, telling = 0;
    for (std::size_t i = 0; i < ladder->slides.size(); ++i) {
        ls.slide = i;
        CHECK(ls.hides_later_steps() == !ladder->slides[i].ask.empty());
        (ladder->slides[i].ask.empty() ? telling : asking) += 1;
    }
    CHECK(asking > 0);
    CHECK(telling > 0);
    ls.name.clear();  // no lesson on: every step shows
    CHECK_FALSE(ls.hides_later_steps());
}
