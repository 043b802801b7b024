// Placing the panels.
#include "ui/frame.hpp"

#include <imgui.h>

#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"

namespace ws::ui {
namespace {

using DrawFn = void (*)(const TraceView&, UiState&);

DrawFn draw_fn(PanelId p) {
    switch (p) {
        case PanelId::Controls:
            return draw_controls;
        case PanelId::Shared:
            return draw_shared_memory;
        case PanelId::Warps:
            return draw_warps;
        case PanelId::Banks:
            return draw_banks;
        case PanelId::Code:
            return draw_code;
        case PanelId::Explanation:
            return draw_explanation;
        case PanelId::Timeline:
            return draw_timeline;
        case PanelId::Compare:
            return draw_compare;
        case PanelId::Lab:
            return draw_lab;
        case PanelId::Circuit:
            return draw_circuit;
    }
    return nullptr;
}

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                    ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                    ImGuiWindowFlags_NoBringToFrontOnFocus;

// The seams between panels: one crisp edge on each panel's right and bottom side where another
// panel follows (square rectangles, two triangles each; see apply_theme).
void draw_edges(const Rect& r) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float t = palette().edge_width;
    const ImU32 col = ImGui::GetColorU32(ImGuiCol_Border);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect({r.x, r.y}, {r.right(), r.bottom()});
    if (r.right() < display.x - 0.5f)
        dl->AddRectFilled({r.right() - t, r.y}, {r.right(), r.bottom()}, col);
    if (r.bottom() < display.y - 0.5f)
        dl->AddRectFilled({r.x, r.bottom() - t}, {r.right(), r.bottom()}, col);
    dl->PopClipRect();
}

bool begin_fixed(const char* title, const Rect& r, ImGuiWindowFlags extra = 0) {
    ImGui::SetNextWindowPos({r.x, r.y});
    ImGui::SetNextWindowSize({r.w, r.h});
    const bool open = ImGui::Begin(title, nullptr, kFixed | extra);
    draw_edges(r);
    return open;
}

}  // namespace

const TraceView& cursor_view(const TraceView& v, const UiState& ui) {
    if (ui.view != View::Circuit || !ui.circuit_side_by_side) return v;
    const TraceView* deepest = &v;
    for (const auto& c : ui.circuits)
        if (c && c->step_count() > deepest->step_count()) deepest = c.get();
    return *deepest;
}

void draw_frame(const TraceView& v, UiState& ui, const Layout& layout) {
    if (!layout.header.empty()) {
        if (begin_fixed("##header", layout.header,
                        ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar))
            draw_header(v, ui);
        ImGui::End();
    }
    for (PanelId p : kAllPanels) {
        if (!layout.shows(p)) continue;
        const bool scroll =
            p == PanelId::Controls || p == PanelId::Explanation || p == PanelId::Lab;
        if (begin_fixed(panel_title(p), layout[p], scroll ? 0 : ImGuiWindowFlags_NoScrollbar))
            draw_fn(p)(p == PanelId::Timeline ? cursor_view(v, ui) : v, ui);
        ImGui::End();
    }
}

void handle_keys(const TraceView& v, UiState& ui) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput) return;
    const std::size_t n = cursor_view(v, ui).step_count();
    auto pressed = [](ImGuiKey k, bool repeat) {
        return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), repeat);
    };
    if (pressed(ImGuiKey_Space, false)) toggle_play(ui.playback, n);
    if (pressed(ImGuiKey_RightArrow, true)) step_by(ui.playback, 1, n);
    if (pressed(ImGuiKey_LeftArrow, true)) step_by(ui.playback, -1, n);
    if (pressed(ImGuiKey_Home, false)) set_step(ui.playback, 0, n);
    if (pressed(ImGuiKey_End, false)) set_step(ui.playback, n ? n - 1 : 0, n);
    if (ImGui::IsKeyPressed('P', false) && !io.KeyCtrl) {
        ui.presentation = !ui.presentation;
        ui.controls_hidden = ui.presentation;
        ui.style_changed = true;
    }
    if (ImGui::IsKeyPressed('C', false) && !io.KeyCtrl) ui.controls_hidden = !ui.controls_hidden;
}

}  // namespace ws::ui
