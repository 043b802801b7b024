// A failed run marks the trace it leaves on show as the last good one (the header says why in
// one line, the trace panels draw greyed) until a run succeeds: the mark as plain data, then
// through the session with a request the controls cannot run and a kernel that does not
// compile, and the greyed palette a panel draws with.
#include <catch2/catch.hpp>

#include <imgui.h>

#include <filesystem>
#include <string>

#include "kernels/io/data_file.hpp"
#include "kernels/user/toolchain.hpp"
#include "tests/test_paths.hpp"
#include "tests/ui/headless_imgui.hpp"
#include "ui/model/window/stale_view.hpp"
#include "ui/session.hpp"
#include "ui/widgets/stale_dim.hpp"

using namespace ws;
using namespace ws::ui;

TEST_CASE("a failed run marks the view stale in one line, a run shown clears it", "[stale]") {
    StaleView s;
    CHECK_FALSE(s.stale());
    CHECK(stale_banner(s).empty());
    mark_run_failed(s,
                    "\n  k.cu: in function 'kernel':\nk.cu:7:17: error: expected ';' before "
                    "'block_sync'\n    7 |     s[t] = T(0) block_sync(probe);\n",
                    true);
    CHECK(s.stale());
    CHECK(s.failure == "k.cu:7:17: error: expected ';' before 'block_sync'");
    CHECK(stale_banner(s) ==
          "This is the last good run: k.cu:7:17: error: expected ';' before 'block_sync'");
    mark_run_shown(s);
    CHECK_FALSE(s.stale());
    CHECK(stale_banner(s).empty());
    // Nothing on show: no last good run to mark.
    mark_run_failed(s, "boom", false);
    CHECK_FALSE(s.stale());
    // Without a line naming an error, the first with words; with none, a line of its own.
    CHECK(failure_line("\n  --n abc: not a count  \nmore") == "--n abc: not a count");
    CHECK(failure_line(" \n") == "the run failed");
}

TEST_CASE("a request the controls cannot run leaves the last good run on show, marked",
          "[stale][session]") {
    Session s(false);
    s.run_form();
    REQUIRE(s.view().trace);
    const auto* good = s.view().trace.get();
    CHECK_FALSE(s.ui.stale.stale());
    s.ui.form.n = "abc";
    s.post(act::RunForm{});
    s.update();
    CHECK(s.view().trace.get() == good);  // kept on show
    REQUIRE(s.ui.stale.stale());
    CHECK(s.ui.stale.failure == s.ui.runs.form_error);
    CHECK(stale_banner(s.ui.stale).rfind("This is the last good run: --n abc", 0) == 0);
    s.ui.form.n = "128";
    s.post(act::RunForm{});
    s.update();
    CHECK_FALSE(s.ui.stale.stale());
    REQUIRE(s.view().trace);
    CHECK(s.view().trace->request.n == 128);
}

TEST_CASE("a kernel that does not compile marks the last good run until one runs",
          "[stale][session][editor]") {
    const std::string dir = std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/";
    const auto text = [&](const char* file) {
        std::string error;
        const std::string t = io::read_data_file(dir + file, io::DataKind::KernelFile, error);
        REQUIRE(error.empty());
        return t;
    };
    user::use_child_program(WS_BINARY);  // the children are warpscope's, not this test program's
    Session s(false);
    s.run_form();
    REQUIRE(s.view().trace);
    const auto* good = s.view().trace.get();
    s.ui.editor.loaded = true;
    s.ui.editor.path =
        (std::filesystem::temp_directory_path() / "warpscope-stale-test.cu").string();
    s.ui.editor.text = text("syntax_error.cu");
    s.post(act::RunKernel{});
    s.update();
    CHECK(s.ui.editor.message_is_error);
    CHECK(s.view().trace.get() == good);
    REQUIRE(s.ui.stale.stale());
    CHECK(s.ui.stale.failure.find("error") != std::string::npos);
    CHECK(s.ui.stale.failure.find('\n') == std::string::npos);
    s.ui.editor.text = text("reduce_sequential.cu");
    s.post(act::RunKernel{});
    s.update();
    INFO(s.ui.editor.message);
    CHECK_FALSE(s.ui.editor.message_is_error);
    CHECK(s.view().trace.get() != good);
    CHECK_FALSE(s.ui.stale.stale());
    std::filesystem::remove(s.ui.editor.path);
}

TEST_CASE("a trace panel draws with the greyed palette while the view is stale", "[stale]") {
    testing::HeadlessImGui gui;
    ImGui::GetIO().DisplaySize = {400, 300};
    ImGui::NewFrame();
    const Palette before = palette();
    UiState ui;
    {
        const StaleDim fresh(ui);
        CHECK(palette().written == before.written);
        CHECK(ImGui::GetStyle().Alpha == 1.0f);
    }
    ui.stale.failure = "k.cu:7: error: expected ';'";
    {
        const StaleDim dim(ui);
        CHECK(palette().written != before.written);
        CHECK(palette().text != before.text);
        CHECK(palette().panel_bg == before.panel_bg);
        CHECK(palette().current_fill >> IM_COL32_A_SHIFT ==
              before.current_fill >> IM_COL32_A_SHIFT);  // its own alpha kept
        CHECK(ImGui::GetStyle().Alpha < 1.0f);
    }
    CHECK(palette().written == before.written);
    CHECK(ImGui::GetStyle().Alpha == 1.0f);
    ImGui::Render();
}
