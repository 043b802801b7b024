// Bandwidth lab: GB/s against n (log axis) for recorded measurements, labelled with their device
// and date, with the theoretical peak, the copy and read-only ceilings and CUB as lines and the
// L2 size marked; and the reduction ladder beside Harris's G80 figures.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "kernels/trace/dtype.hpp"
#include "ui/fonts.hpp"
#include "ui/model/lab/lab_data.hpp"
#include "ui/panels/lab_multi_gpu.hpp"
#include "ui/panels/panels.hpp"
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

const MeasuredPoint* point_at(const MeasurementFile* f, const std::string& algo,
                              const std::string& type, std::uint64_t n) {
    if (!f) return nullptr;
    for (const MeasuredPoint& p : f->points)
        if (p.algo == algo && p.type == type && p.n == n) return &p;
    return nullptr;
}

void draw_plot(const MeasurementFile& f, PanelContext& ctx, float height) {
    const UiState& ui = ctx.ui;
    const std::string& type = ui.lab.type;
    std::vector<Series> series = series_of(f, type);
    const LabLines lines = ui.lab.lines.value_or(lab_lines_for(ui.form.algo));
    series.erase(std::remove_if(series.begin(), series.end(),
                                [&](const Series& s) { return !shows_series(lines, s.algo); }),
                 series.end());
    // The family and lines pickers on the next row when the window is too narrow for them.
    ImGui::SameLine();
    const ImGuiStyle& style = ImGui::GetStyle();
    if (ImGui::GetContentRegionAvail().x < lab_family_width() +
                                               ImGui::CalcTextSize("Lines\xe2\x80\xa6").x +
                                               2 * style.FramePadding.x + style.ItemSpacing.x)
        ImGui::NewLine();
    lab_family_picker(ctx, lines);
    ImGui::SameLine();
    {
        std::vector<PickableLine> pickable;
        for (const Series& s : series) pickable.push_back({s.algo, s.algo});
        line_picker(ctx, "##lines", pickable);
    }
    series.erase(std::remove_if(series.begin(), series.end(),
                                [&](const Series& s) { return line_hidden(ui, s.algo); }),
                 series.end());
    double xmin = 1e300, xmax = 0, ymax = f.peak_gbps;
    for (const Series& s : series)
        for (const MeasuredPoint& p : s.points) {
            xmin = std::min(xmin, double(p.n));
            xmax = std::max(xmax, double(p.n));
            ymax = std::max(ymax, p.gbps);
        }
    if (series.empty()) {
        ImGui::TextWrapped("This file has no points for type %s.", type.c_str());
        return;
    }
    if (xmax <= xmin) xmax = xmin * 2;
    plot::Plot p;
    if (!p.begin("##gbps", {0, height})) return;
    // A legend taller than a third of the plot goes beside it, where it covers no line.
    const float line_h = ImGui::GetTextLineHeight();
    if (float(series.size() + 2) * line_h > height / 3) {
        float w = 0;
        for (const Series& s : series)
            w = std::max(w, ImGui::CalcTextSize((s.algo + "  (4.02n)  (chosen)").c_str()).x);
        p.legend_beside(std::min(w + line_h * 2.6f, ImGui::GetContentRegionAvail().x * 0.45f));
    }
    p.axes({xmin, xmax, plot::Scale::Log2, "n (elements of " + type + ")", true},
           {0, ymax * 1.08, plot::Scale::Linear, "GB/s"});
    if (f.peak_gbps > 0)
        p.hline(f.peak_gbps, "theoretical peak " + fmt("%.0f GB/s", f.peak_gbps),
                palette().plot_peak);
    if (f.l2_bytes > 0) {
        const auto size = trace::parse_dtype(type);
        const double n = double(f.l2_bytes) / (size ? trace::dtype_size(*size) : 4);
        p.vline(n, "L2 " + fmt("%.0f MiB", double(f.l2_bytes) / 1048576.0), palette().plot_l2);
    }
    // The chosen algorithm last, so that it is drawn on top.
    const std::vector<SeriesLook> looks = series_looks(series, ui.form.algo);
    std::vector<std::size_t> order(series.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_partition(order.begin(), order.end(),
                          [&](std::size_t i) { return !looks[i].chosen; });
    const auto size = trace::parse_dtype(type);
    for (std::size_t i : order) {
        const Series& s = series[i];
        const SeriesLook& look = looks[i];
        std::vector<double> xs, ys;
        std::vector<std::string> notes;
        for (const MeasuredPoint& pt : s.points) {
            xs.push_back(double(pt.n));
            ys.push_back(pt.gbps);
            const std::string lib = versus_library(f, pt);
            notes.push_back("n = " + std::to_string(pt.n) + "\n" + fmt("%.1f GB/s", pt.gbps) +
                            ", " + fmt("%.4g ms", pt.ms) + (lib.empty() ? "" : "\n" + lib) +
                            (pt.l2_resident ? "\ninputs fit in L2: not a DRAM figure" : ""));
        }
        const float width = look.chosen ? 4.0f : s.baseline ? 2.0f : 2.0f;
        plot::LineStyle st{s.baseline ? baseline_color(s.algo) : series_color(look.colour), width,
                           true, look.dashed, look.marker};
        // The label says what the GB/s counts: "scan-then-fan (4n)".
        const std::string bytes = bytes_counted(s, size ? trace::dtype_size(*size) : 4);
        std::string label = s.algo + (bytes.empty() ? "" : "  (" + bytes + ")") +
                            (s.type != type ? " (" + s.type + ")" : "");
        if (look.chosen) label = "\xe2\x96\xb6 " + label + "  (chosen)";
        p.line(label, xs, ys, st, &notes);
        // The chosen line (and a GPU-only rung's) says at its largest n how it stands against
        // the library.
        if ((look.chosen || is_gpu_only(s.algo)) && !s.points.empty()) {
            const MeasuredPoint& last = s.points.back();
            const std::string vs = versus_library(f, last);
            if (!vs.empty())
                p.annotate(double(last.n), last.gbps,
                           "n = " + size_name(last.n) + ": " + vs.substr(0, vs.find(" (")),
                           st.color);
        }
    }
    p.end();
}

// Harris's table with our figures at his size (2^22 ints) beside it, when we have them.
void harris_table(const LabData& lab, const MeasurementFile* f) {
    const HarrisTable& h = lab.harris;
    if (h.rows.empty()) {
        ImGui::TextWrapped("Harris's G80 table was not found (assets/reference/harris-g80.csv).");
        return;
    }
    ImGui::TextWrapped("%s", h.caption.c_str());
    const std::uint64_t n = std::uint64_t(1) << 22;
    const ImGuiTableFlags flags =
        ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("##harris", 8, flags)) return;
    for (const char* col :
         {"#", "kernel", "G80 ms", "G80 GB/s", "step", "total", "ours GB/s", "ours total"})
        ImGui::TableSetupColumn(col, std::string(col) == "kernel"
                                         ? ImGuiTableColumnFlags_WidthStretch
                                         : ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableHeadersRow();
    const MeasuredPoint* first = point_at(f, harris_variant(1), "int", n);
    for (const HarrisRow& r : h.rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%d", r.kernel);
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", r.name.c_str());  // the kernel's name wraps in a narrow column
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", r.time_ms);
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", r.gbps);
        ImGui::TableNextColumn();
        if (r.step_speedup > 0) ImGui::Text("%.2fx", r.step_speedup);
        ImGui::TableNextColumn();
        if (r.cumulative_speedup > 0) ImGui::Text("%.2fx", r.cumulative_speedup);
        const MeasuredPoint* ours = point_at(f, harris_variant(r.kernel), "int", n);
        ImGui::TableNextColumn();
        if (ours)
            ImGui::Text("%.1f", ours->gbps);
        else
            ImGui::TextDisabled("-");
        ImGui::TableNextColumn();
        if (ours && first && ours->ms > 0)
            ImGui::Text("%.2fx", first->ms / ours->ms);
        else
            ImGui::TextDisabled("-");
    }
    ImGui::EndTable();
}

// A live sweep on the GPU: the range of n, run with progress, cancel, save the result.
void sweep_controls(PanelContext& ctx, const MeasurementFile* shown) {
    const UiState& ui = ctx.ui;
    const SweepStatus& st = ui.lab.sweep;
    ImGui::AlignTextToFramePadding();
    ImGui::Text("Live sweep on %s, %s, n from 2^", ui.gpu_name.c_str(), ui.lab.type.c_str());
    ImGui::SameLine(0, 2);
    const float w = ImGui::GetFontSize() * 3.5f;
    // The range is edited as a copy, held to 2^1..2^30: a change is posted (act::SetSweepRange).
    int from = ui.lab.sweep_from, to = ui.lab.sweep_to;
    ImGui::SetNextItemWidth(w);
    ImGui::InputInt("##from", &from, 0);
    ImGui::SameLine();
    ImGui::TextUnformatted("to 2^");
    ImGui::SameLine(0, 2);
    ImGui::SetNextItemWidth(w);
    ImGui::InputInt("##to", &to, 0);
    from = std::clamp(from, 1, 30);
    to = std::clamp(to, from, 30);
    if (from != ui.lab.sweep_from || to != ui.lab.sweep_to) ctx.post(act::SetSweepRange{from, to});
    ImGui::SameLine();
    if (st.running) {
        if (ImGui::Button("Cancel")) ctx.post(act::CancelSweep{});
        ImGui::SameLine();
        ImGui::ProgressBar(float(st.fraction), {-1, 0});
        ImGui::TextDisabled("%s", st.line.c_str());
        return;
    }
    if (ImGui::Button("Run sweep")) ctx.post(act::StartSweep{});
    if (shown && shown->path == "this session") {
        ImGui::SameLine();
        if (ImGui::Button("Save to assets/measurements")) ctx.post(act::SaveSweep{});
    }
    if (!st.error.empty())
        text_wrapped_colored(palette().disagree, "the sweep stopped: " + st.error);
    if (shown)  // what this GPU, or this build's code for it, could not run
        for (const std::string& why : shown->skipped)
            text_wrapped_colored(palette().text_dim, "not timed: " + why);
    if (!ui.lab.sweep_message.empty()) ImGui::TextDisabled("%s", ui.lab.sweep_message.c_str());
}

// What the numbers in the legend mean.
void bytes_caption() {
    text_wrapped_colored(palette().text_dim,
                         "GB/s = the bytes each kernel must move / its time; the legend says how "
                         "many per element (n): a reduction reads n (later passes add a few "
                         "partial sums), a copy reads and writes 2n, scans move 2n (one pass: "
                         "the look-back, CUB) to 4n (scan-then-fan).");
}

}  // namespace

// Which family the plot shows (`lines`: the chosen algorithm's until the user picks one). The
// multi-GPU family opens on floats, the type it measured at every size.
float lab_family_width() {
    float names_w = 0;
    for (LabLines l : kAllLabLines)
        names_w = std::max(names_w, ImGui::CalcTextSize(lab_lines_name(l)).x);
    return names_w + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x;
}

void lab_family_picker(PanelContext& ctx, LabLines lines) {
    ImGui::SetNextItemWidth(lab_family_width());
    if (begin_combo_fitted("##family", lab_lines_name(lines))) {
        for (LabLines l : kAllLabLines)
            if (ImGui::Selectable(lab_lines_name(l), l == lines)) ctx.post(act::SetLabFamily{l});
        ImGui::EndCombo();
    }
}

void draw_lab(const TraceView&, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const Palette& p = palette();
    static const LabData kEmpty;
    const LabData& lab = ui.lab.data ? *ui.lab.data : kEmpty;
    // All-reduce across GPUs: a plot of its own files, axes and lines.
    if (ui.lab.lines == LabLines::MultiGpu) {
        draw_lab_multi_gpu(lab.multi_gpu, ctx);
        return;
    }
    const MeasurementFile* f = nullptr;
    if (lab.files.empty()) {
        ImGui::PushFont(fonts().heading);
        ImGui::TextUnformatted("No recorded measurements yet.");
        ImGui::PopFont();
        text_wrapped_colored(p.text_dim,
                             "The lab plots GB/s against n from assets/measurements/*.json, "
                             "recorded on a GPU machine (`warpscope bench --json FILE`) and "
                             "labelled with its device and date.");
        if (!ui.lab.sweep_available)
            text_wrapped_colored(p.text_dim,
                                 "Without a GPU backend the lab cannot run a sweep "
                                 "itself.");
    } else {
        // The recording on show: for a new algorithm one that measures it; a new choice (or one
        // picked below) is posted (act::ChooseLabFile).
        std::size_t file = ui.lab.file;
        if (ui.lab.file_chosen_for != ui.form.algo)
            file = file_measuring(lab, ui.form.algo, file, ui.lab.type);
        file = std::min(file, lab.files.size() - 1);
        f = &lab.files[file];
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Recorded on");
        ImGui::SameLine();
        // As wide as the longest "device, date".
        float names_w = 0;
        for (const MeasurementFile& m : lab.files)
            names_w = std::max(names_w, ImGui::CalcTextSize(file_label(m).c_str()).x);
        // (at most half the row, so that the type and lines pickers stay on screen)
        const float chrome = ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x;
        const float combo_w = std::min(ImGui::GetContentRegionAvail().x * 0.5f, names_w + chrome);
        ImGui::SetNextItemWidth(combo_w);
        // Where the name is wider than the half row, it is cut with "…" and whole on hover.
        const std::string label = file_label(*f);
        if (ImGui::BeginCombo("##file", fit_text(label, combo_w - chrome).c_str())) {
            for (std::size_t i = 0; i < lab.files.size(); ++i)
                if (ImGui::Selectable(file_label(lab.files[i]).c_str(), i == file)) file = i;
            ImGui::EndCombo();
        } else if (ImGui::IsItemHovered()) {  // every point's source: GPU, date and file
            ImGui::SetTooltip("%s: every point of the plot and the table below, from %s",
                              label.c_str(), f->path.c_str());
        }
        if (file != ui.lab.file || ui.lab.file_chosen_for != ui.form.algo)
            ctx.post(act::ChooseLabFile{file, ui.form.algo});
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
        if (begin_combo_fitted("type", ui.lab.type)) {
            for (const char* t : {"int", "float", "double"})
                if (ImGui::Selectable(t, ui.lab.type == t)) ctx.post(act::SetLabType{t});
            ImGui::EndCombo();
        }
        // The plot takes what the table, the sweep and the problems below it leave.
        const float row = ImGui::GetFrameHeightWithSpacing();
        const LabLines lines = ui.lab.lines.value_or(lab_lines_for(ui.form.algo));
        const bool table = lines == LabLines::Reductions || lines == LabLines::All;
        const float below = row * float((table ? lab.harris.rows.size() + 3 : 0) + 2 +
                                        lab.problems.size() + (ui.lab.sweep_available ? 4 : 0));
        const float avail = ImGui::GetContentRegionAvail().y;
        draw_plot(*f, ctx, std::max(avail * 0.5f, avail - below - row));
    }
    if (ui.lab.sweep_available) sweep_controls(ctx, f);
    for (const std::string& problem : lab.problems) text_wrapped_colored(p.disagree, problem);
    if (f) bytes_caption();
    // Harris's table is about reductions: it goes with the reduction lines.
    const LabLines lines = ui.lab.lines.value_or(lab_lines_for(ui.form.algo));
    if (lines != LabLines::Reductions && lines != LabLines::All) return;
    ImGui::Separator();
    harris_table(lab, f);
}

}  // namespace ws::ui
