// A grade's own count of a run's totals (kernels/user/recount.hpp): from every block's events it
// equals what the recorder summed; a changed total is named, with both values; a trace that
// lacks a block of the pass is not counted.
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
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

TEST_CASE("every catalog kernel's recording holds together, and a changed one does not",
          "[grade][recount]") {
    unsigned judged = 0;
    for (const VariantInfo& v : catalog()) {
        for (const char* flags : {"--n 3001 --block 128 --type int --pattern random",
                                  "--n 777 --block 64 --type double --pattern random"}) {
            run::RequestText text;
            std::string error;
            REQUIRE(
                run::request_text_from_flags(std::string(flags) + " --blocks all", text, error));
            text.algo = v.id;
            const run::ParsedRequest parsed = run::parse_request(text);
            if (!parsed.ok()) continue;  // a variant this request does not fit
            trace::Trace t = run::run_on_emulator(parsed.request);
            INFO(v.id << " " << flags << ": " << t.error);
            if (t.grid == 0) continue;
            CHECK(user::recording_contradiction(t) == "");
            ++judged;
        }
    }
    CHECK(judged >= 60);

    // Puzzle 2's start: one store moved to another word, one read's value changed, one barrier's
    // copy of memory changed, the order cut short, a block dropped; each is told.
    const trace::Trace t = every_block("reduce-interleaved-strided", "--n 2000 --block 128");
    REQUIRE_FALSE(t.blocks[1].order.empty());
    REQUIRE_FALSE(t.blocks[1].snapshots.empty());
    auto first = [&](trace::Trace& c, trace::EventKind kind) -> trace::Event& {
        for (std::uint32_t i : c.blocks[1].order)
            if (c.blocks[1].events[i].kind == kind && c.blocks[1].events[i].phase == 2)
                return c.blocks[1].events[i];
        FAIL("no such event");
        return c.blocks[1].events[0];
    };
    trace::Trace moved = t;
    first(moved, trace::EventKind::SharedWrite).address += 4;
    CHECK(user::recording_contradiction(moved).find(
              "the recording contradicts itself (block 1: ") == 0);
    trace::Trace misread = t;
    first(misread, trace::EventKind::SharedRead).value += 1;
    CHECK(user::recording_contradiction(misread).find(" read byte ") != std::string::npos);
    trace::Trace copied = t;
    copied.blocks[1].snapshots.back().bytes[0] ^= 1;
    CHECK(user::recording_contradiction(copied).find("shared memory copied at barrier") !=
          std::string::npos);
    trace::Trace unordered = t;
    unordered.blocks[1].order.clear();
    CHECK(user::recording_contradiction(unordered).find("block 1: the order its accesses ran in") !=
          std::string::npos);
    trace::Trace dropped = t;
    dropped.blocks.pop_back();
    CHECK(user::recording_contradiction(dropped).find("it keeps 15 blocks, not each of the "
                                                      "pass's 16 once") != std::string::npos);
}
