// The ring view's picture as plain data (ui/model/ring/ring_layout.hpp, issue 20): GPUs on a
// circle, inside the area and apart; a chunk cell per GPU and chunk inside its GPU's box, holding
// what the emulator says; the step's arrows one per transfer, between the right boxes, the two
// directions between a pair apart; the bytes so far per link as the plan counts them; captions.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <optional>

#include "kernels/multi/ring_emulator.hpp"
#include "tests/test_paths.hpp"
#include "ui/model/ring/ring_layout.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

multi::RingRun run_of(unsigned k, bool naive, std::uint64_t n = 1000) {
    const multi::RingPlan plan = naive ? multi::naive_plan(n, k, 4) : multi::ring_plan(n, k, 4);
    multi::RingRun r = multi::emulate_ring(plan, trace::DType::Float32, "random", 1);
    REQUIRE(r.ok);
    return r;
}

bool inside(const Rect& inner, const Rect& outer) {
    return inner.x >= outer.x - 0.5f && inner.y >= outer.y - 0.5f &&
           inner.right() <= outer.right() + 0.5f && inner.bottom() <= outer.bottom() + 0.5f;
}

bool overlap(const Rect& a, const Rect& b) {
    return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

}  // namespace

TEST_CASE("the ring view lays out every GPU and chunk inside the area, apart", "[ring]") {
    for (const Rect area : {Rect{0, 0, 1600, 900}, Rect{10, 20, 980, 600}, Rect{0, 0, 700, 500}})
        for (unsigned k = 2; k <= 8; ++k)
            for (bool naive : {false, true}) {
                INFO("k=" << k << " naive=" << naive << " area " << area.w << "x" << area.h);
                const multi::RingRun run = run_of(k, naive);
                for (std::size_t state = 0; state < run.after_step.size(); ++state) {
                    const RingLayout l = ring_layout(run, state, area, 17.0f);
                    REQUIRE(l.gpus.size() == k);
                    for (unsigned g = 0; g < k; ++g) {
                        CHECK(inside(l.gpus[g], area));
                        for (unsigned h = g + 1; h < k; ++h)
                            CHECK_FALSE(overlap(l.gpus[g], l.gpus[h]));
                    }
                    const unsigned chunks = unsigned(run.plan.chunks.size());
                    REQUIRE(l.chunks.size() == k * chunks);
                    for (const RingChunkBox& c : l.chunks) {
                        CHECK(inside(c.rect, l.gpus[c.gpu]));
                        CHECK(c.contributions ==
                              run.after_step[state].contributions[c.gpu][c.chunk]);
                        CHECK(c.complete == (c.contributions == multi::all_contributions(k)));
                    }
                    // The start has no arrows; a step has one per transfer that carries bytes.
                    const std::size_t transfers =
                        state == 0 ? 0 : run.plan.steps[state - 1].transfers.size();
                    CHECK(l.arrows.size() == transfers);
                }
            }
}

TEST_CASE("the ring view's arrows go from sender to receiver and count the link's bytes",
          "[ring]") {
    const multi::RingRun run = run_of(4, false, 1001);
    const Rect area{0, 0, 1600, 900};
    std::uint64_t link01 = 0;
    for (std::size_t state = 1; state < run.after_step.size(); ++state) {
        const RingLayout l = ring_layout(run, state, area, 17.0f);
        for (const RingArrow& a : l.arrows) {
            const Rect& from = l.gpus[a.from];
            const Rect& to = l.gpus[a.to];
            // Each end is nearer its own box than the other.
            auto dist = [](float x, float y, const Rect& r) {
                return std::hypot(x - (r.x + r.w / 2), y - (r.y + r.h / 2));
            };
            CHECK(dist(a.x0, a.y0, from) < dist(a.x0, a.y0, to));
            CHECK(dist(a.x1, a.y1, to) < dist(a.x1, a.y1, from));
            CHECK(a.to == (a.from + 1) % 4);
            CHECK(a.label.rfind("chunk " + std::to_string(a.chunk) + ": ", 0) == 0);
        }
        for (const multi::RingTransfer& t : run.plan.steps[state - 1].transfers)
            if (t.from == 0 && t.to == 1) link01 += t.count * 4;
        for (const RingArrow& a : l.arrows)
            if (a.from == 0 && a.to == 1) CHECK(a.so_far == bytes_label(link01) + " so far");
        CHECK(l.links.empty());  // every ring link has an arrow every step
    }
    CHECK(link01 == multi::link_bytes(run.plan, 0, 1));
    // Two GPUs: the two directions between the one pair bow apart.
    const multi::RingRun two = run_of(2, false);
    const RingLayout l = ring_layout(two, 1, area, 17.0f);
    REQUIRE(l.arrows.size() == 2);
    CHECK(std::hypot(l.arrows[0].cx - l.arrows[1].cx, l.arrows[0].cy - l.arrows[1].cy) > 17.0f);
    CHECK(std::hypot(l.arrows[0].lx - l.arrows[1].lx, l.arrows[0].ly - l.arrows[1].ly) > 34.0f);
}

TEST_CASE("the ring view's captions and byte labels", "[ring]") {
    const multi::RingRun ring = run_of(3, false);
    CHECK(ring_state_caption(ring, 0) == "the start: each GPU holds only its own input");
    CHECK(ring_state_caption(ring, 1) ==
          "step 1 of 4: reduce-scatter: each GPU adds the chunk it receives");
    CHECK(ring_state_caption(ring, 4) ==
          "step 4 of 4: all-gather: each GPU passes on a finished chunk");
    CHECK(ring_state_caption(ring, 99) == ring_state_caption(ring, 4));
    const multi::RingRun naive = run_of(3, true);
    CHECK(ring_state_caption(naive, 1) ==
          "step 1 of 2: reduce: GPU 0 adds every GPU's whole array");
    // The naive broadcast: links 1->0 and 2->0 carried the arrays in step 1 and have no arrow in
    // step 2; their totals are labels.
    const RingLayout l = ring_layout(naive, 2, {0, 0, 1200, 800}, 17.0f);
    CHECK(l.links.size() == 2);
    for (const RingLinkLabel& k : l.links) {
        CHECK(k.to == 0);
        CHECK(k.bytes == 4000);
    }
    CHECK(bytes_label(512) == "512 B");
    CHECK(bytes_label(1536) == "1.5 KiB");
    CHECK(bytes_label(std::uint64_t(1) << 30) == "1.0 GiB");
}

TEST_CASE("the ring view says what two GPUs did in a step where it was recorded, and where not",
          "[ring][slow]") {
    MultiGpuLab lab;
    load_multi_gpu(std::string(WS_SOURCE_DIR) + "/assets/measurements/multi-gpu", lab);
    REQUIRE(lab.problems.empty());
    const multi::RingRun ring = run_of(2, false, std::uint64_t(1) << 24);
    CHECK(recorded_step_line(lab, ring, 0).empty());  // the start: nothing moved
    const std::string line = recorded_step_line(lab, ring, 1);
    CHECK(line.rfind("recorded on 2 \xc3\x97 NVIDIA H", 0) == 0);
    CHECK(line.find("this step took ") != std::string::npos);
    CHECK(line.find("GB/s on its busiest link") != std::string::npos);
    // The naive plan was recorded too.
    const std::string naive = recorded_step_line(lab, run_of(2, true, std::uint64_t(1) << 20), 2);
    CHECK(naive.rfind("recorded on 2 ", 0) == 0);
    // A size or a GPU count that was not recorded says so, and what the fit predicts.
    const std::string odd = recorded_step_line(lab, run_of(2, false, 1000), 1);
    CHECK(odd.rfind("no recording at 1000 floats on 2 GPUs", 0) == 0);
    CHECK(odd.find("a prediction, not a measurement") != std::string::npos);
    for (unsigned gpus : {5u, 8u}) {
        const multi::RingRun more = run_of(gpus, false, std::uint64_t(1) << 20);
        const std::string none = recorded_step_line(lab, more, 1);
        INFO(none);
        CHECK(none.rfind("no recording on " + std::to_string(gpus) + " GPUs (recorded on 2", 0) ==
              0);
        // The prediction is the fit's: steps x (alpha + chunk x beta), each step's share.
        std::optional<multi::LatencyBandwidthFit> fit;
        for (const MultiGpuFile& f : lab.files)
            if (!fit) fit = multi::fit_latency_bandwidth(f.points, multi::kHandRing, "float", 2);
        REQUIRE(fit);
        char want[64];
        std::snprintf(want, sizeof want, "predicts %.3f ms a step",
                      multi::fitted_ms(*fit, std::uint64_t(1) << 20, gpus) / (2 * (gpus - 1)));
        CHECK(none.find(want) != std::string::npos);
    }
}

TEST_CASE("no arrow or link label covers a GPU, 8 GPUs in a 1024x768 window too", "[ring][slow]") {
    // The Across GPUs panel at 1024x768 in presentation mode (23-pixel text), and larger.
    for (const auto& [area, em] :
         {std::pair{Rect{0, 0, 1008, 640}, 23.0f}, std::pair{Rect{0, 0, 1264, 600}, 23.0f},
          std::pair{Rect{0, 0, 1600, 900}, 17.0f}})
        for (unsigned k : {4u, 8u})
            for (bool naive : {false, true}) {
                const multi::RingRun run = run_of(k, naive, 1 << 20);
                for (std::size_t state = 0; state < run.after_step.size(); ++state) {
                    INFO("k=" << k << " naive=" << naive << " state " << state << " area " << area.w
                              << "x" << area.h);
                    const RingLayout l = ring_layout(run, state, area, em);
                    for (const RingArrow& a : l.arrows) {
                        if (a.label.empty()) continue;  // said once over the picture
                        const Rect r = ring_label_rect(a.lx, a.ly, a.label, a.so_far, em);
                        for (const Rect& g : l.gpus) CHECK_FALSE(overlap(r, g));
                    }
                    for (const RingLinkLabel& k2 : l.links) {
                        const Rect r = ring_label_rect(k2.x, k2.y, k2.text, "", em);
                        for (const Rect& g : l.gpus) CHECK_FALSE(overlap(r, g));
                    }
                }
            }
}

TEST_CASE("words every arrow would repeat are said once, and labels stay apart", "[ring]") {
    const multi::RingRun ring = run_of(8, false, 1 << 20);
    CHECK(ring_step_common(ring, 0).empty());  // the start: no arrow
    CHECK(ring_step_common(ring, 1) ==
          "every arrow carries 512.0 KiB, added on arrival; each of these links 512.0 KiB so far");
    CHECK(ring_step_common(ring, 9) ==
          "every arrow carries 512.0 KiB, copied; each of these links 4.5 MiB so far");
    const RingLayout l = ring_layout(ring, 3, {0, 0, 1008, 540}, 23.0f);
    REQUIRE(l.arrows.size() == 8);
    for (const RingArrow& a : l.arrows) {
        CHECK(a.label == "chunk " + std::to_string(a.chunk));
        CHECK(a.so_far.empty());
    }
    // Links that carried different totals keep their own words.
    const multi::RingRun uneven = run_of(4, false, 1001);
    CHECK(ring_step_common(uneven, 1).empty());
    // The naive plan's arrows into GPU 0 at 8 GPUs, in a 1024x768 window: no two labels meet.
    for (bool naive : {false, true}) {
        const multi::RingRun run = run_of(8, naive, 99999);
        for (std::size_t state = 1; state < run.after_step.size(); ++state) {
            INFO("naive=" << naive << " state " << state);
            const float em = 23.0f;
            const RingLayout m = ring_layout(run, state, {0, 0, 1008, 540}, em);
            std::vector<Rect> labels;
            for (const RingArrow& a : m.arrows)
                if (!a.label.empty())
                    labels.push_back(ring_label_rect(a.lx, a.ly, a.label, a.so_far, em));
            for (const RingLinkLabel& k : m.links)
                labels.push_back(ring_label_rect(k.x, k.y, k.text, "", em));
            for (std::size_t i = 0; i < labels.size(); ++i)
                for (std::size_t j = i + 1; j < labels.size(); ++j)
                    CHECK_FALSE(overlap(labels[i], labels[j]));
        }
    }
}
