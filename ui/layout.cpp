// Panel rectangles from the window size.
#include "ui/layout.hpp"

#include <algorithm>
#include <cmath>

namespace ws::ui {
namespace {

struct PanelNames {
    PanelId id;
    const char* name;
    const char* title;
};
constexpr PanelNames kNames[] = {
    {PanelId::Controls, "controls", "Controls"},
    {PanelId::Shared, "shared", "Shared memory"},
    {PanelId::Warps, "warps", "Warps"},
    {PanelId::Banks, "banks", "Banks"},
    {PanelId::Code, "code", "Code"},
    {PanelId::Explanation, "explanation", "Explanation"},
    {PanelId::Timeline, "timeline", "Playback"},
    {PanelId::Compare, "compare", "Compare"},
    {PanelId::Lab, "lab", "Bandwidth lab"},
    {PanelId::Circuit, "circuit", "Circuit"},
};

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

const char* panel_name(PanelId p) {
    return kNames[static_cast<int>(p)].name;
}
const char* panel_title(PanelId p) {
    return kNames[static_cast<int>(p)].title;
}

std::optional<PanelId> parse_panel(const std::string& name) {
    for (const PanelNames& n : kNames)
        if (name == n.name) return n.id;
    return std::nullopt;
}

std::string panel_names() {
    std::string out;
    for (const PanelNames& n : kNames) out += (out.empty() ? "" : "|") + std::string(n.name);
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
    }
    return "step";
}

std::optional<View> parse_view(const std::string& name) {
    for (View v : {View::Step, View::Compare, View::Lab, View::Circuit})
        if (name == view_name(v)) return v;
    return std::nullopt;
}

float header_height(float scale) {
    return snap(36.0f * scale);
}
float timeline_height(float scale) {
    return snap(96.0f * scale);
}

Layout compute_layout(View view, float width, float height, float scale, bool controls,
                      bool circuit_only) {
    Layout out;
    scale = std::clamp(scale, 0.5f, 3.0f);
    const Rect window{0, 0, std::max(width, 1.0f), std::max(height, 1.0f)};
    auto [header, body] = split_y(window, header_height(scale));
    out.header = header;

    // Controls: a left column, a fifth of the width within readable bounds.
    const float controls_w =
        !controls
            ? 0.0f
            : std::clamp(0.2f * body.w, std::min(270.0f * scale, 0.28f * body.w), 430.0f * scale);
    auto [controls_rect, main] = split_x(body, controls_w);
    out[PanelId::Controls] = controls_rect;

    if (view == View::Lab) {
        out[PanelId::Lab] = main;
        return out;
    }
    auto [stage, timeline] = split_y(main, main.h - timeline_height(scale));
    out[PanelId::Timeline] = timeline;
    if (view == View::Compare) {
        out[PanelId::Compare] = stage;
        return out;
    }
    if (view == View::Circuit) {
        // The network over the shared memory it works on, one step cursor for both.
        auto [circuit, shared] = split_y(stage, circuit_only ? stage.h : 0.62f * stage.h);
        out[PanelId::Circuit] = circuit;
        out[PanelId::Shared] = shared;
        return out;
    }

    // Step view: shared memory on top of warps | banks; code over explanation on the right.
    const float side_w =
        std::clamp(0.32f * stage.w, std::min(330.0f * scale, 0.38f * stage.w), 640.0f * scale);
    auto [center, side] = split_x(stage, stage.w - side_w);
    auto [shared, lower] = split_y(center, 0.5f * center.h);
    auto [warps, banks] = split_x(lower, 0.46f * lower.w);
    auto [code, explanation] = split_y(side, 0.62f * side.h);
    out[PanelId::Shared] = shared;
    out[PanelId::Warps] = warps;
    out[PanelId::Banks] = banks;
    out[PanelId::Code] = code;
    out[PanelId::Explanation] = explanation;
    return out;
}

Layout single_panel_layout(PanelId panel, float width, float height) {
    Layout out;
    out[panel] = {0, 0, std::max(width, 1.0f), std::max(height, 1.0f)};
    return out;
}

}  // namespace ws::ui
