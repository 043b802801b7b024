// [gpu] The window drawn on the GPU, headless (issue 40): the frames of `warpscope --screenshot`
// through the headless renderer (ui/headless_gl.hpp), on the GPU machine's own EGL, with the
// window's GPU features on: a live sweep plotted in the lab while it runs, the GPU's own counts
// read live beside the trace's in the banks, warps and global-memory panels, a student's kernel
// run on the GPU from the editor. Each opens as the program does (the flags, a session that
// offers the GPU) and draws the panel. The runner (ui_test_main.cpp) skips these without a GPU.
#include <catch2/catch.hpp>

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kernels/run/backend.hpp"
#include "kernels/user/toolchain.hpp"
#include "tests/test_paths.hpp"
#include "ui/frame.hpp"
#include "ui/gui_context.hpp"
#include "ui/png.hpp"
#include "ui/session.hpp"
#include "ui/widgets/hardware_counts.hpp"
#include "ui/window_args.hpp"
#include "ui/window_setup.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

constexpr int kW = 1280, kH = 720;

// The program's flags, parsed as `warpscope FLAGS...` would.
WindowArgs flags(std::vector<std::string> words) {
    words.insert(words.begin(), "warpscope");
    std::vector<const char*> argv;
    for (const std::string& w : words) argv.push_back(w.c_str());
    ParsedArgs p = parse_window_args(int(argv.size()), argv.data());
    INFO(p.error);
    REQUIRE(p.error.empty());
    return p.args;
}

// A headless renderer with its framebuffer, as --screenshot opens them.
struct Screen {
    GuiContext gui;
    Offscreen fbo;
    explicit Screen(const Style& style = {}) {
        const std::string e = gui.open_headless(style);
        INFO(e);
        REQUIRE(e.empty());
        REQUIRE(fbo.create(kW, kH).empty());
    }
    // One frame of `layout`; the picture's pixels.
    std::vector<std::uint8_t> frame(Session& s, const Layout& layout) {
        gui.begin_offscreen_frame(kW, kH);
        s.follow_cursor();
        draw_frame(s.view(), s.ui, layout);
        fbo.bind();
        gui.render(kW, kH);
        return fbo.read_rgba();
    }
};

bool drawn(const std::vector<std::uint8_t>& rgba) {
    return !looks_blank(image_stats(rgba));
}

}  // namespace

TEST_CASE("the window's pictures are drawn by the GPU, with no display", "[gpu]") {
    Screen screen;
    INFO(screen.gui.renderer());
    CHECK(screen.gui.renderer().find("NVIDIA") != std::string::npos);
    CHECK(screen.gui.renderer().find("headless") != std::string::npos);
    Session s(false, true);
    REQUIRE(prepare(s, flags({"--backend", "cuda", "--algo", "reduce-sequential", "--n", "2048",
                              "--block", "1024", "--step", "2"})) == "");
    REQUIRE(s.view().trace);
    CHECK(s.view().trace->backend == "cuda");
    const Layout layout = compute_layout(s.ui.view, float(kW), float(kH), 1.0f);
    CHECK(drawn(screen.frame(s, layout)));
}

TEST_CASE("the lab plots its live sweep on the GPU while it runs, its progress shown", "[gpu]") {
    Screen screen;
    Session s(false, true);
    s.ui.lab.sweep_to = 16;  // 2^10..2^16: seconds, with many points
    REQUIRE(prepare(s, flags({"--sweep", "--lab-type", "float"})) == "");
    CHECK(s.ui.view == View::Lab);
    REQUIRE(s.ui.lab.sweep_available);
    // The sweep's own file, added to the recorded ones when it started, is on show.
    const std::size_t live = s.ui.lab.data->files.size() - 1;
    CHECK(s.ui.lab.file == live);
    CHECK(s.ui.lab.data->files[live].date == "now, measuring");
    const Layout layout = compute_layout(View::Lab, float(kW), float(kH), 1.0f);
    std::vector<double> fractions;
    int frames_while_running = 0;
    std::size_t points_plotted_while_running = 0;
    for (int i = 0; i < 100000 && s.ui.lab.sweep.running; ++i) {
        s.update();
        if (!s.ui.lab.sweep.running) break;
        ++frames_while_running;
        // The file on show is the sweep's, its points so far plotted.
        REQUIRE(s.ui.lab.file == live);
        points_plotted_while_running = s.ui.lab.data->files[s.ui.lab.file].points.size();
        if (fractions.empty() || fractions.back() != s.ui.lab.sweep.fraction)
            fractions.push_back(s.ui.lab.sweep.fraction);
        CHECK(drawn(screen.frame(s, layout)));
    }
    s.update();
    CHECK_FALSE(s.ui.lab.sweep.running);
    CHECK(s.ui.lab.sweep.error == "");
    CHECK(frames_while_running > 10);  // drawn while it ran, not only at the end
    CHECK(fractions.size() > 3);       // and its progress moved on screen
    CHECK(points_plotted_while_running > 0);
    CHECK(std::is_sorted(fractions.begin(), fractions.end()));
    // The lab shows the sweep's file: this GPU's, float, 2^10 to 2^16.
    REQUIRE(s.ui.lab.data->files.size() == live + 1);  // replaced by the result, not added
    CHECK(s.ui.lab.file == live);
    const MeasurementFile& f = s.ui.lab.data->files.back();
    CHECK(f.date != "now, measuring");  // the sweep's dated file
    CHECK(f.device == run::usable_gpu()->device());
    REQUIRE_FALSE(f.points.empty());
    for (const MeasuredPoint& p : f.points) {
        CHECK(p.type == "float");
        CHECK(p.gbps > 0);
        CHECK((p.n >= 1024 && p.n <= 65536));
    }
    CHECK(drawn(screen.frame(s, layout)));
}

TEST_CASE("the banks, warps and global-memory panels show the GPU's own counts, read live",
          "[gpu]") {
    Screen screen;
    Session s(false, true);
    // Not a recorded request (seed 3): the counts can only come from this run.
    REQUIRE(prepare(s, flags({"--backend", "cuda", "--algo", "reduce-interleaved-strided", "--n",
                              "256", "--block", "256", "--pattern", "random", "--seed", "3",
                              "--step", "2"})) == "");
    REQUIRE(s.view().trace);
    CHECK(s.view().trace->backend == "cuda");
    INFO(s.view().trace->hardware_error);
    REQUIRE(s.ui.hardware.live);
    CHECK(s.view().trace->device == run::usable_gpu()->device());
    CHECK(s.ui.hardware.source.find("counted now") != std::string::npos);
    struct PanelCounts {
        PanelId panel;
        const std::vector<const char*>* metrics;
    };
    for (const PanelCounts& p :
         {PanelCounts{PanelId::Banks, &kBankMetrics}, PanelCounts{PanelId::Warps, &kWarpMetrics},
          PanelCounts{PanelId::Global, &kGlobalMetrics}}) {
        INFO(panel_name(p.panel));
        bool agree = false;
        const std::string words = hardware_counts_text(s.ui.hardware, *p.metrics, agree);
        INFO(words);
        CHECK_FALSE(words.empty());
        CHECK(agree);  // the trace's counts equal the GPU's
        CHECK(drawn(screen.frame(s, single_panel_layout(p.panel, float(kW), float(kH)))));
    }
    const HardwareLine* ld = s.ui.hardware.find(kBankMetrics[0]);
    REQUIRE(ld);
    CHECK(ld->ours == 70);  // the strided tree: 2- to 16-way, 70 extra wavefronts a block
}

TEST_CASE("a student's kernel runs on the GPU from the editor", "[gpu]") {
    user::use_child_program(WS_BINARY);  // the children are warpscope's, not this test program's
    Screen screen;
    Session s(false, true);
    const std::string file =
        std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/reduce_sequential.cu";
    REQUIRE(prepare(s, flags({"--backend", "cuda", "--kernel", file, "--algo", "reduce-sequential",
                              "--n", "3000", "--block", "128", "--type", "float", "--pattern",
                              "random"})) == "");
    INFO(s.ui.editor.message);
    CHECK_FALSE(s.ui.editor.message_is_error);
    CHECK(s.ui.editor.shown_file == file);
    REQUIRE(s.view().trace);
    const trace::Trace& t = *s.view().trace;
    CHECK(t.backend == "cuda");
    CHECK(t.device == run::usable_gpu()->device());
    CHECK(t.error == "");
    CHECK(s.view().step_count() > 1);
    const Layout layout = compute_layout(s.ui.view, float(kW), float(kH), 1.0f, true, false, 0,
                                         std::nullopt, SideFocus::Editor);
    CHECK(drawn(screen.frame(s, layout)));
}
