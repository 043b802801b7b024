// Races found and told: the search finds the racy kernels' failing schedules, shrinks them to a
// decision or two, the same each run, and names the two accesses that swapped; the bounded
// exhaustive check passes every race-free kernel and gives the racy ones a counter-example.
#include <catch2/catch.hpp>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/race_search.hpp"

using namespace ws;

namespace {

// Built with AddressSanitizer (the sanitize preset): the emulator runs several times slower.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

trace::Request one_block(const VariantInfo& v, unsigned block) {
    trace::Request r;
    r.algo = v.id;
    r.block = block;
    r.n = accepted_count(v, tile_elements(v, block, r.type));
    r.pattern = "random";
    r.seed = 3;
    return r;
}

// The smallest block the variant accepts (a small block keeps the bounded check quick).
unsigned smallest_block(const VariantInfo& v) {
    for (unsigned b : {32u, 64u, 128u, 256u})
        if (accepts_block(v.block_rule, b)) return b;
    return default_block(v.block_rule);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("the race search shrinks the racy kernels' failures to a story, the same each run") {
    for (const char* algo : {"reduce-unroll-last-warp-legacy", "scan-kogge-stone-inplace"}) {
        for (std::uint64_t seed : {1u, 2u, 3u}) {
            run::RaceSearch search;
            search.request = one_block(*find_variant(algo), 64);
            search.seed = seed;
            const run::RaceStory s = run::find_race(search);
            INFO(algo << " seed " << seed << ": " << s.schedule);
            REQUIRE(s.error.empty());
            CHECK(s.lockstep_right);
            CHECK(s.lockstep_hazards > 0);
            REQUIRE(s.found);
            CHECK(s.decisions.size() <= 3);  // a handful at most; shrunk from up to 3
            CHECK(s.decisions.size() <= s.decisions_found);
            for (const sim::RunAhead& a : s.decisions) CHECK(a.extra <= 8);
            // The same seed, the same story.
            const run::RaceStory again = run::find_race(search);
            CHECK(again.schedule == s.schedule);
            CHECK(again.story == s.story);
            // The story's schedule replays the failure; lockstep does not fail.
            trace::Request replay = search.request;
            replay.schedule = s.schedule;
            const trace::Trace broken = run::run_on_emulator(replay);
            CHECK_FALSE(broken.ok);
            CHECK(contains(broken.error, "wrong result"));
            REQUIRE(s.has_pair);
            CHECK(s.early.thread != s.late.thread);
            CHECK(s.early.index == s.late.index);
            CHECK((s.early.write || s.late.write));
            const std::string who = "Thread " + std::to_string(s.early.thread) + " ";
            bool told = false;
            for (const std::string& line : s.story)
                told |= line.rfind(who, 0) == 0 &&
                        contains(line, "s[" + std::to_string(s.early.index) + "]") &&
                        contains(line, "under lockstep thread " + std::to_string(s.late.thread) +
                                           " went first");
            CHECK(told);
            CHECK(contains(s.story.back(), "--schedule " + s.schedule));
        }
    }
}

TEST_CASE("the race search finds nothing in a race-free kernel and says so") {
    run::RaceSearch search;
    search.request = one_block(*find_variant("reduce-sequential"), 64);
    search.tries = 50;
    const run::RaceStory s = run::find_race(search);
    CHECK_FALSE(s.found);
    CHECK(s.lockstep_hazards == 0);
    REQUIRE(s.story.size() == 2);
    CHECK(s.story[1] ==
          "No schedule of 50 tries gave another result, and the lockstep trace has no hazards.");
}

TEST_CASE("a story names the read that came too early") {
    // Legacy unroll, thread 2 one turn ahead at its turn 8: it reads s[10] before thread 10 has
    // added s[42] into it (a story the search found with seed 1; here replayed as a fact).
    trace::Request r = one_block(*find_variant("reduce-unroll-last-warp-legacy"), 64);
    r.seed = 1;
    run::RaceSearch search;
    search.request = r;
    const run::RaceStory s = run::find_race(search);
    REQUIRE(s.found);
    REQUIRE(s.decisions.size() == 1);
    CHECK(s.schedule == "lockstep,2@8+1");
    CHECK_FALSE(s.early.write);
    CHECK(s.early.thread == 2);
    CHECK(s.late.write);
    CHECK(s.late.thread == 10);
    CHECK(s.early.index == 10);
}

TEST_CASE("the bounded exhaustive check passes every race-free kernel and not the racy ones",
          "[slow]") {
    for (const VariantInfo& v : catalog()) {
        // scan-pipeline's 224 threads x 3 run-aheads are 672 runs of a 4096-element tile: about
        // two minutes here, past the sanitize preset's ten under ASan; there its schedules are
        // test_scan_pipeline_emulated.cpp's (copy policies, random, blocks side by side).
        if (v.persistent && kSanitized) continue;
        const trace::Request r = one_block(v, smallest_block(v));
        // Run-aheads of 1, 2 and 64 turns: enough for both racy kernels' counter-examples, and
        // a third of the full bound's cost (`race --exhaustive` runs all of kBoundExtras).
        const run::BoundedCheck c = run::check_bounded(r, {1, 2, 64});
        INFO(v.id << ": " << c.error << " " << c.schedule << " " << c.got);
        REQUIRE(c.error.empty());
        CHECK(c.counterexample == v.schedule_sensitive);
        if (c.counterexample) {
            CHECK(c.smallest.extra <= 2);
            trace::Request replay = r;
            replay.schedule = c.schedule;
            CHECK_FALSE(run::run_on_emulator(replay).ok);
        } else {
            CHECK(c.lockstep_hazards == 0);
            CHECK(c.schedules > 3 * c.threads);  // lockstep and every run-ahead of every thread
        }
        CHECK(contains(c.bound, "not a proof for other sizes"));
    }
}
