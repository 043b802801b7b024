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

// The height a slide's panel needs to make its point on the stage, in units of the text size
// (more than the panel's readable minimum, which keeps its words, not its picture): the banks'
// and the sectors' pictures need their rows of lanes, fan lines, slots and numbers under the
// panel's line, its chooser and its counts, the warps and the shared memory their lines over
// their strips and cells; the circuit its numbers, legend and a row a level;
// the lab its choosers, the plot with its notes, and the footnote.
float slide_panel_min_h(PanelId p, float scale) {
    const float em = 17.0f * std::clamp(scale, 0.5f, 4.0f);
    float picture_em = 0;
    switch (p) {
        case PanelId::Banks:  // a 16-way stack: 16 words of 9-pixel digits
            picture_em = 14;
            break;
        case PanelId::Global:
        case PanelId::Warps:
        case PanelId::Shared:
            picture_em = 10;
            break;
        case PanelId::Circuit:
            picture_em = 13;
            break;
        case PanelId::Lab:  // its choosers, the plot with its notes beside the legend, the footnote
            picture_em = 17;
            break;
        default:
            break;
    }
    return std::max(panel_min_size(p, scale).h, picture_em * em);
}

// The least height the view needs under the card: its panels' readable minimum (the step view:
// the slide's panel, and the tabs beside it unless `alone`) and the playback bar where it has
// one.
float stage_min_h(View view, PanelId lead, bool alone, float scale) {
    using P = PanelId;
    const float chrome = tab_strip_height(scale), bar = timeline_height(scale);
    auto h = [&](PanelId p) { return slide_panel_min_h(p, scale); };
    switch (view) {
        case View::Step: {
            if (alone) return h(lead) + chrome + bar;
            float tallest = h(lead);
            for (PanelId p : {P::Shared, P::Warps, P::Banks, P::Global, P::Code, P::Editor, P::Sass,
                              P::Explanation})
                tallest = std::max(tallest, h(p));
            return tallest + chrome + bar;
        }
        case View::Compare:
            return h(P::Compare) + chrome + bar;
        case View::Circuit:
            return h(P::Circuit) + chrome + bar;
        case View::Lab:
            return h(P::Lab) + chrome;
        case View::Ring:
            return h(P::Ring) + chrome;
        case View::Pipeline:
            return h(P::Pipeline) + chrome;
    }
    return 0;
}

// The card's words and quiz box inside it.
void place_card_inside(Layout& out, float scale, bool quiz) {
    const float pad = slide_card_padding(scale);
    const Rect& c = out.slide;
    const SlideCardWidths w = slide_card_widths(c.w, scale, quiz);
    out.slide_words = {c.x + pad, c.y + pad, w.words, std::max(c.h - 2 * pad, 1.0f)};
    if (quiz) out.slide_quiz = {c.right() - pad - w.quiz, c.y + pad, w.quiz, out.slide_words.h};
}

}  // namespace

Layout presenter_layout(const PresenterInput& in, float width, float height, float scale) {
    const float pad = slide_card_padding(scale);
    const float body_h = std::max(height - header_height(scale), 1.0f);
    const PanelId lead = presenter_lead(in.panel);
    const std::optional<PanelId> step_lead =
        in.view == View::Step ? std::optional<PanelId>(lead) : std::nullopt;
    // A slide's circuit takes the whole stage: its levels need the height (the shared memory
    // it writes is the step view's).
    const bool circuit_only = in.circuit_only || in.view == View::Circuit;
    auto with_card = [&](float card_h, bool alone) {
        return compute_layout(in.view, width, height, scale, in.controls, circuit_only,
                              std::ceil(card_h), step_lead, SideFocus::Code, alone);
    };
    Layout out;
    if (in.whole_stage) {
        out = with_card(in.needs.heading_h + 2 * pad, true);
        out.card = Layout::Card::HeadingAlone;
        place_card_inside(out, scale, false);
        return out;
    }
    // As tall as the words need (at least three lines), leaving the view its readable minimum:
    // with the tabs beside the slide's panel, or the slide's panel alone.
    const float need = std::max({in.needs.words_h, in.needs.quiz_h, 3 * 17.0f * scale}) + 2 * pad;
    if (need + stage_min_h(in.view, lead, false, scale) <= body_h) {
        out = with_card(need, false);
    } else if (need + stage_min_h(in.view, lead, true, scale) <= body_h) {
        out = with_card(need, true);
    } else if (in.needs.quiz() && need + panel_min_size(lead, scale).h + tab_strip_height(scale) +
                                          timeline_height(scale) <=
                                      body_h) {
        // During a quiz attempt the picture is where the class answers (a cell is clicked):
        // the slide's panel keeps its readable minimum rather than leave the stage.
        out = with_card(need, true);
    } else {
        // The words alone, with the line that names the key to the picture.
        const Rect window{0, 0, std::max(width, 1.0f), std::max(height, 1.0f)};
        out.header = {0, 0, window.w, header_height(scale)};
        out.slide = {0, out.header.h, window.w, body_h};
        out.card = Layout::Card::WordsAlone;
    }
    place_card_inside(out, scale, in.needs.quiz());
    return out;
}

}  // namespace ws::ui
