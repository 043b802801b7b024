// Controls panel: what to run (algorithm grouped by family with its one-line description, n,
// block, type, scan kind, pattern, seed, backend, schedule, traced block), the problem with the
// request explained in place, how to show it, the lessons to open, and trace files and exports.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <string>

#include "kernels/algorithms/memory/memory_rules.hpp"
#include "kernels/catalog.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/race_search.hpp"
#include "kernels/run/request_text.hpp"
#include "kernels/run/result_text.hpp"
#include "kernels/sim/emulator.hpp"
#include "ui/fonts.hpp"
#include "ui/model/trace/provenance.hpp"
#include "ui/model/window/png_export.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/draw.hpp"
#include "ui/widgets/lesson_list.hpp"

namespace ws::ui {
namespace {

// A label on the left, the control filling the rest of the line; where the column is too
// narrow for both (large text, a small window), the label above its control.
void label(const char* text) {
    const float label_w = ImGui::CalcTextSize("Schedule").x + ImGui::GetStyle().ItemSpacing.x * 2;
    const bool stacked = ImGui::GetContentRegionAvail().x < label_w + ImGui::GetFontSize() * 7;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    if (!stacked) ImGui::SameLine(label_w + ImGui::GetStyle().WindowPadding.x);
    ImGui::SetNextItemWidth(-1);
}

std::string variant_label(const VariantInfo& v) {
    return std::to_string(v.ladder_step) + ". " + v.title;
}

// The request's controls below each take the form as edited so far this frame (a copy of
// UiState::form) and return it edited.
RequestForm algorithm_combo(RequestForm f) {
    const VariantInfo* cur = find_variant(f.algo);
    ImGui::TextUnformatted("Algorithm");
    ImGui::SetNextItemWidth(-1);
    const std::string preview = cur ? variant_label(*cur) : f.algo;
    if (ImGui::BeginCombo("##algo", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
        for (Family fam : kFamilies) {
            bool header = false;
            for (const VariantInfo& v : catalog()) {
                if (v.family != fam) continue;
                if (!header) {
                    ImGui::TextDisabled("%s", family_title(fam));
                    header = true;
                }
                ImGui::PushID(v.id);
                if (ImGui::Selectable(variant_label(v).c_str(), f.algo == v.id)) f.algo = v.id;
                ImGui::PushFont(fonts().small);
                ImGui::Indent();
                ImGui::TextDisabled("%s", v.summary);
                ImGui::Unindent();
                ImGui::PopFont();
                ImGui::PopID();
            }
        }
        ImGui::EndCombo();
    }
    if (cur) {
        // The whole title when the box cuts it.
        const float box = ImGui::GetItemRectSize().x - ImGui::GetFrameHeight();
        if (ImGui::CalcTextSize(preview.c_str()).x > box - ImGui::GetStyle().FramePadding.x * 2)
            ImGui::TextWrapped("%s", preview.c_str());
        ImGui::PushFont(fonts().small);
        text_wrapped_colored(palette().text_dim, cur->summary);
        ImGui::PopFont();
    }
    return f;
}

template <class T>
void choice(const char* name, const char* id, T& value,
            std::initializer_list<std::pair<T, const char*>> items) {
    label(name);
    const char* preview = "";
    for (const auto& it : items)
        if (it.first == value) preview = it.second;
    if (ImGui::BeginCombo(id, preview)) {
        for (const auto& it : items)
            if (ImGui::Selectable(it.second, it.first == value)) value = it.first;
        ImGui::EndCombo();
    }
}

// Any number may be typed (the request check refuses, in one line under the controls, what
// the algorithm does not take); the list beside it offers the sizes its block rule suggests.
RequestForm block_control(RequestForm f) {
    const VariantInfo* v = find_variant(f.algo);
    const BlockRule rule = v ? v->block_rule : BlockRule::PowerOfTwo32To1024;
    label("Block");
    const float list_w = ImGui::GetFrameHeight();
    ImGui::SetNextItemWidth(
        std::max(ImGui::GetContentRegionAvail().x - list_w - ImGui::GetStyle().ItemSpacing.x,
                 ImGui::GetFontSize() * 3));
    ImGui::InputScalar("##block", ImGuiDataType_U32, &f.block, nullptr, nullptr, "%u",
                       ImGuiInputTextFlags_CharsDecimal);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("threads per block: %s", block_rule_text(rule));
    ImGui::SameLine();
    if (ImGui::BeginCombo("##blocklist", nullptr, ImGuiComboFlags_NoPreview)) {
        for (unsigned b : block_presets(rule))
            if (ImGui::Selectable(std::to_string(b).c_str(), b == f.block)) f.block = b;
        ImGui::EndCombo();
    }
    return f;
}

// Prefix sums only: inclusive or exclusive (a reduction, a compaction or a memory kernel has
// no kind, so it goes back to inclusive).
RequestForm kind_control(RequestForm f) {
    const VariantInfo* v = find_variant(f.algo);
    if (!v || v->family != Family::Scan || !has_scan_kind(v->scan_op)) {
        f.kind = trace::ScanKind::Inclusive;
        return f;
    }
    choice<trace::ScanKind>(
        "Kind", "##kind", f.kind,
        {{trace::ScanKind::Inclusive, "inclusive"}, {trace::ScanKind::Exclusive, "exclusive"}});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "inclusive: y[i] = x[0] + ... + x[i]\nexclusive: y[i] = x[0] + ... + x[i-1], "
            "y[0] = 0\n%s computes the %s scan; the other kind is converted at the end",
            v->title, trace::scan_kind_name(v->natural_kind));
    return f;
}

// copy-strided only: elements between neighbouring lanes (the others go back to 1).
RequestForm stride_control(RequestForm f) {
    const VariantInfo* v = find_variant(f.algo);
    if (!v || !v->takes_stride) {
        f.stride = 1;
        return f;
    }
    label("Stride");
    int stride = static_cast<int>(f.stride);
    ImGui::SliderInt("##stride", &stride, memory::kMinStride, memory::kMaxStride, "%d",
                     ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", memory::kStrideHelp);
    f.stride = static_cast<std::uint32_t>(stride);
    return f;
}

// When the copy engine lands a bulk copy, for a kernel that loads its stages with it (a tile of
// fixed bytes: scan-pipeline's): prompt, K steps later, only when every warp waits, at random.
void copies_control(sim::Schedule& s, const std::string& algo) {
    const VariantInfo* v = find_variant(algo);
    if (!v || !v->tile_bytes) return;
    using Policy = sim::CopyPolicy;
    choice<Policy>("Copies", "##copies", s.copies,
                   {{Policy::Prompt, "prompt"},
                    {Policy::Delay, "delayed"},
                    {Policy::Lazy, "lazy"},
                    {Policy::Random, "random"}});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "When the copy engine finishes a bulk copy (a GPU decides; no program sees it)."
            "\nprompt: before the block's next step\ndelayed: K steps after it was issued"
            "\nlazy: only when every warp that could run is waiting (a consumer waits on a "
            "loading stage)\nrandom: at random and out of order");
    if (s.copies == Policy::Delay) {
        label("  steps");
        int k = static_cast<int>(std::max(1u, s.copy_delay));
        ImGui::SliderInt("##copydelay", &k, 1, 64, "%d", ImGuiSliderFlags_AlwaysClamp);
        s.copy_delay = static_cast<unsigned>(k);
    }
    if (s.copies == Policy::Random) {
        label("  seed");
        ImGui::InputScalar("##copyseed", ImGuiDataType_U64, &s.copy_seed);
    }
}

// The schedule: the threads' policy (with its seed), the order blocks start in and how many run
// at once, when copies land (a kernel with bulk copies), and the threads a race search sent
// ahead (kept until cleared). One text underneath, sim::Schedule's.
RequestForm schedule_control(RequestForm f, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    sim::Schedule s = sim::Schedule::parse(f.schedule).value_or(sim::Schedule{});
    using Kind = sim::Schedule::Kind;
    choice<Kind>("Schedule", "##schedule", s.kind,
                 {{Kind::Lockstep, "lockstep"},
                  {Kind::Sequential, "sequential"},
                  {Kind::Random, "random"},
                  {Kind::Converged, "converged"}});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "lockstep: every lane of a warp does its k-th shared access before any "
            "does its (k+1)-th (the pre-Volta picture of memory accesses; spin loops "
            "as since Volta)\nsequential: one lane runs "
            "to its next sync before the next starts (adversarial)\nrandom: a "
            "seeded shuffle\nconverged: lockstep without independent thread scheduling "
            "(before Volta): a lane that leaves a spin loop waits for its whole warp");
    if (s.kind == Kind::Random) {
        label("  seed");
        ImGui::InputScalar("##schedseed", ImGuiDataType_U64, &s.seed);
    }
    if (s.kind != Kind::Lockstep && s.kind != Kind::Converged) s.ahead.clear();
    using Order = sim::BlockOrder;
    choice<Order>(
        "Blocks", "##blockorder", s.blocks,
        {{Order::InOrder, "in order"}, {Order::Reverse, "reverse"}, {Order::Random, "random"}});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The order blocks start in. Nothing in CUDA promises one: a kernel "
            "whose block waits for an earlier block may wait for ever.");
    if (s.blocks == Order::Random) {
        label("  seed");
        ImGui::InputScalar("##blockseed", ImGuiDataType_U64, &s.block_seed);
    }
    label("Resident");
    int resident = static_cast<int>(s.resident);
    ImGui::SliderInt("##resident", &resident, 1, static_cast<int>(sim::Schedule::kMaxResident),
                     "%d blocks", ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Blocks that run at once: the room a GPU has for them. 1: one block "
            "after another.");
    s.resident = static_cast<unsigned>(resident);
    copies_control(s, f.algo);
    if (!s.ahead.empty()) {
        std::string ahead;
        for (const sim::RunAhead& a : s.ahead)
            ahead += (ahead.empty() ? "" : "; ") + run::run_ahead_text(a);
        ImGui::PushFont(fonts().small);
        text_wrapped_colored(palette().text_dim, "ahead: " + ahead);
        ImGui::PopFont();
        if (ImGui::SmallButton("back to lockstep")) s.ahead.clear();
    }
    f.schedule = s.name();
    ImGui::BeginDisabled(ui.race.running);
    if (ImGui::Button(ui.race.running ? "Searching\xe2\x80\xa6" : "Find a race"))
        ctx.post(act::FindRace{});
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip(
            "Runs block 0 under schedules with a few threads sent ahead, keeps one "
            "that changes the result, shrinks it, and tells the story (warpscope "
            "race)");
    return f;
}

// The input pattern; keep:P has a slider for P (how many elements a compaction keeps).
RequestForm pattern_control(RequestForm f) {
    const int keep = run::keep_percent(f.pattern);
    std::string kind = keep >= 0 ? "keep" : f.pattern;
    choice<std::string>("Pattern", "##pattern", kind,
                        {{"ramp", "ramp: i mod 256"},
                         {"random", "random"},
                         {"ones", "ones"},
                         {"keep", "keep: P% > 0"}});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", run::kKeepPatternHelp);
    if (kind == "keep") {
        int percent = keep >= 0 ? keep : 50;
        label("  kept %");
        ImGui::SliderInt("##keep", &percent, 0, 100, "%d%%");
        f.pattern = run::keep_pattern(percent);
    } else {
        f.pattern = kind;
    }
    if (kind == "random" || kind == "keep") {
        label("  seed");
        ImGui::InputScalar("##seed", ImGuiDataType_U64, &f.seed);
    }
    return f;
}

void request_controls(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    // The form is edited as a copy; a change is posted (act::EditForm) for the session to run.
    RequestForm f = ui.form;
    f = algorithm_combo(f);
    // A switch of variant: n and block move to what it takes and shows, and the note says so.
    std::string note;
    if (f.algo != ui.form.algo) note = adopt_variant_rules(f);
    label("n");
    ImGui::InputTextWithHint("##n", "64, 2^10, 2^20+3", &f.n);
    f = block_control(f);
    choice<trace::DType>("Type", "##type", f.type,
                         {{trace::DType::Int32, "int"},
                          {trace::DType::Float32, "float"},
                          {trace::DType::Float64, "double"}});
    f = kind_control(f);
    f = stride_control(f);
    f = pattern_control(f);
    if (!ui.replayed_from.empty() && v.trace) {
        // A replayed trace: where it was recorded, and where the next run will go.
        ImGui::PushFont(fonts().small);
        text_wrapped_colored(palette().text_dim,
                             "shown: " + provenance(*v.trace, ui.replayed_from));
        ImGui::PopFont();
    }
    if (ui.gpu_name.empty()) {
        f.gpu = false;
        label(ui.replayed_from.empty() ? "Backend" : "Next run");
        ImGui::TextUnformatted("CPU emulator");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("No GPU backend in this build or on this machine.");
    } else {
        choice<bool>("Backend", "##backend", f.gpu,
                     {{false, "CPU emulator"}, {true, ui.gpu_name.c_str()}});
    }
    if (!f.gpu) f = schedule_control(f, ctx);
    label("Block #");
    int traced = static_cast<int>(f.traced_block);
    if (ImGui::InputInt("##traced", &traced))
        f.traced_block = static_cast<std::uint32_t>(std::max(traced, 0));
    if (v.trace && v.trace->grid > 0)
        ImGui::TextDisabled("traced block; the first pass has %u", v.trace->grid);
    if (f != ui.form) ctx.post(act::EditForm{f, note});
    if (!ui.runs.form_error.empty())
        text_wrapped_colored(palette().disagree, "\xe2\x9a\xa0 " + ui.runs.form_error);
    if (ui.runs.slow_run_pending) {
        text_wrapped_colored(palette().text_dim,
                             "This many elements take the emulator about " +
                                 std::to_string(int(ui.runs.slow_run_seconds + 0.5)) + " s.");
        if (ImGui::Button("Run it")) {
            ctx.post(act::RunForm{true});
        }
    }
}

void result_lines(const TraceView& v, const UiState& ui) {
    const Palette& p = palette();
    if (ui.runs.running) ImGui::Text("running\xe2\x80\xa6 %.1f s", ui.runs.running_seconds);
    if (!v.trace) return;
    const trace::Trace& t = *v.trace;
    if (!t.blocks.empty()) ImGui::TextWrapped("%s", run::result_line(t).c_str());
    if (const std::string avg = run::average_line(t); !avg.empty())
        ImGui::TextWrapped("%s", avg.c_str());
    ImGui::PushFont(fonts().small);
    text_wrapped_colored(p.text_dim, provenance(t, ui.replayed_from));
    if (!ui.note.empty()) text_wrapped_colored(p.text_dim, ui.note);
    ImGui::PopFont();
}

void display_controls(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    std::string theme = ui.theme;
    choice<std::string>("Theme", "##theme", theme, {{"dark", "dark"}, {"light", "light"}});
    bool presentation = ui.presentation;
    ImGui::Checkbox("Presentation (P)", &presentation);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Larger text, high contrast, and the controls folded away "
            "(the Controls button brings them back)");
    label("Text size");
    // The fonts are rebuilt when the slider is let go, not at every pixel of the drag.
    float scale = ui.font_scale;
    ImGui::SliderFloat("##scale", &scale, 0.75f, 2.5f, "%.2fx");
    if (scale != ui.font_scale) ctx.post(act::SetFontScale{scale});
    if (ImGui::IsItemDeactivatedAfterEdit()) ctx.post(act::Restyle{});
    if (theme != ui.theme) ctx.post(act::SetTheme{theme});
    // As P: the controls fold away with it (and come back without it).
    if (presentation != ui.presentation) ctx.post(act::TogglePresentation{});
}

// A step range of the same picture as an animated GIF or a PNG per step; while one is being
// written, its progress and Cancel (Esc).
void frames_controls(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const FramesExport& f = ui.files.frames;
    if (f.active) {
        if (f.capturing) return;  // not in the pictures being made
        const std::string done = std::to_string(f.done) + " / " + std::to_string(f.total);
        ImGui::ProgressBar(f.progress(), ImVec2(-1, 0), done.c_str());
        // On the click, not the release: the export draws frames of its own between ours.
        ImGui::Button("Cancel (Esc)");
        if (ImGui::IsItemClicked()) ctx.post(act::CancelFrames{});
        return;
    }
    const long last = long(v.step_count()) - 1;
    label("Steps");
    int range[2] = {int(f.from), int(f.to < 0 ? last : f.to)};
    if (ImGui::InputInt2("##steprange", range)) {
        const long from = std::clamp<long>(range[0], 0, std::max(last, 0L));
        const long to = std::clamp<long>(range[1], from, std::max(last, 0L));
        ctx.post(act::SetFramesRange{from, to == last ? -1 : to});  // -1: the last as runs change
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("the first and last step of the GIF or PNGs (0..%ld)", last);
    const bool can = v.step_count() > 0;
    if (!can) ImGui::BeginDisabled();
    if (ImGui::Button("GIF of the steps")) ctx.post(act::StartFrames{FramesKind::Gif});
    ImGui::SameLine();
    if (ImGui::Button("PNG per step")) ctx.post(act::StartFrames{FramesKind::Pngs});
    if (!can) ImGui::EndDisabled();
}

// A picture of the window or of one panel, as it is on screen now.
void picture_controls(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    // Edited as a copy; a change is posted to the files feature.
    act::SetExport e{ui.files.export_panel, ui.files.export_folder, ui.files.export_name};
    label("Picture");
    const std::string shown = e.panel ? panel_title(*e.panel) : std::string("whole window");
    if (ImGui::BeginCombo("##exportpanel", shown.c_str())) {
        if (ImGui::Selectable("whole window", !e.panel)) e.panel.reset();
        for (PanelId p : kAllPanels)
            if (ImGui::Selectable(panel_title(p), e.panel == p)) e.panel = p;
        ImGui::EndCombo();
    }
    label("Folder");
    ImGui::InputText("##exportfolder", &e.folder);
    label("Name");
    const std::string suggested =
        default_png_name(v, v.clamp(static_cast<long>(ui.step())), e.panel);
    ImGui::InputTextWithHint("##exportname", suggested.c_str(), &e.name);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("left empty: %s (from the algorithm, the step and the panel)",
                          suggested.c_str());
    if (e.panel != ui.files.export_panel || e.folder != ui.files.export_folder ||
        e.name != ui.files.export_name)
        ctx.post(std::move(e));
    if (ImGui::Button("Export PNG")) ctx.post(act::ExportPng{});
    frames_controls(v, ctx);
}

// "Copy link": the state as a warpscope:// link (or the command) on the clipboard.
void link_controls(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    if (ImGui::Button("Copy link (L)")) ctx.post(act::CopyLink{});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "a warpscope:// link that reopens this request, step, view, panel and presentation "
            "mode (warpscope LINK)");
    ImGui::SameLine();
    if (ImGui::Button("Copy command")) ctx.post(act::CopyLink{true});
    if (ui.files.link_copied.empty()) return;
    ImGui::PushFont(fonts().small);
    text_wrapped_colored(palette().text_dim, "copied: " + ui.files.link_copied);
    ImGui::PopFont();
}

void file_controls(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    label("File");
    std::string path = ui.files.path;
    ImGui::InputText("##path", &path);
    if (path != ui.files.path) ctx.post(act::SetTracePath{path});
    if (ImGui::Button("Open trace")) ctx.post(act::OpenTrace{});
    ImGui::SameLine();
    if (ImGui::Button("Save trace")) ctx.post(act::SaveTrace{});
    ImGui::TextUnformatted("Stats:");
    ImGui::SameLine();
    if (ImGui::Button("CSV")) ctx.post(act::ExportStats{false});
    ImGui::SameLine();
    if (ImGui::Button("JSON")) ctx.post(act::ExportStats{true});
    ImGui::Separator();
    picture_controls(v, ctx);
    ImGui::Separator();
    link_controls(ctx);
    if (!ui.files.message.empty()) {
        ImGui::PushFont(fonts().small);
        text_wrapped_colored(palette().text_dim, ui.files.message);
        ImGui::PopFont();
    }
}

// The lessons (ui/widgets/lesson_list.hpp); opened and scrolled to once each time the list is
// asked for (Page Down with no lesson on, --show-lessons).
void lessons_section(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const bool asked = ctx.panels.lessons_shown != ui.lessons_asked;
    ctx.panels.lessons_shown = ui.lessons_asked;
    if (asked) ImGui::SetNextItemOpen(true);
    const bool open = ImGui::CollapsingHeader("Lessons", ImGuiTreeNodeFlags_DefaultOpen);
    if (asked) ImGui::SetScrollHereY(0.0f);
    if (open) draw_lesson_list(ctx);
}

}  // namespace

void draw_controls(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    request_controls(v, ctx);
    ImGui::Separator();
    result_lines(v, ui);
    ImGui::Separator();
    if (ImGui::CollapsingHeader("Display", ImGuiTreeNodeFlags_DefaultOpen)) display_controls(ctx);
    lessons_section(ctx);
    if (ImGui::CollapsingHeader("Files")) file_controls(v, ctx);
}

}  // namespace ws::ui
