#include "ui/model/lesson/slide_facts_pipeline.hpp"

#include <algorithm>

#include "ui/model/pipeline/warp_role_text.hpp"

namespace ws::ui {
namespace {

const std::vector<FactInfo> kPipelineFacts = {
    {"stages", "", "data stages of the pipeline's ring in shared memory"},
    {"stage_bytes", "", "bytes a data stage holds (one tile)"},
    {"tiles", "", "tiles the shown block drew"},
    {"copies", "", "bulk copies the shown block issued (one lane each)"},
    {"copy_bytes", "", "bytes those copies moved from global to shared memory"},
    {"copy_waits", "", "waits on a stage begun while its copy was still in flight"},
    {"max_in_flight", "", "the most bytes the copy engine had in flight at once"},
    {"role_warps", "ROLE", "warps whose job is ROLE (producer, aggregator, look-back, consumer)"},
    {"moments", "", "moments of the pipeline view"},
    {"moment", "", "the slide's moment, as the pipeline panel words it (view: pipeline)"},
    {"in_flight", "", "bytes in flight at the slide's moment"},
    {"stages_in", "STATE", "stages free, filling, full or scanning at the slide's moment"},
    {"waiting_warps", "", "warps waiting on a barrier at the slide's moment"},
    {"copy_waiting_warps", "", "of them, warps waiting on a stage whose copy is in flight"},
};

constexpr StageState kStates[] = {StageState::Free, StageState::Filling, StageState::Full,
                                  StageState::Scanning};

bool is_moment_fact(const std::string& name) {
    return name == "moment" || name == "in_flight" || name == "stages_in" ||
           name == "waiting_warps" || name == "copy_waiting_warps";
}

FactValue count(double x) {
    FactValue f;
    f.number = x;
    f.text = std::to_string(static_cast<long long>(x));
    return f;
}

}  // namespace

const std::vector<FactInfo>& pipeline_fact_table() {
    return kPipelineFacts;
}

std::optional<FactValue> pipeline_fact(const std::string& name,
                                       const std::vector<std::string>& args, const FactSources& src,
                                       std::string& why) {
    const PipelineView& pv = src.view->pipeline;
    if (!pv.shown) {
        why = name + " needs a pipelined block (the slide's trace marks no stages)";
        return std::nullopt;
    }
    if (name == "stages") return count(pv.stages);
    if (name == "stage_bytes") return count(pv.stage_bytes);
    if (name == "tiles") return count(double(pv.tiles.size()));
    if (name == "copies") return count(double(src.view->block_totals.bulk_copies));
    if (name == "copy_bytes") return count(double(src.view->block_totals.bulk_bytes));
    if (!pv.timed) {
        why = name + " needs the pipeline's moments, and " + pv.why_untimed;
        return std::nullopt;
    }
    if (name == "copy_waits") return count(double(pv.copy_waits));
    if (name == "max_in_flight") return count(double(pv.max_in_flight));
    if (name == "moments") return count(double(pv.moments.size()));
    if (name == "role_warps") {
        if (pv.moments.empty()) return count(0);
        std::size_t n = 0;
        for (const WarpNow& w : pv.moments.back().warps)
            n += w.has_role && args[0] == warp_role_name(w.role);
        return count(double(n));
    }
    if (!is_moment_fact(name)) {
        why = "fact " + name + " is listed but not computed";  // a bug: table and code disagree
        return std::nullopt;
    }
    if (!src.at_moment) {
        why = name + " is a fact of a moment: the slide needs view: pipeline";
        return std::nullopt;
    }
    if (src.step >= pv.moments.size()) {
        why = name + ": the pipeline has no moment " + std::to_string(src.step + 1);
        return std::nullopt;
    }
    const PipelineMoment& m = pv.moments[src.step];
    if (name == "moment") {
        FactValue f;
        f.is_number = false;
        f.text = m.what;
        return f;
    }
    if (name == "in_flight") return count(double(m.in_flight));
    if (name == "stages_in") {
        const auto state = std::find_if(std::begin(kStates), std::end(kStates), [&](StageState s) {
            return args[0] == stage_state_name(s);
        });
        if (state == std::end(kStates)) {
            why = "stages_in takes free, filling, full or scanning, not " + args[0];
            return std::nullopt;
        }
        return count(double(std::count_if(m.stages.begin(), m.stages.end(),
                                          [&](const StageNow& s) { return s.state == *state; })));
    }
    std::size_t waiting = 0, for_copy = 0;
    for (const WarpNow& w : m.warps) {
        waiting += w.waiting;
        for_copy += w.waiting && w.waits_for_copy;
    }
    return count(double(name == "waiting_warps" ? waiting : for_copy));
}

}  // namespace ws::ui
