// A trace's numbers written out, one schema for every front end: `warpscope stats` prints the
// JSON (a contract for scripts) or the table; the window's File > Export writes the JSON or the
// CSV of the same trace. Per-step counters are those of the first traced block (the one the
// window shows); totals are over every block of the first pass.
#pragma once
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {
// `foreign`: the rules of a student's kernel (run-kernel: its header's row), which the catalog
// does not have; else the catalog's row for the run's algo is read (its kind, tile, work, depth).
std::string stats_json(const trace::Trace& t, const VariantInfo* foreign = nullptr);
std::string stats_table(const trace::Trace& t, const VariantInfo* foreign = nullptr);
std::string stats_csv(const trace::Trace& t);   // a header row, then one row per step
std::string value_json(const trace::Value& v);  // a JSON number
}  // namespace ws::run
