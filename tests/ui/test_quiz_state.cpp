// The quiz as the window runs it: one question per cursor step about the next step, made once;
// the first understood answer counted; the seed reproduces the attempt; the session starts an
// attempt with its own input and puts the cursor at the first step.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "tests/ui/emulated_view.hpp"
#include "ui/model/lesson/quiz_state.hpp"
#include "ui/session.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("a question about the next step, made once per cursor step", "[quiz]") {
    const auto v = testing::emulated_view("reduce-interleaved-strided", "300", 128);
    QuizState q;
    refresh_question(q, *v, 2);
    CHECK_FALSE(q.question);  // no attempt on
    q.on = true;
    q.seed = 77;
    refresh_question(q, *v, 2);
    REQUIRE(q.question);
    CHECK(q.question->step == 3);
    const std::string prompt = q.question->prompt;
    q.typed = "something";
    refresh_question(q, *v, 2);  // the same step: kept, with what was typed
    CHECK(q.typed == "something");
    CHECK(q.question->prompt == prompt);
    // The same seed at the same step: the same question, in another attempt too.
    QuizState again;
    again.on = true;
    again.seed = 77;
    refresh_question(again, *v, 2);
    REQUIRE(again.question);
    CHECK(again.question->prompt == prompt);
    // The last step has nothing after it.
    refresh_question(q, *v, v->step_count() - 1);
    CHECK_FALSE(q.question);
    CHECK(q.typed.empty());
}

TEST_CASE("the first understood answer counts, once", "[quiz]") {
    const auto v = testing::emulated_view("reduce-sequential", "200", 64);
    QuizState q;
    q.on = true;
    q.seed = 5;
    std::size_t cursor = 0;
    while (!q.question && cursor + 1 < v->step_count()) refresh_question(q, *v, cursor++);
    REQUIRE(q.question);
    QuizScores scores;
    take_answer(q, check_answer(*q.question, "not an answer at all"), scores, "lesson-x");
    CHECK(score_of(scores, "lesson-x").total.attempts == 0);  // not understood: not counted
    take_answer(q, check_answer(*q.question, q.question->answer), scores, "lesson-x");
    // "answer" is the right answer in words; it may not parse for every shape, so answer with
    // the expected number where there is one.
    if (!q.verdict->understood && !q.question->expected.empty())
        take_answer(q, check_answer(*q.question, std::to_string(q.question->expected[0])), scores,
                    "lesson-x");
    REQUIRE(q.verdict->understood);
    CHECK(q.verdict->correct);
    CHECK(score_of(scores, "lesson-x").total.attempts == 1);
    CHECK(score_of(scores, "lesson-x").total.correct == 1);
    take_answer(q, check_answer(*q.question, "12345"), scores, "lesson-x");
    CHECK(score_of(scores, "lesson-x").total.attempts == 1);  // a second answer: not counted
}

TEST_CASE("an attempt's seed: typed, or fresh when not a seed", "[quiz]") {
    std::string e;
    CHECK(attempt_seed("4242", 1, e) == 4242);
    CHECK(e.empty());
    const std::uint64_t fresh = attempt_seed("", 99, e);
    CHECK(fresh >= 1);
    CHECK(e.empty());
    attempt_seed("0", 99, e);
    CHECK(e == "seed 0: not a seed (1..999999999); a fresh one is used");
    attempt_seed("12ab", 99, e);
    CHECK(!e.empty());
    CHECK(question_seed(7, 3) != question_seed(7, 4));
    CHECK(question_seed(7, 3) == question_seed(7, 3));
}

TEST_CASE("the session starts an attempt on the seed's own input at the first step", "[quiz]") {
    Session s(false);
    s.ui.form.algo = "reduce-sequential";
    s.ui.form.n = "200";
    s.ui.form.block = 64;
    s.run_form();
    set_step(s.ui.playback, 3, s.view().step_count());
    s.ui.lesson.quiz.seed_typed = "31337";
    s.post(act::StartQuiz{});
    s.update();
    s.update();
    CHECK(s.ui.lesson.quiz.on);
    CHECK(s.ui.lesson.quiz.seed == 31337);
    CHECK(s.view().trace->request.pattern == "random");
    CHECK(s.view().trace->request.seed == 31337);
    CHECK(s.ui.step() == 0);
    REQUIRE(s.ui.lesson.quiz.question);
    CHECK(s.ui.lesson.quiz.question->step == 1);
}

TEST_CASE("a quiz attempt goes on with the next slide, from the same seed", "[quiz]") {
    Session s(false);
    s.post(act::OpenLesson{"01-reduction-ladder", 0});
    s.update();
    s.ui.lesson.quiz.seed_typed = "777";
    s.post(act::StartQuiz{});
    s.update();
    s.update();
    REQUIRE(s.ui.lesson.quiz.on);
    REQUIRE(s.ui.lesson.library);
    std::size_t slide = s.ui.lesson.slide;
    REQUIRE(next_slide(*s.ui.lesson.library, s.ui.lesson.name, slide, 1));
    s.post(act::MoveSlide{1});
    s.update();
    s.update();
    CHECK(s.ui.lesson.quiz.on);
    CHECK(s.ui.lesson.quiz.seed == 777);
    const Slide& shown = s.ui.lesson.library->lessons.front().slides[slide];
    CHECK(s.view().trace->request.algo == shown.request.algo);
    CHECK(s.view().trace->request.seed == 777);
    CHECK(s.ui.step() == std::size_t(shown.step));  // the slide's step: the attempt keeps it
}

TEST_CASE("an attempt started on a slide starts at the slide's step", "[quiz]") {
    Session s(false);
    s.post(act::OpenLesson{"02-bank-conflicts", 0});
    s.update();
    REQUIRE(s.ui.lesson.library);
    const Slide& slide = s.ui.lesson.library->lessons[1].slides[0];
    REQUIRE(slide.step > 0);
    s.ui.lesson.quiz.seed_typed = "4242";
    s.post(act::StartQuiz{});
    s.update();
    s.update();
    REQUIRE(s.ui.lesson.quiz.on);
    CHECK(s.view().trace->request.seed == 4242);
    CHECK(s.ui.step() == std::size_t(slide.step));
}
