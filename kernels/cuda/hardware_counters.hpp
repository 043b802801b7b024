// The GPU's own counters (the metrics Nsight Compute names) for exactly the kernels a callback
// launches, read from inside warpscope with CUPTI (kernels/cuda/cupti_api.hpp loads it at run
// time). Never throws; what cannot be read (no CUPTI, no permission to profile, a GPU or driver
// without the metric) is one line in `error`.
#pragma once
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "kernels/trace/trace.hpp"

namespace ws::cuda {

struct CounterResult {
    std::vector<std::pair<std::string, double>> values;  // in the order asked; empty on error
    std::string error;                                   // one line; empty on success
    int passes = 0;                                      // times `launch` was called
    std::vector<std::string> not_offered;  // asked, but not among the chip's metrics: not counted
};

// Profiles what `launch` does as one range, calling it once per replay pass the metrics need:
// it must launch the same work each time, and a repeat must count the same. Each value is the
// metric over the range (a .sum metric: the sum over every kernel launched). Serialised; safe to
// call many times.
CounterResult count_hardware(const std::vector<std::string>& metrics,
                             const std::function<void()>& launch);

// Counts run::hardware_metrics() over `launch` into out.hardware, or says why not in
// out.hardware_error.
void read_hardware(const std::function<void()>& launch, trace::Trace& out);

// Counts run::witness_metrics() over `launch` (the whole launch, any grid) into out.hardware, or
// says why not in out.hardware_error.
void read_witness(const std::function<void()>& launch, trace::Trace& out);

}  // namespace ws::cuda
