// The presenter layout: the slide's card, then the view under it.
#include "ui/geometry/presenter_layout.hpp"

#include <algorithm>
#include <cmath>

namespace ws::ui {

float slide_card_padding(float scale) {
    return std::round(8.0f * std::clamp(scale, 0.5f, 4.0f));
}

SlideCardWidths slide_card_widths(float width, float scale, bool quiz) {
    const float pad = slide_card_padding(scale);
    const float inner = std::max(width - 2 * pad, 1.0f);
    if (!quiz) return {inner, 0};
    const float em = 17.0f * std::clamp(scale, 0.5f, 4.0f);
    const float lo = std::min(18 * em, 0.5f * inner), hi = std::max(lo, 30 * em);
    const float quiz_w = std::floor(std::clamp(0.42f * inner, lo, hi));
    return {std::max(inner - quiz_w - 2 * pad, 1.0f), quiz_w};
}

PanelId presenter_lead(std::optional<PanelId> slide_panel) {
    if (!slide_panel) return PanelId::Shared;
    switch (*slide_panel) {
        case PanelId::Shared:
        case PanelId::Warps:
        case PanelId::Banks:
        case PanelId::Global:
        case PanelId::Code:
        case PanelId::Editor:
        case PanelId::Sass:
        case PanelId::Explanation:
            return *slide_panel;
        default:
            return PanelId::Shared;
    }
}

Layout presenter_layout(const PresenterInput& in, float width, float height, float scale) {
    const float pad = slide_card_padding(scale);
    const float body_h = std::max(height - header_height(scale), 1.0f);
    const float need = std::max(in.needs.words_h, in.needs.quiz_h) + 2 * pad;
    const float card_h = std::ceil(std::clamp(need, 3 * 17.0f * scale, 0.5f * body_h));
    const std::optional<PanelId> lead =
        in.view == View::Step ? std::optional<PanelId>(presenter_lead(in.panel)) : std::nullopt;
    Layout out =
        compute_layout(in.view, width, height, scale, in.controls, in.circuit_only, card_h, lead);
    const Rect& c = out.slide;
    const SlideCardWidths w = slide_card_widths(c.w, scale, in.needs.quiz());
    out.slide_words = {c.x + pad, c.y + pad, w.words, std::max(c.h - 2 * pad, 1.0f)};
    if (in.needs.quiz())
        out.slide_quiz = {c.right() - pad - w.quiz, c.y + pad, w.quiz, out.slide_words.h};
    return out;
}

}  // namespace ws::ui
