// The words about a step: the warps panel's totals and the explanation's sentences.
#include <catch2/catch.hpp>

#include <memory>

#include "kernels/run/emulator_backend.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/model/trace/step_text.hpp"
#include "ui/model/window/request_form.hpp"

using namespace ws;
using namespace ws::ui;

namespace {
std::shared_ptr<const TraceView> traced(const std::string& algo, const std::string& n,
                                        std::uint32_t block) {
    RequestForm f;
    f.algo = algo;
    f.n = n;
    f.block = block;
    return make_trace_view(
        std::make_shared<trace::Trace>(run::run_on_emulator(check_form(f).request)));
}
}  // namespace

TEST_CASE("the step's totals in words", "[text]") {
    // Divergent interleaving, 256 threads (8 warps): at step 3 threads t % 8 == 0 work,
    // 32 threads spread over all 8 warps, every one divergent.
    auto v = traced("reduce-interleaved-divergent", "256", 256);
    CHECK(step_summary(*v, 3) ==
          "step (3,0): 8 of 8 warps busy, 8 divergent, lanes busy in 13% of 768 issue slots");
    // The strided variant packs the same 32 threads into one warp.
    auto s = traced("reduce-interleaved-strided", "256", 256);
    CHECK(step_summary(*s, 3) ==
          "step (3,0): 1 of 8 warps busy, 0 divergent, lanes busy in 100% of 96 issue slots");
    CHECK(step_summary(*s, 99) == "no steps recorded");
}

TEST_CASE("explanations name the line, the lanes and the banks", "[text]") {
    auto v = traced("reduce-interleaved-strided", "2048", 1024);
    const auto s = explain_step(*v, 2);
    REQUIRE(s.size() >= 3);
    CHECK(s[0].rfind("In step (2,0), 256 threads in 8 warps run line", 0) == 0);
    CHECK(s[0].find("s[index] += s[index + stride]") != std::string::npos);
    CHECK(s[0].find("256 cells take in values read from other cells") != std::string::npos);
    CHECK(s[1].find("no divergence") != std::string::npos);
    CHECK(s[1].find("24 warps have nothing to do") != std::string::npos);
    CHECK(s[2].find("-way bank conflicts cost") != std::string::npos);

    auto d = traced("reduce-interleaved-divergent", "256", 256);
    const auto ds = explain_step(*d, 3);
    CHECK(ds[1].rfind("8 busy warps are divergent. Lanes are busy in 13% of the busy warps' issue "
                      "slots (96 of the 768 lane slots of its 24 warp instructions)",
                      0) == 0);
    CHECK(ds[1].find("predicated") != std::string::npos);
}

TEST_CASE("a racy schedule is called a race", "[text]") {
    RequestForm f;
    f.algo = "reduce-unroll-last-warp-legacy";
    f.n = "128";
    f.block = 64;
    f.schedule = "sequential";
    auto v = make_trace_view(
        std::make_shared<trace::Trace>(run::run_on_emulator(check_form(f).request)));
    bool race = false;
    for (std::size_t i = 0; i < v->step_count(); ++i)
        for (const std::string& s : explain_step(*v, i)) race |= s.rfind("Race", 0) == 0;
    CHECK(race);
}

TEST_CASE("code is shortened for sentences", "[text]") {
    CHECK(short_code("        if (t < k) s[t] += s[t + k];  // fold") ==
          "if (t < k) s[t] += s[t + k];");
    CHECK(short_code("   ").empty());
    CHECK(short_code("abcdefghij", 8) == "abcde...");
    CHECK(plural(1, "warp", "warps") == "1 warp");
    CHECK(plural(0, "warp", "warps") == "0 warps");
}

TEST_CASE("an if/else is divergence: the explanation names both sides and their lanes", "[text]") {
    // Double-buffered Kogge-Stone, block 128: at offset 4 lanes 4..31 of warp 0 add (the if),
    // lanes 0..3 copy (the else); no lane is idle.
    auto v = traced("scan-kogge-stone", "128", 128);
    const StepView& s = v->steps[3];
    CHECK(s.counters.divergent_warps == 1);
    CHECK(s.counters.idle_lane_warps == 0);
    CHECK(step_summary(*v, 3) ==
          "step (3,0): 4 of 4 warps busy, 1 divergent, lanes busy in 85% of 448 issue slots");
    const auto text = explain_step(*v, 3);
    REQUIRE(text.size() >= 2);
    CHECK(text[1].rfind("1 busy warp is divergent. In warp 0 lanes 4\xe2\x80\x93"
                        "31 run lines",
                        0) == 0);
    CHECK(text[1].find(" and lanes 0\xe2\x80\x93"
                       "3 run line") != std::string::npos);
    CHECK(text[1].find("then the other") != std::string::npos);
}

TEST_CASE(
    "a race is told as a pair of accesses in the schedule's order, with the control to change it",
    "[text]") {
    RequestForm f;
    f.algo = "reduce-unroll-last-warp-legacy";
    f.n = "128";
    f.block = 64;
    f.pattern = "random";
    f.schedule = "sequential";
    auto v = make_trace_view(
        std::make_shared<trace::Trace>(run::run_on_emulator(check_form(f).request)));
    std::string told;
    std::size_t access_step = 0;
    for (std::size_t i = 0; i < v->step_count(); ++i)
        for (const std::string& s : explain_step(*v, i))
            if (s.find("Race on s[16]: thread 0 read it") != std::string::npos && told.empty()) {
                told = s;
                access_step = i;
            }
    REQUIRE_FALSE(told.empty());
    CHECK(told.find("before thread 16 wrote it") != std::string::npos);
    CHECK(told.find("access-step 1)") != std::string::npos);
    CHECK(told.find("used the value from before the write") != std::string::npos);
    CHECK(told.find("Schedule box") != std::string::npos);
    CHECK(step_summary(*v, access_step)
              .find("access-step 17 of 32: thread 16 (the sequential "
                    "schedule)") != std::string::npos);
    CHECK(explain_step(*v, access_step)[0].rfind("Access-step 17 of 32 of step", 0) == 0);
}

TEST_CASE("lanes, threads and lines read as ranges", "[text]") {
    CHECK(lanes_text(0xfffffff0u) ==
          "lanes 4\xe2\x80\x93"
          "31");
    CHECK(lanes_text(1u) == "lane 0");
    CHECK(lanes_text(3u) == "lanes 0, 1");
    CHECK(lanes_text(0x55555555u) == "16 lanes");
    CHECK(numbers_text({0, 1, 2, 8}, "thread", "threads") ==
          "threads 0\xe2\x80\x93"
          "2, 8");
    CHECK(lines_text({26, 27, 28}) ==
          "lines 26\xe2\x80\x93"
          "28");
    CHECK(lines_text({12, 15, 19}) == "lines 12, 15 and 19");
    CHECK(lines_text({34, 35, 36, 37, 41}) ==
          "lines 34\xe2\x80\x93"
          "37 and 41");
    CHECK(lines_text({30}) == "line 30");
    CHECK(lines_text({37, 42, 43}) == "lines 37, 42 and 43");  // two in a row stay two
    CHECK(lines_text({42, 43}) == "lines 42 and 43");
}

TEST_CASE("a variant opened below its lesson's block says why nothing shows", "[step][lesson]") {
    // The strided index at block 32: no conflict in the whole run, and the window says why;
    // at the block the controls move it to, the conflicts are there and the sentence goes.
    const auto at32 = testing::emulated_view("reduce-interleaved-strided", "4096", 32);
    CHECK(at32->trace->totals.bank_conflicts == 0);
    CHECK(below_lesson_block(*at32) ==
          "At block 32 nothing shows: its bank conflicts begin at block 64: in a block of 32 the "
          "busy lanes' words 2*s*tid (below 32) each sit in a bank of their own.");
    const VariantInfo* strided = find_variant("reduce-interleaved-strided");
    REQUIRE(strided);
    const auto at_lesson =
        testing::emulated_view("reduce-interleaved-strided", "4096", strided->lesson_block);
    CHECK(at_lesson->trace->totals.bank_conflicts > 0);
    CHECK(below_lesson_block(*at_lesson).empty());
    // Every other variant that teaches conflicts shows them at 32 already, or has none at all.
    for (const VariantInfo& info : catalog()) {
        if (info.lesson_block || info.block_rule != BlockRule::PowerOfTwo32To1024) continue;
        INFO(info.id);
        const auto small = testing::emulated_view(info.id, "4096", 32);
        const auto large = testing::emulated_view(info.id, "4096", 256);
        CHECK(
            (small->trace->totals.bank_conflicts > 0 || large->trace->totals.bank_conflicts == 0));
    }
}
