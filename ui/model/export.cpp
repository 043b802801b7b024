// Exporting per-step counters.
#include "ui/model/export.hpp"

#include <nlohmann/json.hpp>

#include "kernels/trace/counter_fields.hpp"
#include "ui/model/request_form.hpp"

namespace ws::ui {

std::string stats_csv(const TraceView& v) {
    std::string out = "phase,substep,ld_conflicts,st_conflicts";
    for (const auto& f : trace::kCounterFields) out += std::string(",") + f.name;
    out += "\n";
    for (const StepView& s : v.steps) {
        out += std::to_string(s.id.phase) + "," + std::to_string(s.id.substep) + "," +
               std::to_string(s.smem_ld_conflicts) + "," + std::to_string(s.smem_st_conflicts);
        for (const auto& f : trace::kCounterFields)
            out += "," + std::to_string(s.counters.*(f.member));
        out += "\n";
    }
    return out;
}

std::string stats_json(const TraceView& v) {
    nlohmann::json j;
    if (v.trace) {
        const trace::Trace& t = *v.trace;
        j["request"] = run::command_line(t.request);
        j["device"] = t.device;
        j["recorded_at"] = t.recorded_at;
        j["block"] = v.block ? v.block->block : 0;
        j["error"] = t.error;
    }
    nlohmann::json steps = nlohmann::json::array();
    for (const StepView& s : v.steps) {
        nlohmann::json row = {{"phase", s.id.phase},
                              {"substep", s.id.substep},
                              {"ld_conflicts", s.smem_ld_conflicts},
                              {"st_conflicts", s.smem_st_conflicts}};
        for (const auto& f : trace::kCounterFields) row[f.name] = s.counters.*(f.member);
        steps.push_back(row);
    }
    j["steps"] = steps;
    nlohmann::json totals;
    for (const auto& f : trace::kCounterFields) totals[f.name] = v.block_totals.*(f.member);
    j["block_totals"] = totals;
    return j.dump(2) + "\n";
}

}  // namespace ws::ui
