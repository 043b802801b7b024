// Compare panel: the current variant and a second one, on the same input, side by side and
// stepped together by the one cursor (a variant with fewer steps stays on its last). Above the
// two sides, the numbers that answer "why is one slower?": each one's time and GB/s (measured
// on a GPU at a chosen n) and the counters behind the gap, with their ratio; on each side its
// warps and banks pictures of the step and its shared memory (32 words a row where a side has
// bank conflicts, so that the banks line up).
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "kernels/catalog.hpp"
#include "ui/fonts.hpp"
#include "ui/geometry/shared_grid_layout.hpp"
#include "ui/model/trace/compare_table.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/model/trace/value_text.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/banks_picture.hpp"
#include "ui/widgets/cell_grid.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/lane_strip.hpp"
#include "ui/widgets/stale_dim.hpp"

namespace ws::ui {
namespace {

const MeasurementFile* measured(const UiState& ui) {
    if (!ui.lab.data || ui.lab.data->files.empty()) return nullptr;
    return &ui.lab.data->files[std::min(ui.lab.file, ui.lab.data->files.size() - 1)];
}

// The warps of the step in a row (or rows of 8 when there are many), lanes by path.
void warp_row(const TraceView& v, std::size_t step) {
    const float width = ImGui::GetContentRegionAvail().x;
    const std::uint32_t per_row = std::min<std::uint32_t>(std::max(v.warps, 1u), 8);
    const std::uint32_t rows = (v.warps + per_row - 1) / per_row;
    const float strip_h = std::max(6.0f, ImGui::GetFontSize() * 0.6f);
    Canvas c = begin_canvas("##warprow", {width, float(rows) * (strip_h + 4)});
    const float w = c.rect.w / float(per_row);
    RasterPainter paint(c.dl, ImGui::GetID("##warprow"), c.rect, palette().panel_bg);
    const StepView& s = v.steps[step];
    for (std::uint32_t i = 0; i < v.warps; ++i) {
        const Rect r{c.rect.x + float(i % per_row) * w + 2,
                     c.rect.y + float(i / per_row) * (strip_h + 4) + 1, w - 6, strip_h};
        LaneStrip lanes;
        lanes.live = v.live_mask(i);
        if (i < s.paths.size()) {
            lanes.paths = s.paths[i].masks;
            lanes.divergent = s.paths[i].divergent;
        }
        draw_lane_strip(paint, r, lanes);
    }
    end_canvas(c);
}

// The worst shared instruction of the step, as the banks panel shows it by default.
const InstructionInfo* worst_shared(const TraceView& v, const StepView& s) {
    const InstructionInfo* worst = nullptr;
    for (std::uint32_t i : s.instructions) {
        const InstructionInfo& info = v.instructions[i];
        if (info.inst.kind != trace::EventKind::SharedRead &&
            info.inst.kind != trace::EventKind::SharedWrite)
            continue;
        if (!worst || info.banks.wavefronts > worst->banks.wavefronts) worst = &info;
    }
    return worst;
}

void side(const char* id, float width, const TraceView* v, const UiState& ui, GridViewState& grid,
          bool running, std::uint32_t columns) {
    const Palette& p = palette();
    ImGui::BeginChild(id, {width, 0}, true);
    if (!v || !v->trace) {
        ImGui::TextUnformatted(running ? "running\xe2\x80\xa6" : "nothing to compare yet");
        ImGui::EndChild();
        return;
    }
    const VariantInfo* info = v->variant;
    ImGui::PushFont(fonts().heading);
    text_line_clipped(p.text, info ? info->title : v->trace->request.algo);
    ImGui::PopFont();
    if (!v->trace->error.empty()) text_wrapped_colored(p.disagree, v->trace->error);
    if (v->empty()) {
        ImGui::EndChild();
        return;
    }
    const std::size_t step = v->clamp(static_cast<long>(ui.step()));
    std::string line = step_summary(*v, step);
    if (step != ui.step()) line += "  (its last step)";
    ImGui::PushFont(fonts().small);
    ImGui::TextWrapped("%s", line.c_str());
    ImGui::PopFont();
    warp_row(*v, step);
    // The banks picture where it has room to be read, before the grid (which scrolls) where
    // the side is short: the banks are what tells the two apart; the grid keeps two rows.
    const float avail = ImGui::GetContentRegionAvail().y;
    const float readable = 6 * (fonts().small->FontSize + 2);
    const float grid_rows = 3 * (fonts().mono->FontSize * 1.4f + 4);
    const InstructionInfo* inst = worst_shared(*v, v->steps[step]);
    // As tall as its fullest bank's words need (up to the side's room over two grid rows).
    const float words_h = inst ? banks_picture_height(*inst) : 0.0f;
    const float banks_h =
        std::min(std::max({avail * 0.4f, std::min(readable, avail - grid_rows), words_h}),
                 std::max(220.0f, std::min(words_h, avail - grid_rows)));
    if (inst && banks_h >= 6 * (fonts().small->FontSize + 2))
        draw_banks_picture("##cmpbanks", *inst, banks_h);
    CellGridOptions options;
    options.columns = columns;
    draw_cell_grid("##grid", *v, ui.playback, grid, {0, 0}, options);
    ImGui::EndChild();
}

// The n the timings are read at, from the sizes the measurements hold (the largest until one is
// picked, or when the one picked is not measured): the one to read them at this frame. A new one
// is posted (act::SetCompareN).
std::uint64_t size_picker(PanelContext& ctx, const MeasurementFile* f) {
    const UiState& ui = ctx.ui;
    const std::vector<std::uint64_t> sizes = measured_sizes(f);
    std::uint64_t at = ui.runs.compare_n;
    if (sizes.empty()) return at;
    if (std::find(sizes.begin(), sizes.end(), at) == sizes.end()) at = sizes.back();
    ImGui::SameLine();
    ImGui::TextUnformatted("timed at n =");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    if (begin_combo_fitted("##comparen", size_name(at))) {
        for (std::uint64_t n : sizes)
            if (ImGui::Selectable(size_name(n).c_str(), n == at)) at = n;
        ImGui::EndCombo();
    }
    if (at != ui.runs.compare_n) ctx.post(act::SetCompareN{at});
    return at;
}

// Rows of numbers for both sides and their ratio, the row that explains most first.
void table(const std::vector<CompareRow>& rows, const std::string& a, const std::string& b) {
    const ImGuiTableFlags flags =
        ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg;
    ImGui::PushFont(fonts().small);
    if (ImGui::BeginTable("##cmp", 4, flags)) {
        ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn(a.c_str());
        ImGui::TableSetupColumn(b.c_str());
        ImGui::TableSetupColumn("right / left");
        ImGui::TableHeadersRow();
        std::string same;
        for (const CompareRow& r : rows) {
            // Rows equal on both sides explain no gap: named in one line below.
            if (r.same) {
                same += (same.empty() ? "" : ", ") + r.what;
                continue;
            }
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.what.c_str());
            if (!r.why.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.why.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.left.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.right.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(r.ratio.c_str());
        }
        ImGui::EndTable();
        if (!same.empty()) text_line_clipped(palette().text_dim, "the same on both: " + same);
    }
    ImGui::PopFont();
}

}  // namespace

void draw_compare(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const StaleDim dim(ui);  // greyed while this is the last good run after a failed one
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Compare with");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 18);
    const VariantInfo* cur = find_variant(ui.compare_algo);
    if (begin_combo_fitted("##compare", cur ? cur->title : ui.compare_algo)) {
        for (const VariantInfo& info : catalog())
            if (ImGui::Selectable(info.title, ui.compare_algo == info.id))
                ctx.post(act::SetCompareAlgo{info.id});
        ImGui::EndCombo();
    }
    const MeasurementFile* f = measured(ui);
    const std::uint64_t timed_at = size_picker(ctx, f);
    const TraceView* right = ui.runs.compare.get();
    if (v.trace && right && right->trace)
        table(compare_rows(v, *right, f, timed_at), v.trace->request.algo,
              right->trace->request.algo);
    // Where either side has bank conflicts, 32 words a row (the banks line up in columns) or,
    // where 32 readable cells do not fit a side, 16 (a bank's words two rows apart), else what
    // the grid chooses: every column in view (the banks pictures above tell the banks).
    const bool banks =
        v.block_totals.bank_conflicts || (right && right->block_totals.bank_conflicts);
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    std::uint32_t columns = 0;
    if (banks) {
        ImFont* mono = fonts().mono;
        const float advance = mono->CalcTextSizeA(mono->FontSize, 1e9f, 0, "0").x / mono->FontSize;
        const std::size_t chars = std::max(v.min_chars, right ? right->min_chars : 0);
        GridSpec spec;
        set_min_cell(spec, min_value_px(fonts().size / kBaseFontPixels), advance, chars);
        // The side's frame, padding and the grid's overview strip take about 3 em.
        columns = bank_aligned_columns(half - 3 * ImGui::GetFontSize(), spec.min_cell_w, spec.gap);
    }
    side("##a", half, &v, ui, ctx.panels.compare_grid[0], ui.runs.running, columns);
    ImGui::SameLine();
    side("##b", half, right, ui, ctx.panels.compare_grid[1], ui.runs.compare_running, columns);
}

}  // namespace ws::ui
