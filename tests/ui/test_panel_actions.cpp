// What the panels post instead of writing the state (issue 55): each action is applied by the
// feature that owns the field, or by the window for the hub's, once the session drains it.
#include <catch2/catch.hpp>

#include <vector>

#include "ui/session.hpp"
#include "ui/window_actions.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("the controls' edit of the form runs it once, with the note of a new algorithm",
          "[session]") {
    Session s(false);
    s.run_form();
    // A form that is no request: kept and explained, the note shown, nothing run.
    RequestForm f = s.ui.form;
    f.algo = "reduce-sequential";
    f.block = 48;
    s.post(act::EditForm{f, "n and block follow the algorithm"});
    s.update();
    CHECK(s.ui.form == f);
    CHECK(s.ui.note == "n and block follow the algorithm");
    CHECK_FALSE(s.ui.runs.form_error.empty());
    // A request: run.
    f.n = "300";
    f.block = 64;
    s.post(act::EditForm{f, ""});
    s.update();
    CHECK(s.ui.form == f);
    CHECK(s.ui.runs.form_error.empty());
    REQUIRE(s.view().trace);
    CHECK(s.view().trace->request.algo == "reduce-sequential");
    CHECK(s.view().trace->request.n == 300);
    // The same form again (a picture's frames post it until it is drained): nothing runs.
    const TraceView* shown = &s.view();
    s.post(act::EditForm{f, ""});
    s.update();
    CHECK(&s.view() == shown);
}

TEST_CASE("the window applies its own: the view, the cursor, the tabs, the banner, the look",
          "[session]") {
    UiState ui;
    std::vector<Action> for_window;
    CHECK(apply_window_action(ui, act::ShowView{View::Lab}, 10, for_window));
    CHECK(ui.view == View::Lab);
    CHECK(apply_window_action(ui, act::StepAt{4}, 10, for_window));
    CHECK(ui.step() == 4);
    CHECK(apply_window_action(ui, act::StepAt{40}, 10, for_window));
    CHECK(ui.step() == 9);  // held to the steps there are
    CHECK(apply_window_action(ui, act::BringToFront{PanelId::Sass}, 10, for_window));
    REQUIRE_FALSE(ui.recent_tabs.empty());
    CHECK(ui.recent_tabs.front() == PanelId::Sass);
    ui.banner = "a failed run";
    CHECK(apply_window_action(ui, act::DismissBanner{}, 10, for_window));
    CHECK(ui.banner.empty());
    CHECK(apply_window_action(ui, act::SetSpeed{4.0}, 10, for_window));
    CHECK(ui.speed == 4.0);
    CHECK(apply_window_action(ui, act::SetFontScale{1.5f}, 10, for_window));
    CHECK(ui.font_scale == 1.5f);
    CHECK(for_window.empty());  // a new text size restyles once the slider is let go
    CHECK(apply_window_action(ui, act::SetTheme{"light"}, 10, for_window));
    CHECK(ui.theme == "light");
    REQUIRE(for_window.size() == 1);
    CHECK(is<act::Restyle>(for_window.front()));
    // The help's close box closes it; only Esc also cancels an export.
    for_window.clear();
    ui.files.frames.active = true;
    ui.help_open = true;
    CHECK(apply_window_action(ui, act::CloseHelp{false}, 10, for_window));
    CHECK_FALSE(ui.help_open);
    CHECK(for_window.empty());
    CHECK(apply_window_action(ui, act::CloseHelp{}, 10, for_window));
    REQUIRE(for_window.size() == 1);
    CHECK(is<act::CancelFrames>(for_window.front()));
    CHECK_FALSE(apply_window_action(ui, act::SetLabType{"float"}, 10, for_window));
}

TEST_CASE("the lab's, the ring's, compare's and the files' choices go to their features",
          "[session]") {
    Session s(false);
    s.post(act::SetLabType{"double"});
    s.post(act::SetLabFamily{LabLines::MultiGpu});  // opens on floats
    s.post(act::ShowLabLine{"cub", false});
    s.post(act::SetSweepRange{12, 20});
    s.post(act::SetLabFits{true});
    s.update();
    CHECK(s.ui.lab.type == "float");
    CHECK(s.ui.lab.lines == LabLines::MultiGpu);
    CHECK(s.ui.lab.multi_gpu_fits);
    CHECK(s.ui.lab.sweep_from == 12);
    CHECK(s.ui.lab.sweep_to == 20);
    const auto hidden = [&](const std::string& algo) {
        return std::find(s.ui.lab.hidden.begin(), s.ui.lab.hidden.end(), algo) !=
               s.ui.lab.hidden.end();
    };
    CHECK(hidden("cub"));
    s.post(act::ShowLabLine{"cub", true});
    s.post(act::ChooseLabFile{0, "reduce-sequential"});
    s.update();
    CHECK_FALSE(hidden("cub"));
    CHECK(s.ui.lab.file == 0);
    CHECK(s.ui.lab.file_chosen_for == "reduce-sequential");

    s.post(act::SetRing{6, true, 1u << 20});
    s.update();
    CHECK(s.ui.ring.gpus == 6);
    CHECK(s.ui.ring.naive);
    REQUIRE(s.ui.ring.run);
    CHECK(s.ui.ring.run->plan.gpus == 6);

    s.post(act::SetCompareN{std::uint64_t(1) << 24});
    s.post(act::SetSideBySide{true});
    s.update();
    CHECK(s.ui.runs.compare_n == std::uint64_t(1) << 24);
    CHECK(s.ui.circuit_side_by_side);
    CHECK(s.ui.runs.circuits[0]);  // run at once (a synchronous session)

    s.post(act::SetTracePath{"elsewhere.wstrace"});
    s.post(act::SetExport{PanelId::Banks, "pictures", "banks"});
    s.post(act::SetFramesRange{2, -1});
    s.update();
    CHECK(s.ui.files.path == "elsewhere.wstrace");
    CHECK(s.ui.files.export_panel == PanelId::Banks);
    CHECK(s.ui.files.export_folder == "pictures");
    CHECK(s.ui.files.export_name == "banks");
    CHECK(s.ui.files.frames.from == 2);
    CHECK(s.ui.files.frames.to == -1);
}

TEST_CASE("the editor's text, path, hint and loads are the editor feature's", "[editor]") {
    Session s(false);
    s.post(act::SetKernelPath{"mine.cu"});
    s.post(act::KernelEdited{"// my kernel"});
    s.post(act::ToggleHint{});
    s.update();
    CHECK(s.ui.editor.path == "mine.cu");
    CHECK(s.ui.editor.text == "// my kernel");
    CHECK(s.ui.editor.hint_shown);
    s.post(act::LoadKernel{"/no/such/kernel.cu"});
    s.update();
    CHECK(s.ui.editor.message_is_error);
    CHECK(s.ui.editor.text == "// my kernel");  // kept
    s.ui.form.algo = "reduce-sequential";
    s.post(act::CopyKernel{});
    s.update();
    CHECK_FALSE(s.ui.editor.message_is_error);
    CHECK(s.ui.editor.loaded);
    CHECK(s.ui.editor.text.find("kernel") != std::string::npos);
}
