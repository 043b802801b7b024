// The deadlock picture as data: a box a block in block order, arrows from each waiting block to
// the one it waits for, the boxes around the waiting blocks kept when the row does not fit; and
// the session's race search, which puts the story's schedule into the form and jumps to the
// race's first access.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "kernels/run/emulator_backend.hpp"
#include "ui/model/pictures/deadlock_picture.hpp"
#include "ui/session.hpp"

using namespace ws;
using namespace ws::ui;
using State = trace::BlockWaitState::State;

namespace {

std::vector<trace::BlockWaitState> stuck_grid(unsigned blocks, unsigned resident) {
    trace::Request r;
    r.algo = "scan-lookback-blockidx";
    r.block = 32;
    r.n = std::uint64_t(blocks) * 8 * 32;
    r.pattern = "random";
    r.schedule = "lockstep,blocks=reverse,resident=" + std::to_string(resident);
    const trace::Trace t = run::run_on_emulator(r);
    REQUIRE_FALSE(t.ok);
    return t.deadlock;
}

}  // namespace

TEST_CASE("a deadlock is drawn as a row of blocks with arrows from the waiting ones") {
    const auto grid = stuck_grid(8, 2);
    REQUIRE(grid.size() == 8);
    const DeadlockPicture pic = deadlock_picture(grid, 1000, 20);
    REQUIRE(pic.boxes.size() == 8);
    for (std::size_t i = 0; i < pic.boxes.size(); ++i) {
        CHECK(pic.boxes[i].block == i);
        CHECK(pic.boxes[i].rect.right() <= 1000);
        if (i > 0) CHECK(pic.boxes[i].rect.x >= pic.boxes[i - 1].rect.right());  // no overlap
        CHECK(pic.boxes[i].rect.bottom() <= pic.height);
    }
    CHECK(pic.boxes[7].state == State::Waiting);
    CHECK(pic.boxes[6].state == State::Waiting);
    CHECK(pic.boxes[0].state == State::NotStarted);
    CHECK(pic.summary == "blocks 6-7 wait; not started: blocks 0-5; finished: none");
    REQUIRE(pic.arrows.size() == 2);
    for (const DeadlockArrow& a : pic.arrows) {
        CHECK(a.to < a.from);  // a look-back waits for an earlier tile
        const Rect& from = pic.boxes[a.from].rect;
        const Rect& to = pic.boxes[a.to].rect;
        CHECK(a.curve.p0.x > from.x);
        CHECK(a.curve.p0.x < from.right());
        CHECK(a.curve.p1.x > to.x);
        CHECK(a.curve.p1.x < to.right());
        CHECK(a.curve.control.y < from.y);  // over the row
    }
    CHECK(pic.lesson.find("cannot start") != std::string::npos);
}

TEST_CASE("a row too long for its room keeps the waiting blocks and what they wait for") {
    const auto grid = stuck_grid(40, 1);
    const DeadlockPicture pic = deadlock_picture(grid, 300, 20);
    REQUIRE_FALSE(pic.boxes.empty());
    CHECK(pic.boxes.size() < 40);
    CHECK(pic.boxes.back().rect.right() <= 300);
    bool waiting_shown = false;
    for (const DeadlockBox& b : pic.boxes) waiting_shown |= b.block == 39;
    CHECK(waiting_shown);
    REQUIRE(pic.arrows.size() == 1);
    CHECK(pic.arrows[0].from == 39);
    CHECK(pic.arrows[0].to == 38);
}

TEST_CASE("Find a race puts the story's schedule in the form and shows its first access",
          "[session]") {
    Session s(false);
    s.ui.form.algo = "scan-kogge-stone-inplace";
    s.ui.form.n = "64";
    s.ui.form.block = 64;
    s.ui.form.pattern = "random";
    s.ui.form.seed = 1;
    s.run_form();
    s.post(act::FindRace{});
    s.update();
    CHECK_FALSE(s.ui.race.running);
    REQUIRE(s.ui.race.story.size() >= 5);
    CHECK(s.ui.form.schedule.rfind("lockstep,", 0) == 0);
    REQUIRE(s.view().trace);
    CHECK(s.view().trace->request.schedule == s.ui.form.schedule);
    CHECK_FALSE(s.view().trace->ok);
    // The cursor stands on an access-step of the race.
    const StepView& step = s.view().steps[s.ui.step()];
    CHECK(step.micro > 0);
}
