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

namespace {

// The least height the view needs under the card: its panels' readable minimum (the step view:
// the tallest of the slide's panel and the tabs beside it) and the playback bar where it has one.
float stage_min_h(View view, float scale) {
    using P = PanelId;
    const float chrome = tab_strip_height(scale), bar = timeline_height(scale);
    auto h = [&](PanelId p) { return panel_min_size(p, scale).h; };
    switch (view) {
        case View::Step: {
            float tallest = 0;
            for (PanelId p : {P::Shared, P::Warps, P::Banks, P::Global, P::Code, P::Editor, P::Sass,
                              P::Explanation})
                tallest = std::max(tallest, h(p));
            return tallest + chrome + bar;
        }
        case View::Compare:
            return h(P::Compare) + chrome + bar;
        case View::Circuit:
            return std::max(h(P::Circuit), h(P::Shared)) + chrome + bar;
        case View::Lab:
            return h(P::Lab) + chrome;
        case View::Ring:
            return h(P::Ring) + chrome;
        case View::Pipeline:
            return h(P::Pipeline) + chrome;
    }
    return 0;
}

}  // namespace

Layout presenter_layout(const PresenterInput& in, float width, float height, float scale) {
    const float pad = slide_card_padding(scale);
    const float body_h = std::max(height - header_height(scale), 1.0f);
    const float need = std::max(in.needs.words_h, in.needs.quiz_h) + 2 * pad;
    // As tall as the words need, leaving the view its readable minimum.
    const float least = 3 * 17.0f * scale;
    const float most = std::max(least, body_h - stage_min_h(in.view, scale));
    const float card_h = std::ceil(std::clamp(need, least, most));
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
