// The quiz's progress through a run.
#include "ui/model/lesson/quiz_state.hpp"

#include "kernels/trace/splitmix.hpp"

namespace ws::ui {

std::uint64_t question_seed(std::uint64_t attempt_seed, std::size_t step) {
    std::uint64_t state = attempt_seed ^ (std::uint64_t(step) << 32);
    return splitmix64(state);
}

void refresh_question(QuizState& q, const TraceView& v, std::size_t cursor) {
    if (!q.on) {
        q.question.reset();
        return;
    }
    if (q.asked_at == cursor && q.asked_of == v.trace) return;
    q.asked_at = cursor;
    q.asked_of = v.trace;
    q.typed.clear();
    q.verdict.reset();
    q.counted = false;
    ++q.questions_made;
    q.question.reset();
    if (cursor + 1 < v.step_count())
        q.question = pick_question(v, cursor + 1, question_seed(q.seed, cursor + 1));
}

void take_answer(QuizState& q, const Verdict& verdict, QuizScores& scores,
                 const std::string& score_key) {
    q.verdict = verdict;
    ++q.answers_taken;
    if (!q.question || !verdict.understood || q.counted) return;
    q.counted = true;
    record_answer(scores, score_key, q.question->kind, q.seed, verdict.correct);
}

std::string quiz_score_key(const std::string& lesson, const TraceView& v,
                           const std::string& form_algo) {
    if (!lesson.empty()) return lesson;
    return v.trace ? v.trace->request.algo : form_algo;
}

std::uint64_t attempt_seed(const std::string& typed, std::uint64_t entropy, std::string& error) {
    error.clear();
    if (!typed.empty()) {
        std::uint64_t v = 0;
        bool digits = typed.size() <= 9;
        for (char c : typed) {
            digits = digits && c >= '0' && c <= '9';
            if (digits) v = v * 10 + std::uint64_t(c - '0');
        }
        if (digits && v > 0) return v;
        error = "seed " + typed + ": not a seed (1..999999999); a fresh one is used";
    }
    return fresh_quiz_seed(entropy);
}

}  // namespace ws::ui
