// Find a race: the search as a Job, its story and its schedule.
#include "ui/features/race/race_feature.hpp"

#include "ui/model/trace/race_steps.hpp"

namespace ws::ui {

Outcome RaceFeature::apply(const WindowArgs& a, const FeatureContext&) {
    Outcome out;
    if (a.find_race && a.trace_file.empty()) out.then.push_back(act::FindRace{});
    return out;
}

std::optional<Outcome> RaceFeature::handle(const Action& a, const FeatureContext& c) {
    if (is<act::CloseRaceStory>(a)) {
        state_.story.clear();
        return Outcome{};
    }
    if (!is<act::FindRace>(a)) return std::nullopt;
    Outcome out;
    if (state_.running) return out;
    RequestForm f = c.ui.form;
    f.schedule = "lockstep";
    f.traced_block = 0;
    const FormCheck check = check_form(f);
    if (!check.ok()) {
        out.banner = "Find a race: " + check.error;
        return out;
    }
    run::RaceSearch search;
    search.request = check.request;
    state_.running = true;
    state_.story.clear();
    search_.submit([search](const JobControl&) { return run::find_race(search); });
    return update(c);  // a synchronous session has the story now
}

Outcome RaceFeature::update(const FeatureContext& c) {
    Outcome out;
    std::optional<run::RaceStory> story = search_.take();
    if (!story) return out;
    state_.running = false;
    if (!story->error.empty()) {
        out.banner = "Find a race: " + story->error;
        return out;
    }
    state_.story = story->story;
    state_.story_algo = c.ui.form.algo;
    if (story->found) {  // show it: the failing schedule, stepped like any other
        RequestForm f = c.ui.form;
        f.gpu = false;
        f.schedule = story->schedule;
        f.traced_block = 0;
        out.form = f;
        if (story->has_pair) {
            jump_ = story->early;
            jump_schedule_ = story->schedule;
        }
    }
    return out;
}

std::optional<std::size_t> RaceFeature::shown(const TraceView& v) {
    if (!jump_ || !v.trace || v.trace->request.schedule != jump_schedule_) return std::nullopt;
    const run::RaceAccess access = *jump_;
    jump_.reset();
    return step_of_access(v, access.thread, std::uint32_t(access.index), access.write);
}

}  // namespace ws::ui
