// The quiz as the window runs it ("Predict the next step"): an attempt has a seed (its input
// data and every choice of question come from it, so a teacher who is told the seed sees the
// same run and the same questions); at each cursor step the question is about the next step,
// made once; the first answer to a question counts in the score of the lesson on (or of the
// algorithm). Plain data; the lesson feature starts attempts, makes the questions and takes the
// answers, the quiz box (explanation panel, slide card) draws it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "ui/model/lesson/quiz.hpp"
#include "ui/model/lesson/quiz_score.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

struct QuizState {
    bool on = false;
    std::uint64_t seed = 0;                               // the attempt's
    std::string seed_typed;                               // a seed to replay (empty: a fresh one)
    std::optional<Question> question;                     // about the step after the cursor
    std::size_t asked_at = static_cast<std::size_t>(-1);  // the cursor step it was made at
    std::shared_ptr<const trace::Trace> asked_of;         // the trace it was made from
    std::string typed;
    std::optional<Verdict> verdict;  // the last answer's
    bool counted = false;            // the question's first answer is in the score
    // How many questions were made and answers taken in all: the box scrolls to the top of a
    // new question, and to a new verdict, once each (it keeps the counts it scrolled for).
    std::uint64_t questions_made = 0, answers_taken = 0;
};

// The seed of the question about `step` in an attempt: one per step, from the attempt's.
std::uint64_t question_seed(std::uint64_t attempt_seed, std::size_t step);

// Makes the question for the cursor when the cursor or the trace changed: about the step after
// it, or none at the last step (and none while no attempt is on).
void refresh_question(QuizState& q, const TraceView& v, std::size_t cursor);

// Takes an answer's verdict: shown, and the question's first understood answer counted in
// `scores` under `score_key` (the lesson, else the algorithm).
void take_answer(QuizState& q, const Verdict& verdict, QuizScores& scores,
                 const std::string& score_key);

// Where an answer's score goes: the lesson on (`lesson`), else the algorithm on show, else the
// one in the controls (`form_algo`).
std::string quiz_score_key(const std::string& lesson, const TraceView& v,
                           const std::string& form_algo);

// The attempt's seed: the typed one when it reads as 1..999999999, else a fresh one from
// `entropy`; "" or the one line saying why the typed one was not taken.
std::uint64_t attempt_seed(const std::string& typed, std::uint64_t entropy, std::string& error);

}  // namespace ws::ui
