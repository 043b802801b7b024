// Placing the panels.
#include "ui/frame.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "ui/geometry/label_log.hpp"
#include "ui/keys.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/slide_words.hpp"

namespace ws::ui {
namespace {

using DrawFn = void (*)(const TraceView&, PanelContext&);

#define WS_PANEL_DRAW(id, name, title, min_w, min_h, scrolls, view, steps, draw) draw,
constexpr DrawFn kDraw[] = {WS_PANEL_TABLE(WS_PANEL_DRAW)};
#undef WS_PANEL_DRAW

DrawFn draw_fn(PanelId p) {
    return kDraw[static_cast<int>(p)];
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

PanelId front_tab(const PanelGroup& g, const UiState& ui) {
    for (PanelId p : ui.recent_tabs)
        if (std::find(g.panels.begin(), g.panels.end(), p) != g.panels.end()) return p;
    return g.panels.front();
}

bool scrolls(PanelId p) {
    return panel_info(p).scrolls;
}

void draw_panel(PanelId p, const TraceView& v, PanelContext& ctx) {
    draw_fn(p)(p == PanelId::Timeline ? cursor_view(v, ctx.ui) : v, ctx);
}

// Panels sharing a rectangle: a tab strip, the front panel below it in a child window of its
// own (its scrolling stays its own).
void draw_tab_group(const PanelGroup& g, const TraceView& v, PanelContext& ctx,
                    std::vector<std::string>& drawn) {
    const UiState& ui = ctx.ui;
    std::string key = "##tabs";
    for (PanelId p : g.panels) key += std::string("-") + panel_name(p);
    drawn.push_back(key);
    const bool is_new = std::find(ui.tab_groups_drawn.begin(), ui.tab_groups_drawn.end(), key) ==
                        ui.tab_groups_drawn.end();
    const PanelId front = front_tab(g, ui);
    if (begin_fixed(key.c_str(), g.rect,
                    ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar) &&
        ImGui::BeginTabBar("##bar")) {
        for (PanelId p : g.panels) {
            const ImGuiTabItemFlags flags =
                is_new && p == front ? ImGuiTabItemFlags_SetSelected : 0;
            if (!ImGui::BeginTabItem(panel_title(p), nullptr, flags)) continue;
            if (p != front && !is_new) ctx.post(act::BringToFront{p});
            ImGui::BeginChild(panel_name(p), {0, 0}, false,
                              scrolls(p) ? 0 : ImGuiWindowFlags_NoScrollbar);
            draw_panel(p, v, ctx);
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    ImGui::End();
}

}  // namespace

namespace {

// A memory-family kernel has no shared memory to show: its lesson is the Global memory panel,
// brought to the front of its tab group once when its trace arrives (the user's later choice of
// tab stands, as for any other).
void front_lesson_tab(const TraceView& v, UiState& ui) {
    if (!v.trace || v.trace->request.algo == ui.lesson_tab_for) return;
    ui.lesson_tab_for = v.trace->request.algo;
    const VariantInfo* info = v.variant;
    if (!info || info->family != Family::Memory) return;
    bring_to_front(ui, PanelId::Global);
    ui.tab_groups_drawn.clear();  // each group selects its front tab again
}

}  // namespace

void draw_frame(const TraceView& v, UiState& ui, const Layout& layout) {
    label_log().begin_frame();  // the labels this frame draws (--check-labels)
    front_lesson_tab(v, ui);
    // The panels read `ui`, keep their own state and post the rest.
    PanelContext ctx = panel_context(ui);
    if (!layout.header.empty()) {
        if (begin_fixed("##header", layout.header,
                        ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar))
            draw_header(v, ctx);
        ImGui::End();
    }
    std::vector<std::string> drawn;
    for (const PanelGroup& g : layout.groups) {
        if (g.tabs()) {
            draw_tab_group(g, v, ctx, drawn);
            continue;
        }
        const PanelId p = g.panels.front();
        // The playback bar needs no title: its buttons say what it is.
        const ImGuiWindowFlags flags = (scrolls(p) ? 0 : ImGuiWindowFlags_NoScrollbar) |
                                       (p == PanelId::Timeline ? ImGuiWindowFlags_NoTitleBar : 0);
        if (begin_fixed(panel_title(p), g.rect, flags)) draw_panel(p, v, ctx);
        ImGui::End();
    }
    ui.tab_groups_drawn = std::move(drawn);
    draw_slide_card(v, ctx, layout);  // lecture mode: the slide's words, the quiz box
    draw_help(ctx);
}

// Which action a key pressed this frame asks for (the keys are the GLFW backend's codes).
std::vector<KeyAction> pressed_actions() {
    const ImGuiIO& io = ImGui::GetIO();
    auto pressed = [](ImGuiKey k, bool repeat) {
        return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k), repeat);
    };
    std::vector<KeyAction> out;
    if (pressed(ImGuiKey_Space, false)) out.push_back(KeyAction::PlayPause);
    if (pressed(ImGuiKey_RightArrow, true)) out.push_back(KeyAction::StepForward);
    if (pressed(ImGuiKey_LeftArrow, true)) out.push_back(KeyAction::StepBack);
    if (pressed(ImGuiKey_Home, false)) out.push_back(KeyAction::First);
    if (pressed(ImGuiKey_End, false)) out.push_back(KeyAction::Last);
    if (pressed(ImGuiKey_Escape, false)) out.push_back(KeyAction::CloseHelp);
    if (ImGui::IsKeyPressed(kGlfwKeyF1, false)) out.push_back(KeyAction::Help);
    for (ImWchar c : io.InputQueueCharacters)
        if (c == '?') out.push_back(KeyAction::Help);
    if (!io.KeyCtrl && ImGui::IsKeyPressed('P', false)) out.push_back(KeyAction::Presentation);
    if (!io.KeyCtrl && ImGui::IsKeyPressed('C', false)) out.push_back(KeyAction::Controls);
    if (pressed(ImGuiKey_PageDown, false)) out.push_back(KeyAction::NextSlide);
    if (pressed(ImGuiKey_PageUp, false)) out.push_back(KeyAction::PrevSlide);
    if (!io.KeyCtrl && ImGui::IsKeyPressed('N', false)) out.push_back(KeyAction::Notes);
    if (!io.KeyCtrl && ImGui::IsKeyPressed('Z', false)) out.push_back(KeyAction::WholeStage);
    if (!io.KeyCtrl && ImGui::IsKeyPressed('L', false)) out.push_back(KeyAction::CopyLink);
    if (!io.KeyCtrl && ImGui::IsKeyPressed('Q', false)) out.push_back(KeyAction::Quiz);
    return out;
}

void handle_keys(UiState& ui) {
    if (ImGui::GetIO().WantTextInput) return;
    for (KeyAction k : pressed_actions()) {
        // While the help is in front, only its own keys.
        if (ui.help_open && k != KeyAction::Help && k != KeyAction::CloseHelp) continue;
        if (std::optional<Action> a = key_action(k)) ui.post(std::move(*a));
    }
}

void handle_run_key(UiState& ui) {
    // The help's global key: the editor's kernel from anywhere, typing in it too.
    if (ImGui::IsKeyPressed(kGlfwKeyF5, false) && !ui.help_open)
        if (std::optional<Action> a = key_action(KeyAction::RunKernel)) ui.post(std::move(*a));
}

}  // namespace ws::ui
