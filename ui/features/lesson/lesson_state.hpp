// What the lesson feature keeps for the panels: the lesson on (lecture mode), its slide, the
// teacher's note shown or not, and the quiz attempt ("predict the next step"). Written by
// LessonFeature only (lesson_feature.hpp): the quiz box posts what is typed and answered.
#pragma once
#include <cstddef>
#include <string>

#include "ui/model/lesson/lesson.hpp"
#include "ui/model/lesson/quiz_state.hpp"

namespace ws::ui {

struct LessonState {
    const LessonLibrary* library = nullptr;  // assets/lessons, read once by the feature
    std::string name;                        // Lesson::name; "" when no lesson is on
    std::size_t slide = 0;
    bool notes_shown = false;  // N
    bool whole_stage = false;  // Z: the slide's panel on the whole stage, its words hidden
    QuizState quiz;            // Q starts or stops an attempt
    // The slide's words with their {facts} filled from the trace on show at the slide's step,
    // its GPU counts and its recording (ui/model/lesson/claims.hpp).
    struct Words {
        std::string heading, say, ask, note;
        std::string answer = {};  // the ask's, for the teacher's window
    } words;
    // The lesson on and its slide, or nullptr.
    const Slide* current_slide() const;
    // The slide asks the class a question: pictures that show every step at once (the warps'
    // grid) show none after the one on show, so that the answer is one click away, not on screen.
    bool hides_later_steps() const {
        const Slide* s = current_slide();
        return s && !s->ask.empty();
    }
};

}  // namespace ws::ui
