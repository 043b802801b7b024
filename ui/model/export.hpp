// The shown block's per-step counters as CSV and JSON (the window's "export stats").
#pragma once
#include <string>

#include "ui/model/trace_view.hpp"

namespace ws::ui {

std::string stats_csv(const TraceView& v);   // one header row, one row per step
std::string stats_json(const TraceView& v);  // {"request":..., "steps":[...], "totals":...}

}  // namespace ws::ui
