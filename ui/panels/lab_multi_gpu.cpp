// The bandwidth lab's multi-GPU family: bus bandwidth against n (each GPU's array, log axis) for
// the all-reduce across GPUs, NCCL's beside the hand-written ring and the naive one, under
// NVLink's peak a direction (the lines from ui/model/lab/multi_gpu_lab, drawn with ui/plot).
#include "ui/panels/lab_multi_gpu.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "kernels/trace/dtype.hpp"
#include "ui/model/ring/byte_label.hpp"
#include "ui/plot/plot.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/line_picker.hpp"

namespace ws::ui {
namespace {

std::string fmt(const char* format, double v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

// The row above the plot: where it was recorded, the type, the family, the lines (the pickers
// on a row of their own when the window is too narrow for both). Returns the page to draw this
// frame: the fits (true) or the plot (a change is posted).
bool picker_row(const std::vector<std::string>& types, PanelContext& ctx,
                const MultiGpuPlot& plot) {
    const UiState& ui = ctx.ui;
    const ImGuiStyle& st = ImGui::GetStyle();
    const std::string head =
        "Bus bandwidth recorded on " + (plot.title.empty() ? "nothing yet" : plot.title);
    const float type_w = ImGui::GetFontSize() * 6;
    const float pickers = type_w + st.ItemInnerSpacing.x + ImGui::CalcTextSize("type").x +
                          lab_family_width() + ImGui::CalcTextSize("Lines\xe2\x80\xa6").x +
                          ImGui::CalcTextSize("plotwhy (fits)").x + 2 * ImGui::GetFrameHeight() +
                          2 * st.FramePadding.x + 5 * st.ItemSpacing.x;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(head.c_str());
    if (ImGui::CalcTextSize(head.c_str()).x + st.ItemSpacing.x + pickers <=
        ImGui::GetContentRegionAvail().x)
        ImGui::SameLine();
    ImGui::SetNextItemWidth(type_w);
    if (begin_combo_fitted("type", plot.type)) {
        for (const std::string& t : types)
            if (ImGui::Selectable(t.c_str(), t == plot.type)) ctx.post(act::SetLabType{t});
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    lab_family_picker(ctx, LabLines::MultiGpu);
    ImGui::SameLine();
    bool fits = ui.lab.multi_gpu_fits;
    if (ImGui::RadioButton("plot", !fits)) fits = false;
    ImGui::SameLine();
    if (ImGui::RadioButton("why (fits)", fits)) fits = true;
    if (fits != ui.lab.multi_gpu_fits) ctx.post(act::SetLabFits{fits});
    if (fits) return fits;
    ImGui::SameLine();
    {
        std::vector<PickableLine> pickable;
        for (const MultiGpuSeries& s : plot.series) pickable.push_back({s.algo, s.label});
        line_picker(ctx, "##multi-lines", pickable);
    }
    return fits;
}

// What hovering a point shows: its size, both bandwidths, its time (and the ring's steps).
std::string point_note(const MultiGpuPoint& p, std::size_t element) {
    std::string s = "n = " + size_name(p.n) + " (" + bytes_label(p.n * element) +
                    " on each GPU)\n" + fmt("bus %.1f GB/s", p.busbw_gbps) +
                    fmt(", algorithm %.1f GB/s\n", p.algbw_gbps) + fmt("%.4g ms", p.ms);
    if (!p.step_ms.empty()) {
        s += "\nsteps on GPU 0:";
        for (double ms : p.step_ms) s += fmt(" %.3g", ms);
        s += " ms";
    }
    return s;
}

void draw_plot(const MultiGpuPlot& plot, const UiState& ui, float height) {
    std::vector<const MultiGpuSeries*> shown;
    for (const MultiGpuSeries& s : plot.series)
        if (!line_hidden(ui, s.algo) && !s.points.empty()) shown.push_back(&s);
    double xmin = 1e300, xmax = 0, top = plot.peak_gbps;
    for (const MultiGpuSeries* s : shown)
        for (const MultiGpuPoint& p : s->points) {
            xmin = std::min(xmin, double(p.n));
            xmax = std::max(xmax, double(p.n));
            top = std::max(top, p.busbw_gbps);
        }
    if (shown.empty()) {
        ImGui::TextWrapped("Every line is left out (Lines\xe2\x80\xa6 ticks them back).");
        return;
    }
    if (xmax <= xmin) xmax = xmin * 2;
    plot::Plot p;
    if (!p.begin("##busbw", {0, height})) return;
    // A legend taller than a third of the plot goes beside it, where it covers no line; inside,
    // the axis reaches high enough that the peak line passes under it.
    const float line_h = ImGui::GetTextLineHeight();
    const float legend_h = float(shown.size()) * line_h + 16;
    float reserved = legend_h + line_h * 0.5f;
    if (legend_h + 2 * line_h > height / 3) {
        float w = 0;
        for (const MultiGpuSeries* s : shown)
            w = std::max(w, ImGui::CalcTextSize(s->label.c_str()).x);
        p.legend_beside(std::min(w + line_h * 2.6f, ImGui::GetContentRegionAvail().x * 0.45f));
        reserved = 0;
    }
    // (the frame: the plot less its tick labels below and a little above)
    const double ymax = plot_y_max(top, reserved, height - ImGui::GetFontSize() * 3.2f);
    // Half a power of two past the largest n, so that its tick's label is not cut off.
    p.axes({xmin, xmax * 1.5, plot::Scale::Log2, "n (elements of " + plot.type + " on each GPU)",
            true},
           {0, ymax, plot::Scale::Linear, "GB/s"});
    if (plot.peak_gbps > 0) p.hline(plot.peak_gbps, plot.peak_label, palette().plot_peak);
    const auto dtype = trace::parse_dtype(plot.type);
    const std::size_t element = dtype ? trace::dtype_size(*dtype) : 4;
    for (const MultiGpuSeries* s : shown) {
        std::vector<double> xs, ys;
        std::vector<std::string> notes;
        for (const MultiGpuPoint& pt : s->points) {
            xs.push_back(double(pt.n));
            ys.push_back(pt.busbw_gbps);
            notes.push_back(point_note(pt, element));
        }
        const float width = s->lesson ? 4.0f : s->quiet ? 2.0f : 2.5f;
        const plot::LineStyle st{series_color(s->colour), width, !s->quiet, s->library, 0};
        p.line(s->label, xs, ys, st, &notes);
    }
    // Each plan's alpha + n beta fit, dotted in its line's colour (left out of the legend; the
    // caption below says what the dots are).
    for (const multi::LatencyBandwidthFit& fit : plot.fits) {
        const MultiGpuSeries* s = nullptr;
        for (const MultiGpuSeries* c : shown)
            if (c->algo == fit.algo) s = c;
        if (!s) continue;
        std::vector<double> xs, ys;
        std::vector<std::string> notes;
        for (double x = xmin; x <= xmax * 1.0001; x *= std::sqrt(2.0)) {
            xs.push_back(x);
            ys.push_back(fitted_busbw_gbps(fit, std::uint64_t(x)));
            notes.push_back(s->label + ", fitted: " +
                            fmt("%.4g ms", multi::fitted_ms(fit, std::uint64_t(x), fit.gpus)));
        }
        p.line("", xs, ys, {series_color(s->colour), 1.5f, false, true, 0}, &notes);
    }
    // The lesson's line says at its largest n how it stands against NCCL's all-reduce.
    for (const MultiGpuSeries* s : shown) {
        if (!s->lesson) continue;
        const MultiGpuPoint& last = s->points.back();
        const auto nccl = busbw_at(plot, multi::kNcclAllReduce, last.n);
        if (nccl && *nccl > 0)
            p.annotate(double(last.n), last.busbw_gbps,
                       "n = " + size_name(last.n) +
                           fmt(": %.2f\xc3\x97 NCCL's bus bandwidth", last.busbw_gbps / *nccl),
                       series_color(s->colour));
    }
    p.end();
}

// The second page: in measured terms why the hand ring loses (the fits), and NCCL forced to each
// algorithm and protocol beside its own choice, as a table a size a row.
void draw_fits_page(const MultiGpuPlot& plot) {
    const Palette& pal = palette();
    ImGui::BeginChild("##fits", {0, 0});
    if (plot.why_nccl_wins.empty())
        text_wrapped_colored(pal.text_dim,
                             "No fit: the file has fewer than three correct points of the hand "
                             "ring and NCCL's all-reduce.");
    else
        ImGui::TextWrapped("%s", plot.why_nccl_wins.c_str());
    if (!plot.fits_text.empty()) text_wrapped_colored(pal.text_dim, plot.fits_text);
    const std::vector<NcclChoiceRow> rows = nccl_choice_rows(plot);
    if (!rows.empty()) {
        ImGui::Spacing();
        ImGui::TextWrapped(
            "NCCL forced to one algorithm and protocol (NCCL_ALGO, NCCL_PROTO): its time, and "
            "its speed against NCCL's own choice");
        // A choice a row, a size a column: narrow enough for a 1024-pixel window.
        if (ImGui::BeginTable("##choices", int(rows.size()) + 1,
                              ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
            ImGui::TableSetupColumn("n =");
            for (const NcclChoiceRow& r : rows) ImGui::TableSetupColumn(r.size.c_str());
            ImGui::TableHeadersRow();
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted("NCCL's choice");
            for (const NcclChoiceRow& r : rows) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(r.own.c_str());
            }
            for (std::size_t c = 0; c < rows.front().cells.size(); ++c) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(rows.front().cells[c].choice.c_str());
                for (const NcclChoiceRow& r : rows) {
                    const NcclChoiceCell& cell = r.cells[c];
                    ImGui::TableNextColumn();
                    ImGui::PushStyleColor(ImGuiCol_Text, cell.fastest ? pal.agree : pal.text);
                    ImGui::TextUnformatted(cell.text.c_str());
                    ImGui::PopStyleColor();
                }
            }
            ImGui::EndTable();
        }
        text_wrapped_colored(pal.text_dim, "Coloured: the fastest at that size.");
    }
    ImGui::EndChild();
}

}  // namespace

void draw_lab_multi_gpu(const MultiGpuLab& lab, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const Palette& pal = palette();
    const std::vector<std::string> types = multi_gpu_types(lab);
    // The lab's type where measured, else float, else the first measured.
    std::string type = ui.lab.type;
    if (!types.empty() && std::find(types.begin(), types.end(), type) == types.end())
        type = std::find(types.begin(), types.end(), "float") != types.end() ? "float" : types[0];
    const MultiGpuPlot plot = multi_gpu_plot(lab, type);
    const bool fits = picker_row(types, ctx, plot);
    const std::string caption = bus_bandwidth_caption(plot.gpus);
    // The plot takes what the caption, the note and the problems below it leave.
    const float avail = ImGui::GetContentRegionAvail().y;
    const float text_w = std::max(1.0f, ImGui::GetContentRegionAvail().x);
    float below = ImGui::GetStyle().ItemSpacing.y * 3;
    for (const std::string& t : lab.problems)
        below += ImGui::CalcTextSize(t.c_str(), nullptr, false, text_w).y;
    for (const std::string& t : plot.problems)
        below += ImGui::CalcTextSize(t.c_str(), nullptr, false, text_w).y;
    if (fits) {
        draw_fits_page(plot);
        return;
    }
    // Under the plot, the measured sentence alone; the page "why (fits)" has the rest.
    const std::string summary = measured_summary(plot);
    if (!summary.empty()) below += ImGui::CalcTextSize(summary.c_str(), nullptr, false, text_w).y;
    for (const std::string& t : {caption, plot.note})
        if (!t.empty()) below += ImGui::CalcTextSize(t.c_str(), nullptr, false, text_w).y;
    if (!plot.series.empty()) draw_plot(plot, ui, std::max(avail * 0.5f, avail - below));
    if (!plot.note.empty()) text_wrapped_colored(pal.text_dim, plot.note);
    for (const std::string& problem : lab.problems) text_wrapped_colored(pal.conflict, problem);
    for (const std::string& problem : plot.problems) text_wrapped_colored(pal.conflict, problem);
    if (!summary.empty()) ImGui::TextWrapped("%s", summary.c_str());
    if (!plot.series.empty()) text_wrapped_colored(pal.text_dim, caption);
}

}  // namespace ws::ui
