// Across GPUs panel (issue 20): the all-reduce one level above the grid, on 2 to 8 virtual GPUs
// emulated on the CPU (kernels/multi). The GPUs sit on a ring, each holding its copy of the
// array cut into chunks; a chunk is striped with the colours of the GPUs whose inputs it holds,
// so the partial sums fill in step by step and a finished chunk (every GPU's input: the sum) is
// marked Σ. The step's transfers are arrows, labelled with the chunk and its bytes; each link's
// bytes so far sit beside it. The naive plan (everything through GPU 0) is one click away.
// Stepped with the window's playback cursor and keys; its own playback row, since its steps are
// the ring's.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>

#include "ui/fonts.hpp"
#include "ui/model/ring/byte_label.hpp"
#include "ui/model/ring/ring_layout.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/playback_row.hpp"

namespace ws::ui {
namespace {

constexpr std::uint64_t kSizes[] = {1000, std::uint64_t(1) << 20, std::uint64_t(1) << 24};
constexpr const char* kSizeNames[] = {"1000 floats (3.9 KiB)", "2^20 floats (4 MiB)",
                                      "2^24 floats (64 MiB)"};

// The GPUs, the plan and the size, edited as a copy: a change is posted (act::SetRing), which
// runs the ring again.
void controls(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const RingState& ring = ui.ring;
    act::SetRing to{ring.gpus, ring.naive, ring.n};
    int gpus = int(ring.gpus);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    if (ImGui::SliderInt("GPUs", &gpus, int(multi::kMinRingGpus), int(multi::kMaxRingGpus)))
        to.gpus = unsigned(gpus);
    ImGui::SameLine(0, ImGui::GetFontSize());
    if (ImGui::RadioButton("ring", !ring.naive) && ring.naive) to.naive = false;
    ImGui::SameLine();
    if (ImGui::RadioButton("naive (all through GPU 0)", ring.naive) && !ring.naive) to.naive = true;
    ImGui::SameLine(0, ImGui::GetFontSize());
    // The size on show is the one the ring runs (--ring-n may give another than the three).
    std::size_t at = 0;
    while (at < std::size(kSizes) && kSizes[at] != ui.ring.n) ++at;
    const std::string shown = at < std::size(kSizes)
                                  ? std::string(kSizeNames[at])
                                  : std::to_string(ui.ring.n) + " floats (" +
                                        bytes_label(ui.ring.n * sizeof(float)) + ")";
    // As wide as 11 characters' room, or what the line leaves beside its label.
    const float label_w =
        ImGui::CalcTextSize("each GPU's array").x + ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::SetNextItemWidth(
        std::min(ImGui::GetFontSize() * 11, ImGui::GetContentRegionAvail().x - label_w));
    if (begin_combo_fitted("each GPU's array", shown)) {
        for (std::size_t i = 0; i < std::size(kSizes); ++i)
            if (ImGui::Selectable(kSizeNames[i], i == at) && kSizes[i] != ring.n) to.n = kSizes[i];
        ImGui::EndCombo();
    }
    if (to.gpus != ring.gpus || to.naive != ring.naive || to.n != ring.n) ctx.post(to);
}

// A label on a backing, centred at (x, y), one line or two.
// Each line must stay in the picture (`area`).
void label(ImDrawList* dl, const Rect& area, float x, float y, const std::string& first,
           const std::string& second, ImU32 color, ImU32 second_color) {
    const Palette& p = palette();
    const ImVec2 a = ImGui::CalcTextSize(first.c_str());
    const ImVec2 b = second.empty() ? ImVec2{0, 0} : ImGui::CalcTextSize(second.c_str());
    const float w = std::max(a.x, b.x), h = a.y + b.y;
    fill_rect(dl, {x - w / 2 - 4, y - h / 2 - 2, w + 8, h + 4}, with_alpha(p.panel_bg, 0.9f), 3);
    draw_label(dl, {x - a.x / 2, y - h / 2}, color, first, area, "ring label");
    if (!second.empty())
        draw_label(dl, {x - b.x / 2, y - h / 2 + a.y}, second_color, second, area, "ring label");
}

void picture(const multi::RingRun& run, std::size_t state, float t) {
    const Palette& p = palette();
    const Canvas c = begin_canvas("##ring", {0, 0});
    const float em = ImGui::GetFontSize();
    const RingLayout l = ring_layout(run, state, c.rect, em);
    ImDrawList* dl = c.dl;
    for (const RingArrow& a : l.arrows) {
        const ArrowCurve curve{{a.x0, a.y0}, {a.cx, a.cy}, {a.x1, a.y1}};
        draw_arrow(dl, curve, t, p.arrow, 2.5f * p.line_width, 0.8f * em);
    }
    for (unsigned g = 0; g < l.gpus.size(); ++g) {
        const Rect& b = l.gpus[g];
        fill_rect(dl, b, p.panel_bg, p.cell_rounding);
        stroke_rect(dl, b, series_color(g), 3 * p.line_width, p.cell_rounding);
        draw_label(dl, {b.x + 0.4f * em, b.y + 0.2f * em}, series_color(g),
                   "GPU " + std::to_string(g), b, "ring label");
    }
    for (const RingChunkBox& k : l.chunks) {
        // Stripes: one per GPU whose input the chunk holds, in that GPU's colour.
        std::vector<unsigned> holds;
        for (unsigned g = 0; g < run.plan.gpus; ++g)
            if (k.contributions >> g & 1u) holds.push_back(g);
        const float h = k.rect.h / float(std::max<std::size_t>(holds.size(), 1));
        for (std::size_t i = 0; i < holds.size(); ++i)
            fill_rect(dl, {k.rect.x, k.rect.y + h * float(i), k.rect.w, h}, series_color(holds[i]));
        if (k.complete) {
            fill_rect(dl, k.rect, with_alpha(p.panel_bg, 0.35f));
            text_centered(dl, k.rect, p.text, "\xce\xa3", fonts().heading);  // Σ: the sum
        }
        stroke_rect(dl, k.rect, k.received ? p.current : p.cell_border,
                    k.received ? 3 * p.line_width : p.line_width);
    }
    for (const RingArrow& a : l.arrows)
        if (!a.label.empty()) label(dl, c.rect, a.lx, a.ly, a.label, a.so_far, p.text, p.text_dim);
    for (const RingLinkLabel& k : l.links)
        label(dl, c.rect, k.x, k.y, k.text, "", p.text_dim, p.text_dim);
    end_canvas(c);
}

// What the whole plan moves, in words: the lesson of ring against naive.
std::string totals(const multi::RingRun& run) {
    const multi::RingPlan& plan = run.plan;
    const std::uint64_t array = plan.n * plan.element_bytes;
    const std::uint64_t busiest = multi::busiest_link_bytes(plan);
    const double arrays = array ? double(busiest) / double(array) : 0;
    char b[256];
    std::snprintf(b, sizeof b,
                  "%zu steps; the busiest GPU link carries %s each way in all, %.2f arrays (%s: "
                  "%s). Emulated on the CPU: the result is %s.",
                  plan.steps.size(), bytes_label(busiest).c_str(), arrays,
                  plan.algorithm == multi::RingAlgorithm::Ring ? "the ring: 2(k-1)/k"
                                                               : "naive: k - 1 through GPU 0",
                  plan.algorithm == multi::RingAlgorithm::Ring
                      ? "every link busy every step, both ways"
                      : "one link does all the work",
                  run.ok ? "every GPU's sum, right" : ("WRONG: " + run.error).c_str());
    return b;
}

}  // namespace

void draw_ring(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    (void)v;
    controls(ctx);
    if (!ui.ring.run || ui.ring.run->after_step.empty()) {
        text_wrapped_colored(
            palette().disagree,
            ui.ring.run ? ui.ring.run->error : std::string("computing the ring\xe2\x80\xa6"));
        return;
    }
    const std::size_t states = ui.ring.run->after_step.size();
    const std::size_t state = std::min(ui.playback.step, states - 1);
    playback_row(ctx, ring_state_caption(*ui.ring.run, state));
    ImGui::PushFont(fonts().small);
    text_wrapped_colored(palette().text_dim, totals(*ui.ring.run));
    if (const std::string common = ring_step_common(*ui.ring.run, state); !common.empty())
        text_wrapped_colored(palette().text, common);
    if (ui.lab.data)
        if (const std::string real =
                recorded_step_line(ui.lab.data->multi_gpu, *ui.ring.run, state);
            !real.empty())
            text_wrapped_colored(palette().text, real);
    // Why NCCL wins at small sizes and more GPUs, from the recorded points' fits.
    if (ui.lab.data && !ui.ring.naive)
        if (const std::string why =
                measured_summary(multi_gpu_plot(ui.lab.data->multi_gpu, "float"));
            !why.empty())
            text_wrapped_colored(palette().text_dim, why);
    ImGui::PopFont();
    picture(*ui.ring.run, state, float(eased(ui.playback)));
}

}  // namespace ws::ui
