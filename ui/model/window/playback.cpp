// Playback cursor arithmetic.
#include "ui/model/window/playback.hpp"

#include <algorithm>

namespace ws::ui {

void set_step(Playback& p, std::size_t step, std::size_t count) {
    if (count == 0) {
        p.step = p.from_step = 0;
        p.transition = 1.0;
        return;
    }
    step = std::min(step, count - 1);
    if (step != p.step) {
        p.from_step = p.step < count ? p.step : step;
        p.step = step;
        p.transition = 0.0;
    }
    p.clock = 0.0;
}

void step_by(Playback& p, long delta, std::size_t count) {
    const long target = static_cast<long>(p.step) + delta;
    set_step(p, static_cast<std::size_t>(std::max(0L, target)), count);
}

void toggle_play(Playback& p, std::size_t count) {
    p.playing = !p.playing;
    if (p.playing && count > 0 && p.step + 1 >= count) set_step(p, 0, count);
    p.clock = 0.0;
}

double transition_seconds(double speed) {
    return std::min(0.4, 0.8 / std::clamp(speed, kMinSpeed, kMaxSpeed));
}

void tick(Playback& p, double dt, std::size_t count, double speed) {
    if (dt < 0) dt = 0;
    speed = std::clamp(speed, kMinSpeed, kMaxSpeed);
    p.transition = std::min(1.0, p.transition + dt / transition_seconds(speed));
    if (!p.playing || count == 0) return;
    if (p.step + 1 >= count) {
        p.playing = false;
        return;
    }
    p.clock += dt;
    const double period = 1.0 / speed;
    if (p.clock >= period) {
        const double carry = std::min(p.clock - period, period);
        set_step(p, p.step + 1, count);
        p.clock = carry;
        if (p.step + 1 >= count) p.playing = false;
    }
}

double eased(const Playback& p) {
    const double t = std::clamp(p.transition, 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

void settle(Playback& p) {
    p.transition = 1.0;
    p.from_step = p.step;
}

}  // namespace ws::ui
