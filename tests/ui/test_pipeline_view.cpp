// The Pipeline panel's model (ui/model/trace/pipeline_view.hpp) on scan-pipeline traces from the
// emulator: its stages cycle filling, full, scanning, free; a consumer waits on a
// stage whose copy is in flight only when the copy engine is lazy; the bytes in flight never
// pass the stages a block loads ahead; a trace without an order (a GPU's) has the tiles' rows and
// no moments, and says why.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

#include "kernels/algorithms/scan/pipeline_shape.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "ui/model/trace/trace_view.hpp"

using namespace ws;
using ws::ui::StageState;

namespace {

std::shared_ptr<const ui::TraceView> pipeline_run(const char* schedule, std::uint64_t n = 20780) {
    trace::Request r;
    r.algo = "scan-pipeline";
    r.n = n;
    r.block = 224;
    r.pattern = "random";
    r.seed = 1;
    r.schedule = schedule;
    auto t = std::make_shared<trace::Trace>(run::run_on_emulator(r));
    INFO(t->error);
    REQUIRE(t->ok);
    return ui::make_trace_view(t);
}

}  // namespace

TEST_CASE("the pipeline view names the stages, the rings and the tiles of the shown block",
          "[pipeline]") {
    const auto v = pipeline_run("lockstep");
    const ui::PipelineView& p = v->pipeline;
    REQUIRE(p.shown);
    CHECK(p.timed);
    CHECK(p.stages == scan::pipeline::kStages);
    CHECK(p.stage_bytes == scan::pipeline::kStageBytes);
    CHECK(p.rings == std::vector<std::string>{"full", "empty", "aggregated", "prefixed"});
    // Block 0 runs alone first and draws all six tiles: five by the copy engine, the partial
    // last one (300 elements) by the producer's lanes.
    REQUIRE(p.tiles.size() == 6);
    for (std::uint32_t k = 0; k < 6; ++k) {
        CHECK(p.tiles[k].tile == k);
        CHECK(p.tiles[k].stage == k);
        CHECK(p.tiles[k].by_copy == (k < 5));
        CHECK(p.tiles[k].aggregate_at != ui::TileRow::kNoMoment);
        CHECK(p.tiles[k].prefix_at != ui::TileRow::kNoMoment);
        CHECK(p.tiles[k].aggregate_at <= p.tiles[k].prefix_at);
    }
    REQUIRE_FALSE(p.moments.empty());
    CHECK(p.moments.front().warps.size() == 7);
}

TEST_CASE("a stage is filled, full, scanned and freed, in that order", "[pipeline]") {
    const auto v = pipeline_run("lockstep");
    const ui::PipelineView& p = v->pipeline;
    std::vector<StageState> seen;
    for (const ui::PipelineMoment& m : p.moments)
        if (seen.empty() || seen.back() != m.stages[0].state) seen.push_back(m.stages[0].state);
    // (The first moment is the producer's first draw: stage 0 is filling from the start.)
    CHECK(seen == std::vector<StageState>{StageState::Filling, StageState::Full,
                                          StageState::Scanning, StageState::Free});
    const std::uint64_t ahead_bytes =
        std::uint64_t(scan::pipeline::tiles_ahead(6, 6)) * scan::pipeline::kStageBytes;
    CHECK(p.max_in_flight > 0);
    for (const ui::PipelineMoment& m : p.moments) CHECK(m.in_flight <= ahead_bytes);
}

TEST_CASE("only a lazy copy engine keeps a consumer waiting on a loading stage", "[pipeline]") {
    const auto prompt = pipeline_run("lockstep");
    CHECK(prompt->pipeline.copy_waits == 0);
    const auto lazy = pipeline_run("lockstep,copies=lazy");
    CHECK(lazy->pipeline.copy_waits > 0);
    REQUIRE(lazy->pipeline.first_copy_wait < lazy->pipeline.moments.size());
    const ui::PipelineMoment& m = lazy->pipeline.moments[lazy->pipeline.first_copy_wait];
    CHECK(m.what.find("its copy is still in flight") != std::string::npos);
    CHECK(std::any_of(m.warps.begin(), m.warps.end(),
                      [](const ui::WarpNow& w) { return w.waits_for_copy; }));
}

TEST_CASE("a trace with no order of events (a GPU's) has its tiles and no moments", "[pipeline]") {
    const auto v = pipeline_run("lockstep");
    trace::BlockTrace gpu_like = *v->block;
    gpu_like.order.clear();
    gpu_like.landed.clear();
    const ui::PipelineView p = ui::pipeline_view(gpu_like, v->source_lines);
    CHECK(p.shown);
    CHECK_FALSE(p.timed);
    CHECK(p.moments.empty());
    CHECK(p.why_untimed.find("GPU") != std::string::npos);
    CHECK(p.tiles.size() == 6);
}

TEST_CASE("a kernel without stage rings shows no pipeline", "[pipeline]") {
    trace::Request r;
    r.algo = "scan-decoupled-lookback-vector";
    r.n = 5000;
    r.block = 128;
    const auto v = ui::make_trace_view(std::make_shared<trace::Trace>(run::run_on_emulator(r)));
    CHECK_FALSE(v->pipeline.shown);
}
