// The playback cursor: steps, play/pause, the clock and transitions.
#include <catch2/catch.hpp>

#include "ui/model/window/playback.hpp"

using namespace ws::ui;

TEST_CASE("stepping is clamped and starts a transition", "[playback]") {
    Playback p;
    set_step(p, 3, 10);
    CHECK(p.step == 3);
    CHECK(p.from_step == 0);
    CHECK(p.transition == 0);
    step_by(p, -5, 10);
    CHECK(p.step == 0);
    CHECK(p.from_step == 3);
    step_by(p, 100, 10);
    CHECK(p.step == 9);
    set_step(p, 4, 0);
    CHECK(p.step == 0);
}

TEST_CASE("playing advances at the speed and stops at the last step", "[playback]") {
    Playback p;
    const double speed = 2;  // a step every 0.5 s
    toggle_play(p, 4);
    REQUIRE(p.playing);
    tick(p, 0.4, 4, speed);
    CHECK(p.step == 0);
    tick(p, 0.2, 4, speed);
    CHECK(p.step == 1);
    CHECK(p.transition == 0);
    tick(p, 0.5, 4, speed);
    CHECK(p.step == 2);
    tick(p, 0.5, 4, speed);
    CHECK(p.step == 3);
    CHECK_FALSE(p.playing);
    // Play from the end starts again at the first step.
    toggle_play(p, 4);
    CHECK(p.playing);
    CHECK(p.step == 0);
}

TEST_CASE("transitions ease in and out and finish", "[playback]") {
    Playback p;
    set_step(p, 1, 5);
    CHECK(eased(p) == 0);
    tick(p, transition_seconds(1) / 2, 5, 1);
    CHECK(eased(p) == Approx(0.5));
    tick(p, transition_seconds(1) / 4, 5, 1);
    CHECK(eased(p) > 0.75);  // smoothstep is ahead of linear after half way
    tick(p, 10, 5, 1);
    CHECK(eased(p) == 1);
    // Faster playback, shorter transitions.
    CHECK(transition_seconds(8) < transition_seconds(1));
    settle(p);
    CHECK(p.from_step == p.step);
}

TEST_CASE("speed is kept within bounds", "[playback]") {
    // Faster than kMaxSpeed plays at kMaxSpeed; zero (or less) at kMinSpeed, never stuck.
    CHECK(transition_seconds(1000) == transition_seconds(kMaxSpeed));
    CHECK(transition_seconds(0) == transition_seconds(kMinSpeed));
    Playback p;
    toggle_play(p, 3);
    tick(p, 1.0 / kMaxSpeed * 0.99, 3, 1000);
    CHECK(p.step == 0);
    tick(p, 1.0 / kMaxSpeed * 0.02, 3, 1000);
    CHECK(p.step == 1);
    Playback slow;
    toggle_play(slow, 3);
    tick(slow, 1.0 / kMinSpeed + 0.01, 3, 0);
    CHECK(slow.step == 1);
}
