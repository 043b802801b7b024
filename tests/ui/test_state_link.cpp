// "Copy link": the state as a command and as a warpscope:// link; either, given back to the
// window's flags, reopens the same request, step, view, panel in front and presentation mode.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "ui/link_round_trip.hpp"
#include "ui/model/lab/lab_data.hpp"
#include "ui/model/window/state_link.hpp"
#include "ui/session.hpp"
#include "ui/settings.hpp"
#include "ui/window_args.hpp"
#include "ui/window_setup.hpp"

using namespace ws::ui;

namespace {

bool settle_session(Session& s) {
    for (int i = 0; i < 2000; ++i) {
        s.update();
        if (!s.ui.runs.busy && s.ui.actions.empty() && !s.view().empty()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
}

ParsedArgs parse(const std::vector<std::string>& flags) {
    std::vector<const char*> argv = {"warpscope"};
    for (const std::string& f : flags) argv.push_back(f.c_str());
    return parse_window_args(int(argv.size()), argv.data());
}

// Opens the window's session from `args` as the window does (prepare, then the step).
void reopen(Session& s, const WindowArgs& a) {
    REQUIRE(prepare(s, a).empty());
    REQUIRE(settle_session(s));
    REQUIRE(place_step(s, a).empty());
}

// Everything the picture on show depends on: the request, the step, the view, the panel in front
// and the look, and each feature's part (the compare side, the networks, the ring, the lab, the
// lesson and the quiz).
void check_same_picture(const UiState& a, const UiState& b) {
    CHECK(a.form == b.form);
    CHECK(a.step() == b.step());
    CHECK(a.view == b.view);
    CHECK(a.presentation == b.presentation);
    CHECK(a.controls_hidden == b.controls_hidden);
    CHECK(a.theme == b.theme);
    CHECK(a.font_scale == b.font_scale);
    CHECK(a.panels.shared_grid.zoom == b.panels.shared_grid.zoom);
    CHECK(a.recent_tabs.empty() == b.recent_tabs.empty());
    if (!a.recent_tabs.empty() && !b.recent_tabs.empty())
        CHECK(a.recent_tabs.front() == b.recent_tabs.front());
    CHECK(a.lesson.name == b.lesson.name);
    CHECK(a.lesson.slide == b.lesson.slide);
    CHECK(a.lesson.quiz.on == b.lesson.quiz.on);
    if (a.lesson.quiz.on) CHECK(a.lesson.quiz.seed == b.lesson.quiz.seed);
    if (a.view == View::Compare) CHECK(a.compare_algo == b.compare_algo);
    if (a.view == View::Circuit) CHECK(a.circuit_side_by_side == b.circuit_side_by_side);
    if (a.view == View::Ring) {
        CHECK(a.ring.gpus == b.ring.gpus);
        CHECK(a.ring.naive == b.ring.naive);
        CHECK(a.ring.n == b.ring.n);
        REQUIRE(a.ring.run);
        REQUIRE(b.ring.run);
        CHECK(a.ring.run->after_step.size() == b.ring.run->after_step.size());
    }
    if (a.view == View::Lab) {
        CHECK(a.lab.lines == b.lab.lines);
        CHECK(a.lab.type == b.lab.type);
        CHECK(a.lab.multi_gpu_fits == b.lab.multi_gpu_fits);
        CHECK(a.lab.file == b.lab.file);
    }
}

// The state's link and its command, each reopened in a new session as the window opens it: the
// same picture.
void check_reopens(Session& s) {
    const std::string link = state_link(s.link_flags());
    INFO(link);
    const ParsedArgs from_link = parse({link});
    REQUIRE(from_link.error.empty());
    Session again(true);
    reopen(again, from_link.args);
    check_same_picture(s.ui, again.ui);
    const ParsedArgs from_flags = parse(s.link_flags());
    REQUIRE(from_flags.error.empty());
    Session third(true);
    reopen(third, from_flags.args);
    check_same_picture(s.ui, third.ui);
}

}  // namespace

TEST_CASE("a copied link and a copied command reopen the same state", "[link]") {
    Session s(true);
    s.ui.form.algo = "scan-kogge-stone";
    s.ui.form.n = "2^7+3";
    s.ui.form.block = 64;
    s.ui.form.type = ws::trace::DType::Float32;
    s.ui.form.pattern = "random";
    s.ui.form.seed = 11;
    s.post(act::RunForm{});
    REQUIRE(settle_session(s));
    set_step(s.ui.playback, 4, s.view().step_count());
    s.ui.view = View::Step;
    bring_to_front(s.ui, PanelId::Banks);
    s.ui.presentation = true;  // the controls still shown (P, then C)

    const std::string link = state_link(s.link_flags());
    CHECK(link.rfind("warpscope://open?algo=scan-kogge-stone&n=2%5E7%2B3", 0) == 0);
    CHECK(link.find("&focus=banks") != std::string::npos);
    CHECK(link.find("&presentation") != std::string::npos);
    const std::string command = state_command(s.link_flags());
    CHECK(command.find("warpscope --algo scan-kogge-stone --n '2^7+3'") == 0);

    // The link, as the program's only argument.
    const ParsedArgs from_link = parse({link});
    REQUIRE(from_link.error.empty());
    Session again(true);
    reopen(again, from_link.args);
    REQUIRE(!again.ui.recent_tabs.empty());
    check_same_picture(s.ui, again.ui);

    // The command's flags.
    const ParsedArgs from_flags = parse(s.link_flags());
    REQUIRE(from_flags.error.empty());
    Session third(true);
    reopen(third, from_flags.args);
    REQUIRE(!third.ui.recent_tabs.empty());
    check_same_picture(s.ui, third.ui);
}

TEST_CASE("a link on a lesson's slide reopens the slide", "[link]") {
    Session s(true);
    s.post(act::OpenLesson{"02-bank-conflicts", 1});
    s.update();
    REQUIRE(settle_session(s));
    for (int i = 0; i < 200 && s.ui.step() == 0; ++i) s.update();  // the slide's step is placed
    const std::string link = state_link(s.link_flags());
    INFO(link);
    CHECK(link.find("lesson=02-bank-conflicts&slide=2") != std::string::npos);
    CHECK(link.find("algo=") == std::string::npos);  // the slide brings its request
    const ParsedArgs p = parse({link});
    REQUIRE(p.error.empty());
    Session again(true);
    reopen(again, p.args);
    REQUIRE(!s.ui.recent_tabs.empty());
    REQUIRE(!again.ui.recent_tabs.empty());
    check_same_picture(s.ui, again.ui);

    // Once the request is changed away from the slide's, the link carries the request itself.
    s.ui.form.block = s.ui.form.block == 64 ? 128 : 64;
    CHECK(state_link(s.link_flags()).find("lesson=") == std::string::npos);
}

TEST_CASE("a link may set only what a view needs, never a file to write", "[link]") {
    std::vector<std::string> flags;
    std::string e;
    CHECK(flags_of_link("warpscope://open?algo=reduce-sequential&step=2&presentation", flags, e));
    CHECK(flags ==
          std::vector<std::string>{"--algo", "reduce-sequential", "--step", "2", "--presentation"});
    CHECK_FALSE(flags_of_link("warpscope://open?screenshot=%2Fhome%2Fx.png", flags, e));
    CHECK(e == "not a warpscope link: screenshot is not something a link may set");
    CHECK_FALSE(flags_of_link("warpscope://open?export-gif=x.gif", flags, e));
    CHECK_FALSE(flags_of_link("warpscope://open?trace=x.wstrace", flags, e));
    CHECK_FALSE(flags_of_link("warpscope://open?step", flags, e));
    CHECK(e.find("step needs a value") != std::string::npos);
    CHECK_FALSE(flags_of_link("warpscope://open?n=%zz", flags, e));
    CHECK(e.find("%-encoding") != std::string::npos);
    CHECK_FALSE(flags_of_link("warpscope://delete", flags, e));
    // A bad value inside a good key is the window's one-line error.
    const ParsedArgs p = parse({"warpscope://open?algo=reduce-sequential&block=48&n=64"});
    CHECK(p.error.find("--block 48") == 0);
}

// Issue 34: a link copied from every view reopens the same picture, whatever that view's own
// state is; the link is built from every feature's flags.
TEST_CASE("a link from the compare view reopens its other side", "[link]") {
    Session s(true);
    s.ui.form.algo = "reduce-sequential";
    s.ui.form.n = "256";
    s.ui.form.block = 64;
    s.ui.compare_algo = "reduce-first-add";
    s.ui.view = View::Compare;
    s.post(act::RunForm{});
    REQUIRE(settle_session(s));
    set_step(s.ui.playback, 2, s.view().step_count());
    CHECK(state_link(s.link_flags()).find("compare=reduce-first-add") != std::string::npos);
    check_reopens(s);
}

TEST_CASE("a link from the circuit view reopens the networks side by side", "[link]") {
    Session s(true);
    s.ui.form.algo = "scan-sklansky";
    s.ui.form.n = "100";
    s.ui.form.block = 64;
    s.ui.view = View::Circuit;
    s.ui.circuit_side_by_side = true;
    s.post(act::RunForm{});
    REQUIRE(settle_session(s));
    CHECK(state_link(s.link_flags()).find("&side-by-side") != std::string::npos);
    check_reopens(s);
}

TEST_CASE("a link from the Across GPUs view reopens its GPUs, plan and size", "[link]") {
    Session s(true);
    s.ui.view = View::Ring;
    s.ui.ring.gpus = 6;
    s.ui.ring.naive = true;
    s.ui.ring.n = std::uint64_t(1) << 20;
    s.post(act::RunForm{});
    s.post(act::RunRing{});
    REQUIRE(settle_session(s));
    const std::size_t states = s.ui.ring.run->after_step.size();
    set_step(s.ui.playback, 3, states);
    const std::string link = state_link(s.link_flags());
    CHECK(link.find("ring-gpus=6") != std::string::npos);
    CHECK(link.find("ring-n=1048576") != std::string::npos);
    CHECK(link.find("&ring-naive") != std::string::npos);
    check_reopens(s);
    // The default ring says nothing of itself.
    Session plain(true);
    plain.ui.view = View::Ring;
    CHECK(state_link(plain.link_flags()).find("ring-") == std::string::npos);
}

TEST_CASE("a link from the lab reopens its family and type", "[link]") {
    for (const LabLines lines : {LabLines::MultiGpu, LabLines::Scans}) {
        Session s(true);
        s.ui.view = View::Lab;
        s.ui.lab.lines = lines;
        s.ui.lab.type = lines == LabLines::MultiGpu ? "float" : "double";
        s.post(act::RunForm{});
        REQUIRE(settle_session(s));
        const std::string link = state_link(s.link_flags());
        CHECK(link.find(std::string("lab-family=") + lab_lines_word(lines)) != std::string::npos);
        CHECK(link.find("lab-type=" + s.ui.lab.type) != std::string::npos);
        check_reopens(s);
    }
}

TEST_CASE("a link from the lab reopens the recording on show; --lab-file names one", "[link]") {
    Session s(true);
    s.ui.view = View::Lab;
    WindowArgs a;
    a.lab_file = "roofline-scan-pipeline-nvidia-h200";
    REQUIRE(s.apply(a).empty());
    REQUIRE(s.ui.lab.data != nullptr);
    REQUIRE(s.ui.lab.file < s.ui.lab.data->files.size());
    CHECK(s.ui.lab.data->files[s.ui.lab.file].path.find("roofline-scan-pipeline-nvidia-h200") !=
          std::string::npos);
    const std::string link = state_link(s.link_flags());
    CHECK(link.find("lab-file=roofline-scan-pipeline-nvidia-h200") != std::string::npos);
    check_reopens(s);
    Session bad(true);
    WindowArgs b;
    b.lab_file = "no-such-run";
    CHECK(bad.apply(b).find("--lab-file no-such-run: no such recording") == 0);
}

TEST_CASE("a link carries the look and a quiz attempt", "[link]") {
    Session s(true);
    s.ui.form.algo = "reduce-interleaved-strided";
    s.ui.form.n = "128";
    s.ui.form.block = 64;
    s.post(act::RunForm{});
    REQUIRE(settle_session(s));
    s.ui.lesson.quiz.seed_typed = "4242";
    s.post(act::StartQuiz{});
    REQUIRE(settle_session(s));
    REQUIRE(s.ui.lesson.quiz.on);
    s.ui.theme = "light";
    s.ui.font_scale = 1.25f;
    s.ui.controls_hidden = true;
    s.ui.panels.shared_grid.zoom = 2;
    set_step(s.ui.playback, 1, s.view().step_count());
    const std::string link = state_link(s.link_flags());
    CHECK(link.find("quiz=4242") != std::string::npos);
    CHECK(link.find("theme=light") != std::string::npos);
    CHECK(link.find("&hide-controls") != std::string::npos);
    check_reopens(s);
}

TEST_CASE("a link from a lesson's slide with a quiz on reopens both", "[link]") {
    Session s(true);
    s.post(act::OpenLesson{"03-divergence", 0});
    REQUIRE(settle_session(s));
    s.ui.lesson.quiz.seed_typed = "99";
    s.post(act::StartQuiz{});
    REQUIRE(settle_session(s));
    const std::string link = state_link(s.link_flags());
    CHECK(link.find("lesson=03-divergence&slide=1") != std::string::npos);
    CHECK(link.find("quiz=99") != std::string::npos);
    CHECK(link.find("algo=") == std::string::npos);
    check_reopens(s);
}

TEST_CASE("every view's link names its view and reopens it", "[link]") {
    for (const View v : kViews) {
        Session s(true);
        s.ui.view = v;
        s.post(act::RunForm{});
        REQUIRE(settle_session(s));
        INFO(view_name(v));
        CHECK(state_link(s.link_flags()).find(std::string("view=") + view_name(v)) !=
              std::string::npos);
        check_reopens(s);
    }
}

TEST_CASE("the lab's why-it-fits page survives Copy link and reopens", "[link]") {
    // It aborted the window (an allow-list that did not know --lab-fits): a regression test.
    Session s(true);
    const ParsedArgs a = parse({"--view", "lab", "--lab-family", "multi-gpu", "--lab-fits"});
    REQUIRE(a.error.empty());
    reopen(s, a.args);
    REQUIRE(s.ui.lab.multi_gpu_fits);
    const std::string link = state_link(s.link_flags());
    CHECK(link.find("lab-fits") != std::string::npos);
    const ParsedArgs back = parse({link});
    REQUIRE(back.error.empty());
    CHECK(back.args.lab_fits);
    CHECK(back.from_link);
}

TEST_CASE("a refused link says so in one printable line, whatever bytes it holds", "[link]") {
    auto printable = [](const std::string& s) {
        for (unsigned char c : s)
            if (c < 0x20 || c == 0x7f) return false;
        // No bidirectional-text control (U+202E, U+2066..U+2069, ...) either.
        return s.find("\xe2\x80\xae") == std::string::npos &&
               s.find("\xe2\x81\xa6") == std::string::npos;
    };
    for (const char* link :
         {"warpscope://open?algo=%1B%5B2J%1B%5D0%3Bpwned%07%0D",
          "warpscope://open?algo=reduce-sequential%0APASS", "warpscope://open?%1B%5B2J=1",
          "warpscope://open?n=%E2%80%AE1", "warpscope://open?%E2%81%A6x%E2%81%A9=1"}) {
        INFO(link);
        const ParsedArgs p = parse({link});
        REQUIRE_FALSE(p.error.empty());
        CHECK(printable(p.error));
    }
    // The escapes say what the bytes were.
    const ParsedArgs esc = parse({"warpscope://open?%1B%5B2J=1"});
    CHECK(esc.error.find("\\x1b[2J") != std::string::npos);
    // A long key is cut with "…".
    const ParsedArgs longer = parse({"warpscope://open?" + std::string(200, 'k') + "=1"});
    CHECK(longer.error.find("\xe2\x80\xa6") != std::string::npos);
    CHECK(longer.error.size() < 150);
}

TEST_CASE("a link's look is for the run it opens: the settings keep their own", "[link]") {
    Preferences before;
    before.theme = "dark";
    before.font_scale = 1.0f;
    before.presentation = false;
    Preferences now = before;
    now.theme = "light";
    now.font_scale = 2.0f;
    now.presentation = true;
    now.speed = 4.0;
    const Preferences kept = kept_preferences(before, now, true);
    CHECK(kept.theme == "dark");
    CHECK(kept.font_scale == 1.0f);
    CHECK_FALSE(kept.presentation);
    CHECK(kept.speed == 4.0);  // what the user changed in the window is kept
    const Preferences plain = kept_preferences(before, now, false);
    CHECK(plain.theme == "light");
    CHECK(plain.font_scale == 2.0f);
}

// Issue 55: one table for the flags. Every row a link carries, opened from its example, Copy link,
// reopened: the link holds it with its value, and the reopened window is the same (its link, and
// the picture's state); the page runs the same round trip (web/selftest.js).
TEST_CASE("every flag a link carries survives Copy link and reopening", "[link]") {
    const LinkRoundTrip r = link_round_trip();
    INFO(round_trip_line(r));
    CHECK(r.failures.empty());
    CHECK(r.rows >= 25);  // the request's ten, the view's and look's, every feature's
    for (const WindowFlag& f : window_flags()) {
        if (!f.in_link) continue;
        INFO(f.name);
        const ParsedArgs opened = parse(f.example);
        REQUIRE(opened.error.empty());
        Session s(true);
        reopen(s, opened.args);
        check_reopens(s);
    }
}

TEST_CASE("a link may carry only the rows that say so", "[link]") {
    for (const WindowFlag& f : window_flags()) {
        INFO(f.name);
        std::vector<std::string> flags;
        std::string error;
        const std::string key = std::string(f.name).substr(2);
        const bool taken = flags_of_link(
            "warpscope://open?" + key + (f.takes == Takes::Value ? "=1" : ""), flags, error);
        CHECK(taken == f.in_link);
        if (!f.in_link)
            CHECK(error == "not a warpscope link: " + key + " is not something a link may set");
        // A row a link carries says how to show it; one it does not, writes nothing.
        CHECK(f.in_link == bool(f.write));
        CHECK(f.in_link == !f.example.empty());
    }
}
