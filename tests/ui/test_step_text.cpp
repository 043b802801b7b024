// The words about a step: the warps panel's totals and the explanation's sentences.
#include <catch2/catch.hpp>

#include <memory>

#include "kernels/run/emulator_backend.hpp"
#include "ui/model/request_form.hpp"
#include "ui/model/step_text.hpp"

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
          "step (3,0): 8 of 8 warps busy, 8 divergent, 13% of lanes working");
    // The strided variant packs the same 32 threads into one warp.
    auto s = traced("reduce-interleaved-strided", "256", 256);
    CHECK(step_summary(*s, 3) ==
          "step (3,0): 1 of 8 warps busy, 0 divergent, 13% of lanes working");
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
    CHECK(ds[1].rfind("8 busy warps are divergent: only 13% of the busy warps' lanes", 0) == 0);
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
        for (const std::string& s : explain_step(*v, i)) race |= s.rfind("Race:", 0) == 0;
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
