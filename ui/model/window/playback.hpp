// The playback cursor: the one current step every panel reads, a clock ticked by the frame time
// while playing, and the transition progress panels use to ease values and arrows from the
// previous step to this one. Pure; the window feeds it keys and frame times.
#pragma once
#include <cstddef>

namespace ws::ui {

inline constexpr double kMinSpeed = 0.25, kMaxSpeed = 16.0;  // steps per second

struct Playback {
    std::size_t step = 0;       // current step
    std::size_t from_step = 0;  // the step the transition comes from
    bool playing = false;
    double clock = 0.0;       // seconds since the last step while playing
    double transition = 1.0;  // 0 at a step change .. 1 when settled
};

// Jumps to `step` (clamped to [0, count)); starts a transition when it changes.
void set_step(Playback& p, std::size_t step, std::size_t count);
void step_by(Playback& p, long delta, std::size_t count);
// Play/pause; playing from the last step starts again at the first.
void toggle_play(Playback& p, std::size_t count);
// Advances the clock by `dt` seconds at `speed` steps per second (held to kMinSpeed..kMaxSpeed):
// the transition, and while playing the step (stopping at the last one).
void tick(Playback& p, double dt, std::size_t count, double speed);
// Seconds one transition lasts at `speed` steps per second.
double transition_seconds(double speed);
// The transition's progress with ease-in-out (smoothstep), 0..1.
double eased(const Playback& p);
// Settles any transition at once (screenshots).
void settle(Playback& p);

}  // namespace ws::ui
