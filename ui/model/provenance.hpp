// Where the numbers on show came from, and whether the result was right, each worded once for
// every place that says it (the header, the controls, the result line):
//   "emulated on the CPU (lockstep schedule)"
//   "measured now on NVIDIA H100 80GB HBM3"
//   "recorded on NVIDIA H100 80GB HBM3, 2026-11-22 (replayed from strided.wstrace)"
#pragma once
#include <string>

#include "kernels/trace/trace.hpp"

namespace ws::ui {

// `replayed_from`: the file the trace was opened from, "" for a run of this session.
std::string provenance(const trace::Trace& t, const std::string& replayed_from);
// The same in a word or three, for a badge that stays where the line does not fit (the header
// in presentation mode): "emulated", "H100 now", "H100 2026-11-22".
std::string provenance_badge(const trace::Trace& t, const std::string& replayed_from);
// A GPU's name as a class says it: "NVIDIA H100 80GB HBM3" -> "H100".
std::string short_device(const std::string& device);

// "result 32640, expected 32640: ok"; floating point with the bound it was checked against:
// "result 1.2346e+04, expected 1.2346e+04 (within 3.1e-03): ok"; "...: WRONG".
// Several results (reduce-minmax-avg): "min -5, max 9, sum 120, avg 3.75: ok".
std::string result_line(const trace::Trace& t);

// Several results with an average: what the wiki's average of averages gave beside the true
// one: "avg is the average of averages, 3.5; the true average, sum / n = 120 / 32, is 3.75".
// "" for the others.
std::string average_line(const trace::Trace& t);

}  // namespace ws::ui
