// Ours against the GPU's: the hardware metrics warpscope reads with CUPTI (the names Nsight
// Compute uses), what each means, and the same number computed from a trace, so that a panel or
// `stats --hardware` can show them side by side. One launch of one block is what makes them
// comparable block for block: with the GPU full, other warps' traffic adds load conflicts
// (assets/measurements/ncu-counters-nvidia-h200.md).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/trace/trace.hpp"

namespace ws::run {

struct HardwareMetric {
    const char* metric;  // "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
    const char* what;    // "shared load bank conflicts"
    const char* brief;   // "ld conflicts": for a panel's one line
};
// Every metric read, in the order shown.
const std::vector<HardwareMetric>& hardware_metrics();
std::vector<std::string> hardware_metric_names();

struct HardwareRow {
    const HardwareMetric* metric = nullptr;
    std::uint64_t ours = 0;         // from the trace's recorded blocks
    std::optional<double> counted;  // the GPU's, when it was read
    const char* known = nullptr;    // why it is known to differ (known_difference), or null
    bool agree() const { return counted && double(ours) == *counted; }
};

// The rows for a trace: ours from every recorded block of its traced pass, the GPU's from
// Trace::hardware. `comparable` (when given) says whether the blocks recorded are the whole
// pass (one block), the condition for "must agree".
std::vector<HardwareRow> hardware_rows(const trace::Trace& t, bool* comparable = nullptr);
// The same with the GPU's counts given (recorded elsewhere) instead of Trace::hardware.
std::vector<HardwareRow> hardware_rows(const trace::Trace& t,
                                       const std::vector<trace::HardwareCount>& counted,
                                       bool* comparable = nullptr);

// A counter of an algorithm that differs from ours at one block, and why (measured on an H100,
// 2026-11-25: 831 of 880 counters of the catalog at blocks of 256 and 64 agree).
struct KnownDifference {
    const char* algo;
    std::vector<const char*> metrics;
    const char* why;
};
const std::vector<KnownDifference>& known_differences();
// Why `metric` of `algo` is known to differ, or nullptr: it must agree.
const char* known_difference(const std::string& algo, const std::string& metric);

// Why a request's hardware counts cannot be compared block for block ("" when they can).
std::string hardware_refusal(const trace::Trace& t);

}  // namespace ws::run
