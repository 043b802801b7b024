// "Copy link": the state as a command and as a warpscope:// link; either, given back to the
// window's flags, reopens the same request, step, view, panel in front and presentation mode.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "ui/model/state_link.hpp"
#include "ui/session.hpp"
#include "ui/window_args.hpp"
#include "ui/window_setup.hpp"

using namespace ws::ui;

namespace {

bool settle_session(Session& s) {
    for (int i = 0; i < 2000; ++i) {
        s.update();
        if (!s.ui.running && !s.ui.form_changed && !s.view().empty()) return true;
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

void check_same_state(const UiState& a, const UiState& b) {
    CHECK(a.form == b.form);
    CHECK(a.step() == b.step());
    CHECK(a.view == b.view);
    CHECK(a.presentation == b.presentation);
    REQUIRE(!a.recent_tabs.empty());
    REQUIRE(!b.recent_tabs.empty());
    CHECK(a.recent_tabs.front() == b.recent_tabs.front());
    CHECK(a.lesson == b.lesson);
    CHECK(a.slide == b.slide);
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
    s.ui.form_changed = true;
    REQUIRE(settle_session(s));
    set_step(s.ui.playback, 4, s.view().step_count());
    s.ui.view = View::Step;
    bring_to_front(s.ui, PanelId::Banks);
    s.ui.presentation = true;

    const std::string link = state_link(s.ui);
    CHECK(link.rfind("warpscope://open?algo=scan-kogge-stone&n=2%5E7%2B3", 0) == 0);
    CHECK(link.find("&focus=banks") != std::string::npos);
    CHECK(link.find("&presentation") != std::string::npos);
    const std::string command = state_command(s.ui);
    CHECK(command.find("warpscope --algo scan-kogge-stone --n '2^7+3'") == 0);

    // The link, as the program's only argument.
    const ParsedArgs from_link = parse({link});
    REQUIRE(from_link.error.empty());
    Session again(true);
    reopen(again, from_link.args);
    check_same_state(s.ui, again.ui);

    // The command's flags.
    const ParsedArgs from_flags = parse(state_flags(s.ui));
    REQUIRE(from_flags.error.empty());
    Session third(true);
    reopen(third, from_flags.args);
    check_same_state(s.ui, third.ui);
}

TEST_CASE("a link on a lesson's slide reopens the slide", "[link]") {
    Session s(true);
    s.ui.lesson = "02-bank-conflicts";
    s.ui.slide = 1;
    s.ui.slide_changed = true;
    s.update();
    REQUIRE(settle_session(s));
    for (int i = 0; i < 200 && s.ui.step() == 0; ++i) s.update();  // the slide's step is placed
    const std::string link = state_link(s.ui);
    INFO(link);
    CHECK(link.find("lesson=02-bank-conflicts&slide=2") != std::string::npos);
    CHECK(link.find("algo=") == std::string::npos);  // the slide brings its request
    const ParsedArgs p = parse({link});
    REQUIRE(p.error.empty());
    Session again(true);
    reopen(again, p.args);
    check_same_state(s.ui, again.ui);

    // Once the request is changed away from the slide's, the link carries the request itself.
    s.ui.form.block = s.ui.form.block == 64 ? 128 : 64;
    CHECK(state_link(s.ui).find("lesson=") == std::string::npos);
}

TEST_CASE("a link may set only what a view needs, never a file to write", "[link]") {
    std::vector<std::string> flags;
    std::string e;
    CHECK(link_flags("warpscope://open?algo=reduce-sequential&step=2&presentation", flags, e));
    CHECK(flags ==
          std::vector<std::string>{"--algo", "reduce-sequential", "--step", "2", "--presentation"});
    CHECK_FALSE(link_flags("warpscope://open?screenshot=%2Fhome%2Fx.png", flags, e));
    CHECK(e == "not a warpscope link: screenshot is not something a link may set");
    CHECK_FALSE(link_flags("warpscope://open?export-gif=x.gif", flags, e));
    CHECK_FALSE(link_flags("warpscope://open?trace=x.wstrace", flags, e));
    CHECK_FALSE(link_flags("warpscope://open?step", flags, e));
    CHECK(e.find("step needs a value") != std::string::npos);
    CHECK_FALSE(link_flags("warpscope://open?n=%zz", flags, e));
    CHECK(e.find("%-encoding") != std::string::npos);
    CHECK_FALSE(link_flags("warpscope://delete", flags, e));
    // A bad value inside a good key is the window's one-line error.
    const ParsedArgs p = parse({"warpscope://open?algo=reduce-sequential&block=48&n=64"});
    CHECK(p.error.find("--block 48") == 0);
}
