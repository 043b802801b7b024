// Which of warpscope's hardware metrics each GPU generation's counters offer, asked of CUPTI's
// host side (no GPU needed: CI asks it for every chip of the five architectures). At run time
// the counters ask the GPU's own chip the same way, so that a metric it lacks costs only itself
// (kernels/cuda/hardware_counters.cpp).
#pragma once
#include <string>
#include <vector>

#include "kernels/cuda/cupti_api.hpp"

namespace ws::cuda {

// Whether the chip of `host` (a profiler host object) offers `metric`: a counter, ratio or
// throughput of that name. The one test both users share.
bool chip_offers(const cupti::Api& api, CUpti_Profiler_Host_Object* host,
                 const std::string& metric);

// The chips CUPTI knows ("TU104", "GA100", "GH100", ...), or empty with `error` saying why.
std::vector<std::string> cupti_chips(std::string& error);
// Those of `metrics` (full names: "smsp__inst_executed.sum") that `chip` does not offer; `error`
// says why CUPTI could not be asked (the list is then empty).
std::vector<std::string> metrics_not_offered(const std::string& chip,
                                             const std::vector<std::string>& metrics,
                                             std::string& error);

}  // namespace ws::cuda
