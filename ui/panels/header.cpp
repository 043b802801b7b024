// The header strip: the name, the four views, what is shown (request, device), and a banner
// for an error the program survived (a kernel error, a failed GPU run, a bad file), first of all
// a failed run's, over the last good one it left on show.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "ui/fonts.hpp"
#include "ui/model/trace/provenance.hpp"
#include "ui/model/window/request_form.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

// The most a banner takes from the view tabs' full titles: beyond it they go short.
constexpr float kBannerRoomEm = 25.0f;

struct ViewTab {
    View view;
    const char* title;  // in full
    const char* brief;  // where the header is narrow
};
constexpr ViewTab kViewTabs[] = {
    {View::Step, "Step through", "Step"},  {View::Compare, "Compare", "Compare"},
    {View::Circuit, "Circuit", "Circuit"}, {View::Pipeline, "Pipeline", "Pipe"},
    {View::Ring, "Across GPUs", "GPUs"},   {View::Lab, "Bandwidth lab", "Lab"}};

void view_tab(PanelContext& ctx, View view, const char* title) {
    const UiState& ui = ctx.ui;
    const bool on = ui.view == view;
    const Palette& p = palette();
    if (on) {
        ImGui::PushStyleColor(ImGuiCol_Button, ImGui::ColorConvertU32ToFloat4(p.current));
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(text_on(p.current)));
    }
    if (ImGui::Button(title)) ctx.post(act::ShowView{view});
    if (on) ImGui::PopStyleColor(2);
    ImGui::SameLine();
}

// Where even the short titles do not fit (large type): one button naming the view on show,
// which opens the list of views.
void views_folded(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const char* shown = "";
    for (const ViewTab& t : kViewTabs)
        if (t.view == ui.view) shown = t.brief;
    const std::string label = std::string(shown) + " \xe2\x96\xbe";
    if (ImGui::Button(label.c_str())) ImGui::OpenPopup("##views");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the views");
    if (ImGui::BeginPopup("##views")) {
        for (const ViewTab& t : kViewTabs)
            if (ImGui::Selectable(t.title, ui.view == t.view)) ctx.post(act::ShowView{t.view});
        ImGui::EndPopup();
    }
    ImGui::SameLine();
}

// The folded views' button at its widest.
float folded_width() {
    float w = 0;
    for (const ViewTab& t : kViewTabs)
        w = std::max(w, ImGui::CalcTextSize((std::string(t.brief) + " \xe2\x96\xbe").c_str()).x);
    return w + 2 * ImGui::GetStyle().FramePadding.x + ImGui::GetStyle().ItemSpacing.x;
}

const char* controls_label(const UiState& ui) {
    return ui.controls_hidden ? "\xe2\x96\xb6 Controls" : "\xe2\x97\x80 Controls";
}

// Width of the left part: the controls button, the name (unless brief), the view tabs.
float left_width(const UiState& ui, bool brief) {
    const ImGuiStyle& st = ImGui::GetStyle();
    auto button = [&](const char* t) { return ImGui::CalcTextSize(t).x + 2 * st.FramePadding.x; };
    float w = button(controls_label(ui)) + 16;
    if (!brief) {
        ImGui::PushFont(fonts().heading);
        w += ImGui::CalcTextSize("warpscope").x + 20;
        ImGui::PopFont();
    }
    for (const ViewTab& t : kViewTabs) w += button(brief ? t.brief : t.title) + st.ItemSpacing.x;
    return w + 16;
}

}  // namespace

void draw_header(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const Palette& p = palette();
    // n and block must stay in view: where they would not fit beside the full left part, the
    // name goes and the view tabs take their short titles.
    const float total = ImGui::GetContentRegionAvail().x;
    const std::string must = v.trace ? "n=" + std::to_string(v.trace->request.n) +
                                           "  block=" + std::to_string(v.trace->request.block)
                                     : "";
    // An error's banner takes the room between the tabs and n and block: the short tabs when
    // the full ones would leave it less than its words (or kBannerRoomEm) need.
    // A failed run's mark first: the trace on show is the last good one, until a run succeeds.
    const std::string stale = stale_banner(ui.stale);
    std::string error = stale.empty() ? ui.banner : stale;
    if (error.empty() && v.trace && !v.trace->error.empty()) error = v.trace->error;
    const std::string banner = error.empty() ? "" : "\xe2\x9a\xa0 " + error;
    const float banner_need = banner.empty() ? 0.0f
                                             : std::min(ImGui::CalcTextSize(banner.c_str()).x + 24,
                                                        kBannerRoomEm * ImGui::GetFontSize());
    const float must_w = ImGui::CalcTextSize(must.c_str()).x;
    const bool brief = left_width(ui, false) + must_w + banner_need > total;
    const float controls_w =
        ImGui::CalcTextSize(controls_label(ui)).x + 2 * ImGui::GetStyle().FramePadding.x + 16;
    // Folded where the short titles leave no room for n and block, or for a banner's first words.
    const float banner_least = banner.empty() ? 0.0f : 8 * ImGui::GetFontSize();
    const bool folded = left_width(ui, true) + must_w + banner_least > total &&
                        controls_w + folded_width() + 16 + must_w <= total + 0.5f;
    if (ImGui::Button(controls_label(ui))) ctx.post(act::ToggleControls{});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("show or hide the controls (C)");
    ImGui::SameLine(0, 16);
    if (!brief) {
        // The name in the heading's type, centred on the buttons' row (a row no taller than
        // theirs: the header's height is theirs).
        ImFont* heading = fonts().heading;
        const ImVec2 size = heading->CalcTextSizeA(heading->FontSize, 1e9f, 0, "warpscope");
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float row = ImGui::GetFrameHeight();
        ImGui::GetWindowDrawList()->AddText(heading, heading->FontSize,
                                            {at.x, at.y + std::round((row - size.y) / 2)},
                                            ImGui::GetColorU32(ImGuiCol_Text), "warpscope");
        ImGui::Dummy({size.x, row});
        ImGui::SameLine(0, 20);
    }
    if (folded)
        views_folded(ctx);
    else
        for (const ViewTab& t : kViewTabs) view_tab(ctx, t.view, brief ? t.brief : t.title);
    ImGui::SameLine(0, 16);

    const ImVec2 pos = ImGui::GetCursorScreenPos();
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    Rect strip{pos.x, pos.y, right - pos.x, ImGui::GetFrameHeight()};
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (!banner.empty()) {
        // The banner, cut with "…" where it must be (all of it on hover), then n and block.
        const float must_w = must.empty() ? 0.0f : ImGui::CalcTextSize(must.c_str()).x + 16;
        const Rect box{strip.x, strip.y, std::max(0.0f, strip.w - must_w), strip.h};
        fill_rect(dl, box, p.banner_error_bg, 3.0f);
        // Its words where they fit, else the warning sign alone (all of it on hover).
        std::string shown = fit_text(banner, box.w - 16);
        if (shown == "\xe2\x80\xa6" || ImGui::CalcTextSize(shown.c_str()).x > box.w - 16)
            shown = ImGui::CalcTextSize("\xe2\x9a\xa0").x <= box.w - 16 ? "\xe2\x9a\xa0" : "";
        if (!shown.empty())
            draw_label(dl, {box.x + 8, box.y + ImGui::GetStyle().FramePadding.y},
                       p.banner_error_text, shown, box, "header");
        ImGui::Dummy({box.w, box.h});
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(stale.empty() ? "%s (click: dismiss)" : "%s", error.c_str());
        if (ImGui::IsItemClicked() && stale.empty()) ctx.post(act::DismissBanner{});
        if (must.empty()) return;
        ImGui::SameLine(0, 16);
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "%s", must.c_str());
        return;
    }
    if (!v.trace) return;
    const trace::Trace& t = *v.trace;
    const VariantInfo* info = v.variant;
    const std::string sizes =
        "n=" + std::to_string(t.request.n) + "  block=" + std::to_string(t.request.block) + "  " +
        trace::dtype_name(t.request.type) +
        (info && info->takes_stride ? "  stride=" + std::to_string(t.request.stride) : "");
    const std::string running = ui.runs.running ? "   running\xe2\x80\xa6" : "";
    // The longest that fits; the whole line on hover. Beside the controls (which name the
    // algorithm) the title goes first, else the device and then the sizes (the shared-memory
    // panel tells them).
    const std::string title = info ? info->title : t.request.algo;
    const std::string device = "   " + provenance(t, ui.replayed_from);
    const std::string badge = "   [" + provenance_badge(t, ui.replayed_from) + "]";
    const std::string full = title + "   " + sizes + device + running;
    // Shorter and shorter, but always with n and block, and where it fits where the numbers
    // came from (emulated, measured now, recorded).
    std::vector<std::string> shorter = {sizes + device + running, sizes + badge + running,
                                        must + badge, must};
    if (ui.controls_hidden)
        shorter = {title + "   " + sizes + badge + running, sizes + badge + running,
                   must + badge + running, must + badge, must};
    std::string what = full;
    for (const std::string& s : shorter)
        if (ImGui::CalcTextSize(what.c_str()).x > strip.w) what = s;
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(p.text_dim), "%s", what.c_str());
    if (what != full && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", full.c_str());
}

}  // namespace ws::ui
