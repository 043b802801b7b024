// The GPU's own counts beside ours, for the banks, warps and global-memory panels: counted now
// (a GPU run of this session read them with CUPTI: Trace::hardware), or recorded (the same
// request run on a GPU, kept in assets/measurements/hardware-counts-*.json with device and
// date), or neither, and then why. Counts are of the traced pass's whole launch, so they are
// shown for requests whose traced pass is one block. Plain data.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/run/hardware_compare.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::ui {

// The files the GPU's own counts are kept in, in assets/measurements beside the bench's.
inline constexpr const char* kHardwareCountsPrefix = "hardware-counts-";

// One request's counts as a GPU counted them.
struct RecordedHardware {
    trace::Request request;  // algo, n, block, type, pattern, seed, kind, stride
    std::string device, date;
    std::vector<trace::HardwareCount> counts;
};
struct HardwareLibrary {
    std::vector<RecordedHardware> runs;
    std::vector<std::string> problems;  // files that could not be read, a line each
};
// Every assets/measurements/hardware-counts-*.json under `root`.
HardwareLibrary load_hardware_library(const std::string& root);
// One file's text (the format `tests/device/hardware_counts.py` writes); "" or why not.
std::string parse_hardware_file(const std::string& text, std::vector<RecordedHardware>& out);

// The GPU's own counts each panel sets beside its own: the banks' conflicts, the warps' memory
// instructions, global memory's sectors.
inline const std::vector<const char*> kBankMetrics = {run::metric::kLdConflicts,
                                                      run::metric::kStConflicts};
inline const std::vector<const char*> kWarpMetrics = {run::metric::kLds, run::metric::kSts,
                                                      run::metric::kLdg, run::metric::kStg,
                                                      run::metric::kShuffleLanes};
inline const std::vector<const char*> kGlobalMetrics = {run::metric::kLdSectors,
                                                        run::metric::kStSectors};

struct HardwareLine {
    const run::HardwareMetric* metric = nullptr;
    std::uint64_t ours = 0;
    double counted = 0;
    bool agree() const { return double(ours) == counted; }
};

// One GPU's counts of a request: counted now, or recorded with its device and date.
struct GpuCounts {
    std::string gpu;     // short: "H200"
    std::string date;    // "2026-11-28", or "now"
    std::string source;  // as HardwareView::source says it: "H200 counted (2026-11-28)"
    std::vector<trace::HardwareCount> counts;
};

struct HardwareView {
    bool live = false;   // counted in this run (else recorded, when lines are there)
    std::string source;  // "the GPU counted (NVIDIA H100 80GB HBM3, now)", "on ... (date)"
    // Every GPU's counts of the request, the one shown (source, lines) first: what a slide's
    // {hw COUNTER GPU} reads (ui/model/lesson/slide_facts.hpp). Empty with no lines.
    std::vector<GpuCounts> gpus;
    std::string why_none;  // no lines: why (one line), or "" when there is nothing to say
    std::vector<HardwareLine> lines;
    // The warps panel's divergence beside the GPU's branch counters (run::divergence_text), where
    // the GPU's were counted; "" else.
    std::string divergence;
    const HardwareLine* find(const std::string& metric) const;
};

HardwareView hardware_view(const trace::Trace& t, const HardwareLibrary& library);

}  // namespace ws::ui
