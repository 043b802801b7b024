// The quiz box only posts (issue 55): what is typed, an answer and a clicked cell are actions of
// the lesson feature, which checks them against the question on show and counts the first
// understood answer in the score; the question follows the cursor before each frame.
#include <catch2/catch.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "ui/model/trace/value_text.hpp"
#include "ui/session.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

std::string joined(const std::vector<long long>& numbers) {
    std::string out;
    for (long long n : numbers) out += (out.empty() ? "" : ", ") + std::to_string(n);
    return out;
}

// The right answer as a student would type it.
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

// An answer of the question's shape that is wrong.
std::string typed_wrong(const Question& q) {
    for (long long n = 0; n < 100000; ++n) {
        const std::string cell = "s[" + std::to_string(n) + "]";
        std::string typed;
        switch (q.shape) {
            case AnswerShape::Number:
                typed = std::to_string(n);
                break;
            case AnswerShape::Numbers:
                typed = joined({n, 100000});
                break;
            case AnswerShape::Cell:
                typed = cell;
                break;
            case AnswerShape::Value:
                typed = format_value(double(n) + 0.5, q.value_type);
                break;
        }
        const Verdict v = check_answer(q, typed);
        if (v.understood && !v.correct) return typed;
    }
    FAIL("no wrong answer found");
    return "";
}

// A synchronous session with a quiz attempt on reduce-sequential (of 200 elements, seed 31337
// unless told), its first question made as before a frame.
struct QuizSession {
    Session s{false};
    explicit QuizSession(const std::string& n = "200", const std::string& seed = "31337") {
        s.ui.form.algo = "reduce-sequential";
        s.ui.form.n = n;
        s.ui.form.block = 64;
        s.run_form();
        s.ui.lesson.quiz.seed_typed = seed;
        s.post(act::StartQuiz{});
        s.update();
        s.update();
        s.follow_cursor();
    }
    const QuizState& quiz() const { return s.ui.lesson.quiz; }
    QuizTally score() const {
        const QuizScore* sc = find_score(s.ui.quiz_scores, "reduce-sequential");
        return sc ? sc->total : QuizTally{};
    }
    // The cursor at `step`, the question made as before a frame; false when there is none.
    bool at(std::size_t step) {
        set_step(s.ui.playback, step, s.view().step_count());
        s.follow_cursor();
        return bool(quiz().question);
    }
};

}  // namespace

TEST_CASE("the question follows the cursor before each frame, made once per step", "[quiz]") {
    QuizSession q;
    REQUIRE(q.quiz().on);
    REQUIRE(q.quiz().question);
    CHECK(q.quiz().question->step == q.s.ui.step() + 1);
    const std::uint64_t made = q.quiz().questions_made;
    q.s.follow_cursor();  // the same step: the same question, not made again
    CHECK(q.quiz().questions_made == made);
    REQUIRE(q.s.view().step_count() > 3);
    q.at(2);
    CHECK(q.quiz().questions_made == made + 1);
    if (q.quiz().question) CHECK(q.quiz().question->step == 3);
    // The score of the attempt is shown from the start: 0 of 0.
    REQUIRE(find_score(q.s.ui.quiz_scores, "reduce-sequential"));
    CHECK(q.score().attempts == 0);
}

TEST_CASE("an answer posted by the quiz box is checked and counted by the lesson feature",
          "[quiz]") {
    QuizSession q;
    REQUIRE(q.quiz().question);
    const std::uint64_t asked = q.quiz().questions_made;
    const Question question = *q.quiz().question;

    // What is typed is kept, and is no answer yet.
    q.s.post(act::TypeQuizAnswer{"12", asked});
    q.s.update();
    CHECK(q.quiz().typed == "12");
    CHECK_FALSE(q.quiz().verdict);
    CHECK(q.score().attempts == 0);

    // A wrong answer: said so, and counted as answered, not right.
    const std::string wrong = typed_wrong(question);
    q.s.post(act::AnswerQuiz{wrong, asked});
    q.s.update();
    CHECK(q.quiz().typed == wrong);
    REQUIRE(q.quiz().verdict);
    CHECK(q.quiz().verdict->understood);
    CHECK_FALSE(q.quiz().verdict->correct);
    CHECK(q.quiz().answers_taken == 1);
    CHECK(q.score().attempts == 1);
    CHECK(q.score().correct == 0);

    // The right one after it: said so, but only the first answer counts.
    q.s.post(act::AnswerQuiz{typed_right(question), asked});
    q.s.update();
    REQUIRE(q.quiz().verdict);
    CHECK(q.quiz().verdict->correct);
    CHECK(q.quiz().answers_taken == 2);
    CHECK(q.score().attempts == 1);
    CHECK(q.score().correct == 0);

    // Not understood (not the question's shape): shown, never counted.
    std::size_t step = q.s.ui.step() + 1;
    while (step + 1 < q.s.view().step_count() && !q.at(step)) ++step;
    REQUIRE(q.quiz().question);
    CHECK(q.quiz().typed.empty());  // a new question: nothing typed yet
    CHECK_FALSE(q.quiz().verdict);
    const std::uint64_t next = q.quiz().questions_made;
    q.s.post(act::AnswerQuiz{"what?", next});
    q.s.update();
    REQUIRE(q.quiz().verdict);
    CHECK_FALSE(q.quiz().verdict->understood);
    CHECK(q.score().attempts == 1);

    // A right first answer scores right.
    q.s.post(act::AnswerQuiz{typed_right(*q.quiz().question), next});
    q.s.update();
    REQUIRE(q.quiz().verdict);
    CHECK(q.quiz().verdict->correct);
    CHECK(q.score().attempts == 2);
    CHECK(q.score().correct == 1);
}

TEST_CASE("an answer to a question no longer on show is dropped", "[quiz]") {
    QuizSession q;
    REQUIRE(q.quiz().question);
    const std::uint64_t old = q.quiz().questions_made;
    const Question first = *q.quiz().question;
    std::size_t step = q.s.ui.step() + 1;
    while (step + 1 < q.s.view().step_count() && !q.at(step)) ++step;
    REQUIRE(q.quiz().question);
    REQUIRE(q.quiz().questions_made != old);
    // Typed and answered for the first question, arriving after the cursor moved on.
    q.s.post(act::TypeQuizAnswer{"7", old});
    q.s.post(act::AnswerQuiz{typed_right(first), old});
    q.s.post(act::PickQuizCell{3, old});
    q.s.update();
    CHECK(q.quiz().typed.empty());
    CHECK_FALSE(q.quiz().verdict);
    CHECK(q.quiz().answers_taken == 0);
    CHECK(q.score().attempts == 0);
}

TEST_CASE(
    "a cell clicked answers a cell question: the right cell scores right, a wrong one "
    "wrong",
    "[quiz]") {
    // The first attempt (by seed) with two questions that want a cell, and one that does not.
    std::unique_ptr<QuizSession> attempt;
    std::vector<std::size_t> cells, others;
    for (int seed = 1; seed <= 64 && (cells.size() < 2 || others.empty()); ++seed) {
        attempt = std::make_unique<QuizSession>("200", std::to_string(seed));
        cells.clear();
        others.clear();
        for (std::size_t step = 0; step + 1 < attempt->s.view().step_count(); ++step)
            if (attempt->at(step))
                (attempt->quiz().question->shape == AnswerShape::Cell ? cells : others)
                    .push_back(step);
    }
    REQUIRE(cells.size() >= 2);
    REQUIRE_FALSE(others.empty());
    QuizSession& q = *attempt;

    // A click on a question that wants no cell is no answer.
    q.at(others.front());
    q.s.post(act::PickQuizCell{0, q.quiz().questions_made});
    q.s.update();
    CHECK_FALSE(q.quiz().verdict);
    CHECK(q.score().attempts == 0);

    // A wrong cell: typed for the student as s[N], wrong, counted.
    q.at(cells[0]);
    std::uint32_t wrong = 0;
    while (check_cell(*q.quiz().question, wrong).correct) ++wrong;
    q.s.post(act::PickQuizCell{wrong, q.quiz().questions_made});
    q.s.update();
    CHECK(q.quiz().typed == "s[" + std::to_string(wrong) + "]");
    REQUIRE(q.quiz().verdict);
    CHECK(q.quiz().verdict->understood);
    CHECK_FALSE(q.quiz().verdict->correct);
    CHECK(q.score().attempts == 1);
    CHECK(q.score().correct == 0);

    // The right cell of the next cell question.
    q.at(cells[1]);
    const auto right = std::uint32_t(q.quiz().question->expected.at(0));
    q.s.post(act::PickQuizCell{right, q.quiz().questions_made});
    q.s.update();
    REQUIRE(q.quiz().verdict);
    CHECK(q.quiz().verdict->correct);
    CHECK(q.score().attempts == 2);
    CHECK(q.score().correct == 1);
}

TEST_CASE("with a lesson on, an answer counts in the lesson's score", "[quiz]") {
    Session s(false);
    s.post(act::OpenLesson{"02-bank-conflicts", 0});
    s.update();
    s.ui.lesson.quiz.seed_typed = "4242";
    s.post(act::StartQuiz{});
    s.update();
    s.update();
    s.follow_cursor();
    const QuizState& q = s.ui.lesson.quiz;
    REQUIRE(q.question);
    s.post(act::AnswerQuiz{typed_right(*q.question), q.questions_made});
    s.update();
    REQUIRE(q.verdict);
    CHECK(q.verdict->correct);
    const QuizScore* lesson = find_score(s.ui.quiz_scores, s.ui.lesson.name);
    REQUIRE(lesson);
    CHECK(lesson->total.attempts == 1);
    CHECK(lesson->total.correct == 1);
    CHECK_FALSE(find_score(s.ui.quiz_scores, s.view().trace->request.algo));
}
