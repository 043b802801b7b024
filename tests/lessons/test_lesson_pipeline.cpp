// Lesson 6's pipeline slides (issue 38): a slide in the Pipeline view lands on a moment (a
// number, or step: copy-wait, the first wait on a copy in flight) and its facts are what the
// Pipeline panel shows at that moment; moment facts are refused where there is no moment, step
// facts where there is one; and a claim must hold for a figure as the slide shows it (rounded).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "tests/lessons/lesson_data.hpp"
#include "ui/model/lesson/claims.hpp"
#include "ui/model/lesson/slide_check.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

std::string fact(const char* expr, const FactSources& src) {
    std::string why;
    const auto f = evaluate_fact(expr, src, why);
    return f ? f->text : "(" + why + ")";
}

Slide pipeline_slide(const std::string& schedule, long step, StepAnchor anchor) {
    std::string error;
    const Lesson l = parse_lesson(
        "p",
        "title: t\nslide: s\nrequest: --algo scan-pipeline --n 20780 --seed 3 --schedule " +
            schedule + "\nview: pipeline\nstep: " +
            (anchor == StepAnchor::CopyWait ? std::string("copy-wait") : std::to_string(step)) +
            "\nsay: x\n",
        error);
    REQUIRE(error.empty());
    return l.slides.at(0);
}

}  // namespace

TEST_CASE("a pipeline slide lands on the first wait for a copy and states that moment",
          "[lesson][pipeline]") {
    const Slide s = pipeline_slide("lockstep,copies=lazy", 0, StepAnchor::CopyWait);
    SlideRun run;
    run_slide(s, shipped_lesson_data(), run);
    REQUIRE(run.view);
    const PipelineView& pv = run.view->pipeline;
    REQUIRE(pv.timed);
    REQUIRE(pv.copy_waits > 0);
    CHECK(run.sources.at_moment);
    CHECK(run.sources.step == pv.first_copy_wait);
    const PipelineMoment& m = pv.moments.at(run.sources.step);
    CHECK(fact("moment", run.sources) == m.what);
    CHECK(m.what.find("still in flight") != std::string::npos);
    std::size_t waiting = 0, for_copy = 0;
    for (const WarpNow& w : m.warps) {
        waiting += w.waiting;
        for_copy += w.waiting && w.waits_for_copy;
    }
    CHECK(for_copy >= 1);
    CHECK(fact("waiting_warps", run.sources) == std::to_string(waiting));
    CHECK(fact("copy_waiting_warps", run.sources) == std::to_string(for_copy));
    CHECK(fact("in_flight", run.sources) == std::to_string(m.in_flight));
    std::size_t states = 0;
    for (const char* state : {"free", "filling", "full", "scanning"}) {
        const std::string n = fact((std::string("stages_in ") + state).c_str(), run.sources);
        const auto count = std::count_if(m.stages.begin(), m.stages.end(), [&](const StageNow& x) {
            return std::string(stage_state_name(x.state)) == state;
        });
        CHECK(n == std::to_string(count));
        states += std::size_t(count);
    }
    CHECK(states == pv.stages);
    CHECK(fact("stages", run.sources) == std::to_string(pv.stages));
    CHECK(fact("copy_waits", run.sources) == std::to_string(pv.copy_waits));
    CHECK(fact("max_in_flight", run.sources) == std::to_string(pv.max_in_flight));
    CHECK(fact("copies", run.sources) == std::to_string(run.view->block_totals.bulk_copies));
    CHECK(fact("copy_bytes", run.sources) == std::to_string(run.view->block_totals.bulk_bytes));
    CHECK(fact("tiles", run.sources) == std::to_string(pv.tiles.size()));
    CHECK(fact("role_warps producer", run.sources) == "1");
    CHECK(fact("role_warps consumer", run.sources) == "4");
    // A word that is not a state, and a step fact at a moment, are refused in one line.
    CHECK(fact("stages_in empty", run.sources).find("not empty") != std::string::npos);
    CHECK(fact("busy_warps", run.sources).find("a moment of the pipeline view") !=
          std::string::npos);
    CHECK(fact("races", run.sources) == "0");  // a fact of the whole trace still holds
}

TEST_CASE("with prompt copies nobody waits for a copy, and a moment number is a moment",
          "[lesson][pipeline]") {
    const Slide s = pipeline_slide("lockstep", 40, StepAnchor::Number);
    SlideRun run;
    run_slide(s, shipped_lesson_data(), run);
    REQUIRE(run.view);
    const PipelineView& pv = run.view->pipeline;
    REQUIRE(pv.moments.size() > 40);
    CHECK(run.view->step_count() != pv.moments.size());  // moments are not the trace's steps
    CHECK(run.sources.step == 40);
    CHECK(fact("moment", run.sources) == pv.moments[40].what);
    CHECK(fact("copy_waits", run.sources) == "0");
    // step: copy-wait with no such wait keeps the slide's step.
    const Slide none = pipeline_slide("lockstep", 0, StepAnchor::CopyWait);
    SlideRun r2;
    run_slide(none, shipped_lesson_data(), r2);
    CHECK(r2.sources.step == 0);
    // Past the last moment: the last.
    SlideRun r3;
    run_slide(pipeline_slide("lockstep", 100000, StepAnchor::Number), shipped_lesson_data(), r3);
    CHECK(r3.sources.step == pv.moments.size() - 1);
}

TEST_CASE("moment facts need the pipeline view, pipeline facts a pipelined block",
          "[lesson][pipeline]") {
    std::string error;
    Lesson l = parse_lesson("p",
                            "title: t\nslide: s\nrequest: --algo scan-pipeline --n 20780\n"
                            "step: 3\nsay: x\n",
                            error);
    REQUIRE(error.empty());
    SlideRun run;
    run_slide(l.slides[0], shipped_lesson_data(), run);
    CHECK_FALSE(run.sources.at_moment);
    CHECK(fact("moment", run.sources).find("needs view: pipeline") != std::string::npos);
    CHECK(fact("stages", run.sources) == "6");  // not a moment's: known in any view
    l = parse_lesson("p",
                     "title: t\nslide: s\nrequest: --algo scan-kogge-stone --n 64 --block 64\n"
                     "say: x\n",
                     error);
    REQUIRE(error.empty());
    run_slide(l.slides[0], shipped_lesson_data(), run);
    CHECK(fact("stages", run.sources).find("marks no stages") != std::string::npos);
    // step: copy-wait is a moment, so only in the pipeline view.
    parse_lesson("p",
                 "title: t\nslide: s\nrequest: --algo scan-pipeline --n 20780\nstep: copy-wait\n"
                 "say: x\n",
                 error);
    CHECK(error.find("step: copy-wait is a moment of the pipeline view") != std::string::npos);
    parse_lesson("p", "title: t\nslide: s\nrequest: --algo scan-pipeline --n 20780\nstep: wait\n",
                 error);
    CHECK(error.find("race or copy-wait") != std::string::npos);
}

TEST_CASE("a claim holds for a figure as the slide shows it", "[lesson][claims]") {
    run::Measurements m;
    m.device = "NVIDIA H100 80GB HBM3";
    m.points = {{"a", "int", 1024, 1.0996, 0}, {"b", "int", 1024, 1.0, 0}};
    FactSources src;
    src.figures = &m;
    std::string why;
    REQUIRE(evaluate_fact("speedup b a int 1024", src, why)->text == "1.10");
    // 1.0996 is below 1.1, but the slide shows 1.10: the claim that it is below 1.1 fails.
    const std::string verdict = check_claim("{speedup b a int 1024} < 1.1", src);
    CHECK(verdict.find("the slide shows 1.10") != std::string::npos);
    CHECK(check_claim("{speedup b a int 1024} < 1.2", src).empty());
    CHECK(check_claim("{speedup b a int 1024} > 1.05", src).empty());
    // A bandwidth share shows three decimals: 0.947 is shown as 0.947, below 0.95.
    m.points = {{"a", "int", 1024, 1, 947}, {"copy", "int", 1024, 1, 1000}};
    CHECK(evaluate_fact("of a copy int 1024", src, why)->text == "0.947");
    CHECK(check_claim("{of a copy int 1024} < 0.95", src).empty());
}
