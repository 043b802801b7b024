// The quiz's scores: per lesson (or per algorithm when no lesson is on) how many questions were
// answered and how many right, by kind too, and the seeds of the attempts, so that a teacher can
// replay them. Kept in the settings file as JSON (quiz_scores_to_json / _from_json, which keep
// what they can of a hand-edited or damaged file) and exported for a teacher as CSV (RFC 4180).
// Plain data, no ImGui.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "ui/model/lesson/quiz.hpp"

namespace ws::ui {

struct QuizTally {
    std::uint32_t attempts = 0;  // questions answered (each counted once: its first answer)
    std::uint32_t correct = 0;   // of them, answered right
    friend bool operator==(const QuizTally& a, const QuizTally& b) {
        return a.attempts == b.attempts && a.correct == b.correct;
    }
};

// The seeds a score keeps, the latest ones (a settings file stays small).
inline constexpr std::size_t kMaxQuizSeeds = 64;

struct QuizScore {
    std::string lesson;  // a lesson's name ("01-reduction-ladder") or an algorithm's id
    QuizTally total;
    std::array<QuizTally, kQuestionKindCount> by_kind{};  // indexed by QuestionKind
    std::vector<std::uint64_t> seeds;  // distinct, oldest first, at most kMaxQuizSeeds
    friend bool operator==(const QuizScore& a, const QuizScore& b) {
        return a.lesson == b.lesson && a.total == b.total && a.by_kind == b.by_kind &&
               a.seeds == b.seeds;
    }
};

struct QuizScores {
    std::vector<QuizScore> lessons;  // sorted by lesson, one entry a lesson
    friend bool operator==(const QuizScores& a, const QuizScores& b) {
        return a.lessons == b.lessons;
    }
};

// The score of `lesson`, made (empty) when there is none yet.
QuizScore& score_of(QuizScores& scores, const std::string& lesson);
// The score of `lesson`, or nullptr when there is none yet.
const QuizScore* find_score(const QuizScores& scores, const std::string& lesson);
// Counts one answered question of `kind` in `lesson`, asked under `seed`.
void record_answer(QuizScores& scores, const std::string& lesson, QuestionKind kind,
                   std::uint64_t seed, bool correct);

// {"version": 1, "lessons": [{"lesson": ..., "attempts": 5, "correct": 3, "seeds": [...],
//   "kinds": {"bank_of_lane": {"attempts": 2, "correct": 1}, ...}}, ...]}
nlohmann::json quiz_scores_to_json(const QuizScores& scores);
// Keeps what it can: an entry with no lesson name is dropped, a field of the wrong type reads
// as 0 or empty, correct never exceeds attempts, unknown kinds are ignored, repeated lessons are
// added together. `problem` (optional) gets one line when something was dropped or repaired.
QuizScores quiz_scores_from_json(const nlohmann::json& j, std::string* problem = nullptr);

// A header line, then one row per lesson: lesson, attempts, correct, percent right, seeds
// (space-separated), then attempts and correct of each kind. CRLF line ends, fields quoted where
// RFC 4180 needs it.
std::string quiz_scores_csv(const QuizScores& scores);
// One CSV field: as is, or in double quotes (quotes doubled) when it holds a comma, a quote or a
// line break, or starts or ends with a space.
std::string csv_field(const std::string& text);

}  // namespace ws::ui
