// A grade's own count of a run's totals (kernels/user/recount.hpp): from every block's events it
// equals what the recorder summed; a changed total is named, with both values; a trace that
// lacks a block of the pass is not counted.
#include <catch2/catch.hpp>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/user/recount.hpp"

using namespace ws;

namespace {

trace::Trace every_block(const std::string& algo, const std::string& flags) {
    run::RequestText text;
    std::string error;
    REQUIRE(run::request_text_from_flags(flags + " --blocks all", text, error));
    text.algo = algo;
    const run::ParsedRequest parsed = run::parse_request(text);
    REQUIRE(parsed.ok());
    return run::run_on_emulator(parsed.request);
}

}  // namespace

TEST_CASE("a grade counts a run's totals again from every block's events", "[grade][recount]") {
    for (const auto& [algo, flags] :
         {std::pair<std::string, std::string>{"reduce-interleaved-strided", "--n 2000 --block 128"},
          {"reduce-sequential", "--n 4099 --block 64 --type double --pattern random"},
          {"scan-blelloch-padded", "--n 1000 --block 128 --kind exclusive"}}) {
        INFO(algo << " " << flags);
        trace::Trace t = every_block(algo, flags);
        REQUIRE(t.ok);
        REQUIRE(t.blocks.size() == t.grid);
        user::Recount r = user::recount_events(t);
        CHECK(r.counted);
        CHECK(r.totals == t.totals);
        CHECK(r.difference.empty());

        // A total written over: the first field that differs, both values.
        const auto conflicts = t.totals.bank_conflicts;
        t.totals.bank_conflicts = 0;
        r = user::recount_events(t);
        CHECK(r.totals.bank_conflicts == conflicts);
        if (conflicts > 0)
            CHECK(r.difference ==
                  "the recorder's totals were changed inside the kernel's "
                  "process: they say 0 bank_conflicts where its events count " +
                      std::to_string(conflicts) + "; graded on the events");
        else
            CHECK(r.difference.empty());

        // One block short, or one block twice: not the pass, so not counted.
        t.blocks.pop_back();
        CHECK_FALSE(user::recount_events(t).counted);
        t.blocks.push_back(t.blocks.front());
        CHECK_FALSE(user::recount_events(t).counted);
    }
}
