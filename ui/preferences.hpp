// What the window remembers from one session to the next: one struct, a base of both UiState
// (the window works on it) and Settings (the file keeps it, with the window's size), so that a
// new preference is one field here and one key in settings.cpp, and is copied whole.
#pragma once
#include <string>

#include "ui/layout.hpp"
#include "ui/model/lesson/quiz_score.hpp"
#include "ui/model/window/request_form.hpp"

namespace ws::ui {

struct Preferences {
    RequestForm form;  // the request as the controls edit it (the last one run)
    View view = View::Step;
    bool controls_hidden = false;  // the stage takes the whole width
    std::string compare_algo = "reduce-interleaved-strided";
    bool circuit_side_by_side = false;  // the circuit view: three networks side by side
    float font_scale = 1.0f;            // on top of the base font size
    std::string theme = "dark";         // dark | light
    bool presentation = false;          // larger font, high contrast, colour-blind-safe palette
    double speed = 2.0;                 // playback, steps per second
    QuizScores quiz_scores;             // "Predict the next step": right answers per lesson

    Preferences& preferences() { return *this; }
    const Preferences& preferences() const { return *this; }
};

}  // namespace ws::ui
