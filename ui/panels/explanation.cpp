// Explanation panel: two to four sentences generated from the step's numbers, for scans the
// network's work and depth and this step's level in it, then what this variant changed and why
// (the teaching notes at the top of its kernel file).
#include <imgui.h>

#include "kernels/catalog.hpp"
#include "ui/fonts.hpp"
#include "ui/model/circuit/circuit_text.hpp"
#include "ui/model/pictures/deadlock_picture.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/quiz_box.hpp"
#include "ui/widgets/slide_words.hpp"
#include "ui/widgets/stale_dim.hpp"

namespace ws::ui {

void draw_explanation(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const StaleDim dim(ui);  // greyed while this is the last good run after a failed one
    const Palette& p = palette();
    const std::size_t step = v.clamp(static_cast<long>(ui.step()));
    // In lecture mode the slide's card carries the slide's words and the quiz box.
    if (ui.lesson.quiz.on && !lecture_on(ui)) {
        // The question about the next step; what this step did would give the answer away
        // only for the next one, but the box needs the room.
        draw_quiz_box(v, ctx);
        return;
    }
    if (!ui.race.story.empty() && v.trace && v.trace->request.algo == ui.race.story_algo) {
        // The race search's story (Find a race), until another algorithm is shown.
        for (const std::string& line : ui.race.story) text_wrapped_colored(p.text, line);
        if (ImGui::SmallButton("close the story")) ctx.post(act::CloseRaceStory{});
        ImGui::Separator();
    }
    if (v.trace && !v.trace->deadlock.empty()) {  // why no block can go on (Shared memory)
        text_wrapped_colored(p.text, deadlock_picture(v.trace->deadlock, 0, 0).lesson);
        ImGui::Spacing();
    }
    for (const std::string& sentence : explain_step(v, step)) {
        ImGui::TextWrapped("%s", sentence.c_str());
        ImGui::Spacing();
    }
    // Scans: the network's work and depth, and where this step is in it.
    const std::vector<std::string> network = circuit_sentences(v, step);
    for (const std::string& sentence : network) ImGui::TextWrapped("%s", sentence.c_str());
    if (!network.empty()) ImGui::Spacing();
    if (!v.trace) return;
    const VariantInfo* info = v.variant;
    if (!info) return;
    ImGui::Separator();
    const TeachingNotes notes = teaching_notes(*info);
    ImGui::PushFont(fonts().small);
    if (!notes.what_changed.empty())
        text_wrapped_colored(p.text_dim, std::string("What changed: ") + notes.what_changed);
    if (!notes.why_faster.empty())
        text_wrapped_colored(p.text_dim, std::string("Why: ") + notes.why_faster);
    ImGui::PopFont();
    ImGui::Spacing();
    if (ImGui::Button("Quiz me: predict each step (Q)")) ctx.post(act::StartQuiz{});
}

}  // namespace ws::ui
