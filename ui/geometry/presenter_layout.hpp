// Lecture mode's presenter layout, as plain data (no ImGui): under the header a card across
// the whole width holds the slide's heading, words and question in large type, and the quiz
// box at its right while an attempt is on; under it the slide's panel large, the others as
// tabs beside it. The card is as tall as its words need (measured by the caller at the widths
// given here), so nothing of the slide scrolls on the projected screen. The teacher's note is
// not in it: it goes to the teacher's own window (ui/teacher_window.hpp). Tested at 1024x768
// and 1280x720 in presentation mode and at 1920x1080 (tests/ui/test_presenter_layout.cpp).
#pragma once
#include <optional>

#include "ui/layout.hpp"

namespace ws::ui {

// What the card must hold, in pixels, at the widths of slide_card_widths.
struct SlideCardNeeds {
    float words_h = 0;    // the slide's lines, heading to question
    float quiz_h = 0;     // the quiz box; 0 when no attempt is on
    float hint_h = 0;     // the line under the words that names the key to the picture
    float heading_h = 0;  // the heading alone with its key's line (the whole stage's card)
    bool quiz() const { return quiz_h > 0; }
};

// The card's inner widths for a window `width` wide: its words, and the quiz box beside them
// (0 without an attempt).
struct SlideCardWidths {
    float words = 0, quiz = 0;
};
SlideCardWidths slide_card_widths(float width, float scale, bool quiz);
// The card's inner margin (ImGui's window padding at that scale).
float slide_card_padding(float scale);

struct PresenterInput {
    View view = View::Step;
    std::optional<PanelId> panel;  // the slide's panel (in front; alone and large in the step view)
    bool controls = false;
    bool circuit_only = false;
    bool whole_stage = false;  // Z: the slide's panel on the whole stage, the words hidden
    SlideCardNeeds needs;
};

// The window with the slide's card: Layout::slide, ::slide_words, ::slide_quiz and ::card set.
// The card takes what its words need, leaving the view under it its readable minimum: with the
// other panels as tabs beside the slide's where they fit, else the slide's panel alone (large
// type folds the tabs away); where the words and the panel cannot both be read, the words take
// the whole body (Card::WordsAlone) and the key Z shows the panel on the whole stage
// (whole_stage: Card::HeadingAlone), never a cut line or a hidden question.
Layout presenter_layout(const PresenterInput& in, float width, float height, float scale);

// The panel the step view leads with: the slide's when it is a step panel, else shared memory.
PanelId presenter_lead(std::optional<PanelId> slide_panel);

}  // namespace ws::ui
