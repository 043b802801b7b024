// Panel rectangles from the window size.
#include "ui/layout.hpp"

#include <algorithm>
#include <cmath>

namespace ws::ui {
namespace {

#define WS_PANEL_INFO(id, name, title, min_w, min_h, scrolls, view, steps, draw) \
    {PanelId::id, name, title, min_w, min_h, scrolls, View::view, steps},
constexpr PanelInfo kPanels[] = {WS_PANEL_TABLE(WS_PANEL_INFO)};
#undef WS_PANEL_INFO

float snap(float v) {
    return std::floor(v + 0.5f);
}

// Splits r at `fraction` of its width (left, right) or height (top, bottom).
std::pair<Rect, Rect> split_x(const Rect& r, float left_w) {
    left_w = snap(std::clamp(left_w, 0.0f, r.w));
    return {{r.x, r.y, left_w, r.h}, {r.x + left_w, r.y, r.w - left_w, r.h}};
}
std::pair<Rect, Rect> split_y(const Rect& r, float top_h) {
    top_h = snap(std::clamp(top_h, 0.0f, r.h));
    return {{r.x, r.y, r.w, top_h}, {r.x, r.y + top_h, r.w, r.h - top_h}};
}

}  // namespace

bool overlaps(const Rect& a, const Rect& b) {
    return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom() &&
           !a.empty() && !b.empty();
}

const PanelInfo& panel_info(PanelId p) {
    return kPanels[static_cast<int>(p)];
}
const char* panel_name(PanelId p) {
    return panel_info(p).name;
}
const char* panel_title(PanelId p) {
    return panel_info(p).title;
}

std::optional<PanelId> parse_panel(const std::string& name) {
    for (const PanelInfo& n : kPanels)
        if (name == n.name) return n.id;
    return std::nullopt;
}

std::string panel_names() {
    std::string out;
    for (const PanelInfo& n : kPanels) out += (out.empty() ? "" : "|") + std::string(n.name);
    return out;
}

const char* view_name(View v) {
    switch (v) {
        case View::Step:
            return "step";
        case View::Compare:
            return "compare";
        case View::Lab:
            return "lab";
        case View::Circuit:
            return "circuit";
        case View::Ring:
            return "ring";
        case View::Pipeline:
            return "pipeline";
    }
    return "step";
}

std::optional<View> parse_view(const std::string& name) {
    for (View v : kViews)
        if (name == view_name(v)) return v;
    return std::nullopt;
}

std::string view_names(const std::string& separator) {
    std::string out;
    for (View v : kViews) out += (out.empty() ? "" : separator) + view_name(v);
    return out;
}

float header_height(float scale) {
    return snap(36.0f * scale);
}
float timeline_height(float scale) {
    return snap(72.0f * scale);  // no title bar: its buttons and the strip of steps
}
float tab_strip_height(float scale) {
    return snap(30.0f * scale);  // a title bar or a tab strip, with its spacing
}

Size panel_min_size(PanelId p, float scale) {
    // In units of the text's pixel size: a few lines of text and a picture a class can read.
    const float em = 17.0f * std::clamp(scale, 0.5f, 4.0f);
    const PanelInfo& info = panel_info(p);
    const float h =
        info.min_h_em > 0 ? info.min_h_em * em : timeline_height(scale) - tab_strip_height(scale);
    return {info.min_w_em * em, h};
}

const PanelGroup* Layout::group_of(PanelId p) const {
    for (const PanelGroup& g : groups)
        if (std::find(g.panels.begin(), g.panels.end(), p) != g.panels.end()) return &g;
    return nullptr;
}

namespace {

// Builds a layout: each group's panels get the group's whole rectangle.
class Builder {
  public:
    Builder(Layout& out, float scale) : out_(out), scale_(scale) {}

    Size min(PanelId p) const { return panel_min_size(p, scale_); }
    void add(const Rect& r, std::vector<PanelId> panels) {
        for (PanelId p : panels) out_[p] = r;
        out_.groups.push_back({r, std::move(panels)});
    }
    // A height for the top of a split of `total`: `fraction` of it, kept within what the top
    // and bottom need.
    float share(float total, float fraction, float top_min, float bottom_min) const {
        return std::clamp(fraction * total, top_min, std::max(top_min, total - bottom_min));
    }
    float chrome() const { return tab_strip_height(scale_); }

  private:
    Layout& out_;
    float scale_;
};

// Shared memory over warps | banks, global memory a second tab beside the banks (both are
// pictures of one warp instruction's addresses); warps and the two as tabs where the row is too
// narrow; all as tabs where the column is too short.
// `editing`: the explanation joins the warps' tabs and the SASS the banks', the side column
// being the editor's.
void place_center(Builder& b, const Rect& c, bool editing) {
    using P = PanelId;
    std::vector<PanelId> left = {P::Warps}, right = {P::Banks, P::Global};
    if (editing) {
        left.push_back(P::Explanation);
        right.push_back(P::Sass);
    }
    const float shared_h = b.min(P::Shared).h + b.chrome();
    const float lower_h = std::max(b.min(P::Warps).h, b.min(P::Banks).h) + b.chrome();
    if (c.h + 0.5f < shared_h + lower_h) {
        std::vector<PanelId> all = {P::Shared};
        all.insert(all.end(), left.begin(), left.end());
        all.insert(all.end(), right.begin(), right.end());
        b.add(c, all);
        return;
    }
    auto [shared, lower] = split_y(c, b.share(c.h, 0.5f, shared_h, lower_h));
    b.add(shared, {P::Shared});
    if (lower.w + 0.5f < b.min(P::Warps).w + b.min(P::Banks).w) {
        left.insert(left.end(), right.begin(), right.end());
        b.add(lower, left);
        return;
    }
    const float warps_w =
        std::clamp(0.46f * lower.w, b.min(P::Warps).w, lower.w - b.min(P::Banks).w);
    auto [warps, banks] = split_x(lower, warps_w);
    b.add(warps, left);
    b.add(banks, right);
}

// Code over the explanation, the SASS a second tab beside the explanation (the machine code
// under its source; it does not change with the step, so it need not be always in view) and
// Your kernel (the editor) a second tab beside the code; where the column is too short for two,
// all four as tabs.
void place_side(Builder& b, const Rect& s, float code_share) {
    using P = PanelId;
    const float code_h = b.min(P::Code).h + b.chrome();
    const float lower_h =
        std::max(b.min(P::Sass).h, b.min(P::Explanation).h) + b.chrome();  // one rectangle
    if (s.h + 0.5f < code_h + lower_h) {
        b.add(s, {P::Code, P::Editor, P::Explanation, P::Sass});
        return;
    }
    auto [code, explanation] = split_y(s, b.share(s.h, code_share, code_h, lower_h));
    b.add(code, {P::Code, P::Editor});
    b.add(explanation, {P::Explanation, P::Sass});
}

// The step view: shared memory, warps and banks in a column beside code and explanation;
// where the stage is too narrow for two columns, shared memory over the others as tabs, or all
// five as tabs.
//
// SideFocus::Editor (a kernel of the student's open in Your kernel): the side column is wider and
// the editor's alone, the code a tab beside it, so that 20 lines of code show at 1280x720; the
// explanation and the SASS move to the centre's tabs.
void place_step(Builder& b, const Rect& stage, float scale, SideFocus focus) {
    const bool editing = focus == SideFocus::Editor;
    using P = PanelId;
    const float side_min = std::max(b.min(P::Code).w, b.min(P::Explanation).w);
    const float center_min = std::max({b.min(P::Shared).w, b.min(P::Warps).w, b.min(P::Banks).w});
    const float side_w =
        editing ? std::max(std::clamp(0.44f * stage.w, std::min(330.0f * scale, 0.5f * stage.w),
                                      760.0f * scale),
                           side_min)
                : std::max(std::clamp(0.32f * stage.w, std::min(330.0f * scale, 0.38f * stage.w),
                                      640.0f * scale),
                           side_min);
    if (stage.w - side_w + 0.5f >= center_min) {
        auto [center, side] = split_x(stage, stage.w - side_w);
        place_center(b, center, editing);
        if (editing)
            b.add(side, {P::Editor, P::Code});
        else
            place_side(b, side, focus == SideFocus::Story ? 0.34f : 0.62f);
        return;
    }
    const float rest_h = std::max({b.min(P::Warps).h, b.min(P::Banks).h, b.min(P::Code).h,
                                   b.min(P::Explanation).h}) +
                         b.chrome();
    const float shared_h = b.min(P::Shared).h + b.chrome();
    if (stage.h + 0.5f >= shared_h + rest_h) {
        auto [shared, rest] = split_y(stage, b.share(stage.h, 0.5f, shared_h, rest_h));
        b.add(shared, {P::Shared});
        b.add(rest, {P::Warps, P::Banks, P::Global, P::Code, P::Editor, P::Explanation, P::Sass});
        return;
    }
    b.add(stage,
          {P::Shared, P::Warps, P::Banks, P::Global, P::Code, P::Editor, P::Explanation, P::Sass});
}

// The presenter layout's step view: the slide's panel alone, large, on the left; every other
// panel of the view as tabs on the right, the code first (the line that ran). Where the stage
// cannot give both their readable minimum, all as tabs with the slide's panel first.
void place_presenter_step(Builder& b, const Rect& stage, PanelId lead, float scale) {
    using P = PanelId;
    std::vector<PanelId> side = {P::Code,   P::Shared,      P::Warps, P::Banks,
                                 P::Global, P::Explanation, P::Sass,  P::Editor};
    if (lead == P::Code) side.erase(side.begin());
    side.erase(std::remove(side.begin(), side.end(), lead), side.end());
    float side_min_w = 0, side_min_h = 0;
    for (PanelId p : side) {
        side_min_w = std::max(side_min_w, b.min(p).w);
        side_min_h = std::max(side_min_h, b.min(p).h);
    }
    const float need_h = std::max(b.min(lead).h, side_min_h) + b.chrome();
    const float side_w =
        std::max(side_min_w, std::clamp(0.36f * stage.w, 300.0f * scale, 600.0f * scale));
    if (stage.w - side_w + 0.5f < b.min(lead).w || stage.h + 0.5f < need_h) {
        side.insert(side.begin(), lead);
        b.add(stage, side);
        return;
    }
    auto [left, right] = split_x(stage, stage.w - side_w);
    b.add(left, {lead});
    b.add(right, side);
}

}  // namespace

Layout compute_layout(View view, float width, float height, float scale, bool controls,
                      bool circuit_only, float card_h, std::optional<PanelId> lead, SideFocus focus,
                      bool lead_alone) {
    Layout out;
    scale = std::clamp(scale, 0.5f, 4.0f);
    Builder b(out, scale);
    const Rect window{0, 0, std::max(width, 1.0f), std::max(height, 1.0f)};
    auto [header, body] = split_y(window, header_height(scale));
    out.header = header;
    if (card_h > 0) {
        auto [card, rest] = split_y(body, card_h);
        out.slide = card;
        body = rest;
    }

    // Controls: a left column, a fifth of the width within readable bounds, never more than
    // 40% of the window.
    const float controls_w =
        !controls
            ? 0.0f
            : std::min(std::max(std::clamp(0.2f * body.w, std::min(270.0f * scale, 0.28f * body.w),
                                           430.0f * scale),
                                b.min(PanelId::Controls).w),
                       0.4f * body.w);
    auto [controls_rect, main] = split_x(body, controls_w);
    if (controls) b.add(controls_rect, {PanelId::Controls});

    if (view == View::Lab) {
        b.add(main, {PanelId::Lab});
        return out;
    }
    if (view == View::Ring) {  // its own playback row: its steps are the ring's, not a trace's
        b.add(main, {PanelId::Ring});
        return out;
    }
    if (view == View::Pipeline) {  // the same: its moments are the pipeline's
        b.add(main, {PanelId::Pipeline});
        return out;
    }
    auto [stage, timeline] = split_y(main, main.h - timeline_height(scale));
    b.add(timeline, {PanelId::Timeline});
    if (view == View::Compare) {
        b.add(stage, {PanelId::Compare});
        return out;
    }
    if (view == View::Circuit) {
        // The network over the shared memory it works on, one step cursor for both.
        if (circuit_only) {
            b.add(stage, {PanelId::Circuit});
        } else if (stage.h + 0.5f >=
                   b.min(PanelId::Circuit).h + b.min(PanelId::Shared).h + 2 * b.chrome()) {
            auto [circuit, shared] =
                split_y(stage, b.share(stage.h, 0.62f, b.min(PanelId::Circuit).h + b.chrome(),
                                       b.min(PanelId::Shared).h + b.chrome()));
            b.add(circuit, {PanelId::Circuit});
            b.add(shared, {PanelId::Shared});
        } else {
            b.add(stage, {PanelId::Circuit, PanelId::Shared});
        }
        return out;
    }
    if (lead && lead_alone)
        b.add(stage, {*lead});
    else if (lead)
        place_presenter_step(b, stage, *lead, scale);
    else
        place_step(b, stage, scale, focus);
    return out;
}

Layout single_panel_layout(PanelId panel, float width, float height) {
    Layout out;
    out[panel] = {0, 0, std::max(width, 1.0f), std::max(height, 1.0f)};
    out.groups.push_back({out[panel], {panel}});
    return out;
}

}  // namespace ws::ui
