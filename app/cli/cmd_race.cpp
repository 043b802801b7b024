// `warpscope race`: search schedules of one block on the emulator for one that changes the
// result, shrink it to a few threads running ahead, and tell the story
// (kernels/run/race_search.hpp); with --exhaustive, the bounded exhaustive check instead. Exit 1
// when a schedule changed the result, 0 when none did.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/catalog.hpp"
#include "kernels/run/race_search.hpp"

namespace ws::cli {
namespace {

nlohmann::json access_json(const run::RaceAccess& a) {
    return {{"thread", a.thread},
            {"line", a.line},
            {"write", a.write},
            {"index", a.index},
            {"value", a.value}};
}

trace::Request race_request(RaceOptions opts) {
    if (opts.text.schedule != run::RequestText{}.schedule)
        throw UsageError{"race: --schedule " + opts.text.schedule +
                         ": race tries the schedules itself (lockstep with threads that run "
                         "ahead); give the one it finds to trace or stats"};
    if (opts.text.blocks != run::RequestText{}.blocks)
        throw UsageError{"race: --blocks " + opts.text.blocks +
                         ": race runs and tells of block 0 only"};
    if (opts.text.n.empty()) {  // one tile: one block
        std::string error;
        const VariantInfo* v = run::parse_algo(opts.text.algo, error);
        if (!v) throw UsageError{error};
        const unsigned long block = std::strtoul(opts.text.block.c_str(), nullptr, 10);
        opts.text.n = std::to_string(accepted_count(*v, block * v->elems_per_thread));
    }
    const run::ParsedRequest p = run::parse_request(opts.text);
    if (!p.ok()) throw UsageError{p.error};
    return p.request;
}

}  // namespace

int cmd_race(const RaceOptions& opts) {
    const trace::Request request = race_request(opts);
    if (opts.tries == 0) throw UsageError{"race: --tries 0: give at least 1 try"};
    nlohmann::json out;
    int code = 0;
    if (opts.exhaustive) {
        const run::BoundedCheck c = run::check_bounded(request);
        if (!c.error.empty()) {
            std::fprintf(stderr, "warpscope: %s\n", c.error.c_str());
            return 2;
        }
        code = c.counterexample ? 1 : 0;
        if (opts.json) {
            out = {{"algo", request.algo},
                   {"schedules", c.schedules},
                   {"threads", c.threads},
                   {"lockstep_hazards", c.lockstep_hazards},
                   {"counterexample", c.counterexample},
                   {"schedule", c.schedule},
                   {"got", c.got},
                   {"lockstep_result", c.lockstep_result},
                   {"bound", c.bound}};
        } else if (c.counterexample) {
            std::printf("%s: the smallest schedule that changes the result: %s (%s): %s\n",
                        request.algo.c_str(), c.schedule.c_str(),
                        run::run_ahead_text(c.smallest).c_str(), c.got.c_str());
        } else {
            std::printf(
                "%s: no schedule within the bound gives another result than lockstep "
                "(%s); %llu hazards in the lockstep trace\n",
                request.algo.c_str(), c.lockstep_result.c_str(),
                (unsigned long long)c.lockstep_hazards);
        }
        if (!opts.json) std::printf("%s\n", c.bound.c_str());
    } else {
        run::RaceSearch search;
        search.request = request;
        search.tries = opts.tries;
        search.seed = opts.search_seed;
        const run::RaceStory s = run::find_race(search);
        if (!s.error.empty()) {
            std::fprintf(stderr, "warpscope: %s\n", s.error.c_str());
            return 2;
        }
        code = s.found ? 1 : 0;
        if (opts.json) {
            nlohmann::json decisions = nlohmann::json::array();
            for (const sim::RunAhead& a : s.decisions)
                decisions.push_back({{"thread", a.thread}, {"turn", a.turn}, {"extra", a.extra}});
            out = {{"algo", request.algo},
                   {"found", s.found},
                   {"schedule", s.schedule},
                   {"decisions", decisions},
                   {"tries", s.tries},
                   {"found_at_try", s.found_at_try},
                   {"lockstep_hazards", s.lockstep_hazards},
                   {"story", s.story}};
            if (s.has_pair) {
                out["early"] = access_json(s.early);
                out["late"] = access_json(s.late);
            }
        } else {
            for (const std::string& line : s.story) std::printf("%s\n", line.c_str());
        }
    }
    if (opts.json) std::printf("%s\n", out.dump(2).c_str());
    return code;
}

}  // namespace ws::cli
