// Where the numbers on show came from, worded once for every place that says it (the header,
// the controls; whether the result was right: kernels/run/result_text.hpp):
//   "emulated on the CPU as Hopper (sm_90), lockstep schedule"
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

}  // namespace ws::ui
