// Your kernel (issue 19): write a reduction in the vocabulary, from a template or as a copy of
// the catalog kernel chosen in the controls, save it and run it (F5) on the emulator in a
// sandboxed child (kernels/user); its trace then fills every panel, and the lines the current
// step ran are marked in the gutter as the Code panel highlights them. A compile error marks its
// line; every other ending is the one line run-kernel prints.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>
#include <utility>
#include <vector>

#include "kernels/io/data_root.hpp"
#include "ui/fonts.hpp"
#include "ui/panels/panels.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/code_editor.hpp"
#include "ui/widgets/draw.hpp"

namespace ws::ui {
namespace {

// SameLine when a button labelled `next` still fits on this line, so the toolbar wraps in a
// narrow panel (large text, a projector) instead of running off its edge.
void same_line_if_fits(const char* next) {
    const float w = ImGui::CalcTextSize(next).x + ImGui::GetStyle().FramePadding.x * 2;
    const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

// The puzzles of assets/puzzles, to open one (its start kernel, statement, hint and request).
void puzzle_picker(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const EditorState& e = ui.editor;
    ImGui::SetNextItemWidth(-1);
    const std::string shown = e.puzzle_file.empty() ? "Puzzles\xe2\x80\xa6" : e.puzzle_title;
    if (!ImGui::BeginCombo("##puzzle", shown.c_str())) return;
    for (const auto& [file, title] : ui.editor.puzzles)
        if (ImGui::Selectable(title.c_str(), file == e.puzzle_file)) {
            ctx.post(act::OpenPuzzle{file});
        }
    ImGui::EndCombo();
}

// The open puzzle: its statement, its hint on demand, Grade and the verdicts.
void puzzle_box(PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const EditorState& e = ui.editor;
    if (e.puzzle_file.empty()) return;
    const Palette& p = palette();
    // The statement folds away (its header stays), leaving the code the panel's height.
    if (ImGui::CollapsingHeader(("Statement##" + e.puzzle_file).c_str(),
                                ImGuiTreeNodeFlags_DefaultOpen))
        ImGui::TextWrapped("%s", e.puzzle_statement.c_str());
    if (ImGui::SmallButton(e.hint_shown ? "hide the hint" : "hint")) ctx.post(act::ToggleHint{});
    ImGui::SameLine();
    if (e.grading) ImGui::BeginDisabled();
    if (ImGui::SmallButton("Grade")) ctx.post(act::GradeKernel{});
    if (e.grading) ImGui::EndDisabled();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("saves the text and runs the puzzle's checks (run-kernel --puzzle)");
    if (e.hint_shown) text_wrapped_colored(p.text_dim, "Hint: " + e.puzzle_hint);
    for (std::size_t i = 0; i < e.grade_lines.size(); ++i) {
        const std::string& line = e.grade_lines[i];
        const bool last = i + 1 == e.grade_lines.size();
        const ImU32 colour = line.rfind("PASS", 0) == 0 || (last && e.solved) ? p.agree
                             : line.rfind("FAIL", 0) == 0 || last             ? p.disagree
                                                                              : p.text;
        text_wrapped_colored(e.grading ? p.text_dim : colour, line);
    }
    if (!e.grade_note.empty()) text_wrapped_colored(p.text_dim, e.grade_note);
    ImGui::Separator();
}

void toolbar(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const EditorState& e = ui.editor;
    puzzle_picker(ctx);
    if (ImGui::Button("Template"))
        ctx.post(act::LoadKernel{io::data_root() + "/assets/kernels/template-reduce.cu"});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("start from a reduction in warpscope's vocabulary, its loop to write");
    same_line_if_fits("Plain CUDA");
    if (ImGui::Button("Plain CUDA"))
        ctx.post(act::LoadKernel{io::data_root() + "/assets/kernels/template-plain-reduce.cu"});
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "start from a reduction in plain CUDA (__shared__, __syncthreads), its loop to write");
    // No copy of the catalog's kernel while a puzzle is open: it would hand the answer over.
    const std::string copy = "Copy of " + ui.form.algo;
    if (e.puzzle_file.empty()) same_line_if_fits(copy.c_str());
    if (e.puzzle_file.empty() && ImGui::Button(copy.c_str())) ctx.post(act::CopyKernel{});
    same_line_if_fits("Load");
    if (ImGui::Button("Load")) ctx.post(act::LoadKernel{e.path});
    const bool can_run = !e.running && (e.loaded || !e.path.empty());
    const char* run_label = e.running ? "running\xe2\x80\xa6" : "Save and run (F5)";
    same_line_if_fits(run_label);
    if (!can_run) ImGui::BeginDisabled();
    if (ImGui::Button(run_label)) ctx.post(act::RunKernel{});
    if (!can_run) ImGui::EndDisabled();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "saves the text as the file below and runs it with the controls' n, block, type "
            "and data (warpscope run-kernel): on the emulator, or with the controls' GPU "
            "chosen on the GPU (NVRTC), timed, and its trace crosschecked against the "
            "emulator's");
    ImGui::SetNextItemWidth(-1);
    std::string path = e.path;
    ImGui::InputTextWithHint("##kernelpath", "file to save and run", &path);
    if (path != e.path) ctx.post(act::SetKernelPath{path});
    (void)v;
}

}  // namespace

void draw_editor(const TraceView& v, PanelContext& ctx) {
    const UiState& ui = ctx.ui;
    const EditorState& e = ui.editor;
    const Palette& p = palette();
    toolbar(v, ctx);
    puzzle_box(ctx);
    if (!e.message.empty()) {
        ImGui::PushFont(fonts().small);
        text_wrapped_colored(e.message_is_error ? p.disagree : p.text_dim, e.message);
        ImGui::PopFont();
    }
    if (!e.loaded) {
        text_wrapped_colored(p.text_dim,
                             "Write your own reduction: start from the Template, the Plain CUDA "
                             "template or a Copy of the algorithm chosen in the controls, then "
                             "Save and run (F5).");
        return;
    }
    EditorMarks marks;
    marks.error_line = e.error_line;
    const std::size_t step = v.clamp(long(ui.step()));
    if (!v.empty() && v.trace && e.shown_file == e.path) {
        for (const LineActivity& l : v.steps[step].lines) marks.step_lines.push_back(l.line);
        // Follow the step, as the Code panel does.
        if (ctx.panels.editor_followed_step != step && !marks.step_lines.empty())
            marks.show_line = marks.step_lines.front();
        ctx.panels.editor_followed_step = step;
    }
    if (e.error_line > 0 && ctx.panels.editor_followed_error != e.error_line)
        marks.show_line = e.error_line;
    ctx.panels.editor_followed_error = e.error_line;
    ImGui::PushFont(fonts().mono);
    ctx.panels.editor_lines_in_view =
        (ImGui::GetContentRegionAvail().y - 2 * ImGui::GetStyle().FramePadding.y) /
        ImGui::GetTextLineHeight();
    ImGui::PopFont();
    // The text is edited as a copy: a change goes to the editor's feature (act::KernelEdited).
    std::string text = e.text;
    if (draw_code_editor("##kernel", text, marks, {0, 0})) ctx.post(act::KernelEdited{text});
}

}  // namespace ws::ui
