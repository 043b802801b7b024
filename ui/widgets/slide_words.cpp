#include "ui/widgets/slide_words.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ui/fonts.hpp"
#include "ui/keys.hpp"
#include "ui/model/lesson/lesson.hpp"
#include "ui/theme.hpp"
#include "ui/ui_state.hpp"
#include "ui/widgets/quiz_box.hpp"

namespace ws::ui {
namespace {

// One paragraph of the card: its font, colour and words; the question is indented behind a bar.
struct CardLine {
    ImFont* font;
    ImU32 colour;
    std::string text;
    bool question = false;
};

// What Z shows instead of what is on: the slide's picture (its panel, or its view), or its words.
std::string key_hint(const UiState& ui, Layout::Card card) {
    const std::string key = keys_of(KeyAction::WholeStage);
    if (card == Layout::Card::HeadingAlone) return key + ": the slide's words";
    const Slide* s = ui.lesson.current_slide();
    const std::string picture = s && s->view == View::Step
                                    ? std::string(panel_title(presenter_lead(s->panel)))
                                    : std::string(view_name(ui.view));
    return key + ": the picture (" + picture + ")";
}

// The card's lines for what it shows: everything; everything and the key to the picture (the
// words alone); or the heading and the key to the words (the picture on the whole stage).
std::vector<CardLine> card_lines(const UiState& ui, Layout::Card card = Layout::Card::Full) {
    const LessonState& ls = ui.lesson;
    const Lesson* l = ls.library && !ls.name.empty() ? find_lesson(*ls.library, ls.name) : nullptr;
    const Slide* s = ls.current_slide();
    if (!l || !s) return {};
    const Palette& p = palette();
    const Fonts& f = fonts();
    std::vector<CardLine> out;
    const LessonState::Words& w = ls.words;
    if (card == Layout::Card::HeadingAlone) {
        out.push_back({f.heading, p.text, w.heading});
        out.push_back({f.small, p.text_dim, key_hint(ui, card)});
        return out;
    }
    out.push_back({f.small, p.text_dim,
                   l->title + "  \xc2\xb7  slide " + std::to_string(ls.slide + 1) + " of " +
                       std::to_string(l->slides.size())});
    // The words with their {facts} filled from the screen (the lesson feature keeps them).
    out.push_back({f.heading, p.text, w.heading});
    if (!w.say.empty()) out.push_back({f.text, p.text, w.say});
    if (!w.ask.empty()) out.push_back({f.text, p.text, "Ask: " + w.ask, true});
    if (card == Layout::Card::WordsAlone) out.push_back({f.small, p.text_dim, key_hint(ui, card)});
    return out;
}

// The question's indent: its bar and a gap.
float question_indent() {
    return std::round(0.75f * fonts().size);
}

float text_height(ImFont* font, const std::string& text, float wrap_w, float k = 1.0f) {
    if (!font) return 0;
    return font->CalcTextSizeA(font->FontSize * k, 1e9f, std::max(wrap_w, 1.0f), text.c_str()).y;
}

// The height of `lines` at `width`, their type `k` times its size.
float lines_height(const std::vector<CardLine>& lines, float width, float k = 1.0f) {
    const float spacing = ImGui::GetStyle().ItemSpacing.y;
    float h = 0;
    for (const CardLine& c : lines)
        h += text_height(c.font, c.text, width - (c.question ? question_indent() : 0), k) + spacing;
    return lines.empty() ? 0 : h - spacing;
}

// The largest type (at most the chosen size, by 5% steps, at least half of it) at which the
// lines fit `box`: the chosen size wherever the presenter layout could give them the room; less
// only where a slide's words are longer than the whole window at that size.
float fitting_scale(const std::vector<CardLine>& lines, const Rect& box) {
    float k = 1.0f;
    while (k > 0.5f && lines_height(lines, box.w, k) > box.h) k -= 0.05f;
    return k;
}

}  // namespace

bool lecture_on(const UiState& ui) {
    return ui.lesson.current_slide() != nullptr;
}

std::string slide_card_text(const UiState& ui) {
    std::string out;
    for (const CardLine& c : card_lines(ui)) out += c.text + "\n";
    return out;
}

SlideCardNeeds measure_slide_card(const UiState& ui, const SlideCardWidths& widths) {
    SlideCardNeeds out;
    out.words_h = lines_height(card_lines(ui), widths.words);
    const std::vector<CardLine> alone = card_lines(ui, Layout::Card::WordsAlone);
    if (!alone.empty())
        out.hint_h = text_height(alone.back().font, alone.back().text, widths.words) +
                     ImGui::GetStyle().ItemSpacing.y;
    out.heading_h = lines_height(card_lines(ui, Layout::Card::HeadingAlone), widths.words);
    if (ui.lesson.quiz.on) out.quiz_h = quiz_box_height(ui, widths.quiz);
    return out;
}

void draw_slide_card(const TraceView& v, PanelContext& ctx, const Layout& layout) {
    const UiState& ui = ctx.ui;
    if (layout.slide.empty()) return;
    const Rect& r = layout.slide;
    ImGui::SetNextWindowPos({r.x, r.y});
    ImGui::SetNextWindowSize({r.w, r.h});
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoScrollbar |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (ImGui::Begin("##slide", nullptr, flags)) {
        const Rect& w = layout.slide_words;
        ImGui::SetCursorScreenPos({w.x, w.y});
        ImGui::BeginChild("##slide-words", {w.w, w.h}, false, ImGuiWindowFlags_NoScrollbar);
        const std::vector<CardLine> lines = card_lines(ui, layout.card);
        ImGui::SetWindowFontScale(fitting_scale(lines, w));
        for (const CardLine& c : lines) {
            ImGui::PushFont(c.font);
            ImGui::PushStyleColor(ImGuiCol_Text, c.colour);
            if (c.question) {
                const ImVec2 top = ImGui::GetCursorScreenPos();
                ImGui::Indent(question_indent());
                ImGui::TextWrapped("%s", c.text.c_str());
                ImGui::Unindent(question_indent());
                const float bottom = ImGui::GetItemRectMax().y;
                ImGui::GetWindowDrawList()->AddRectFilled(
                    top, {top.x + std::round(question_indent() * 0.4f), bottom},
                    palette().question);
            } else {
                ImGui::TextWrapped("%s", c.text.c_str());
            }
            ImGui::PopStyleColor();
            ImGui::PopFont();
        }
        ImGui::EndChild();
        const Rect& q = layout.slide_quiz;
        if (!q.empty() && ui.lesson.quiz.on) {
            ImGui::SetCursorScreenPos({q.x, q.y});
            ImGui::BeginChild("##slide-quiz", {q.w, q.h}, false);
            draw_quiz_box(v, ctx);
            ImGui::EndChild();
        }
    }
    ImGui::End();
}

}  // namespace ws::ui
