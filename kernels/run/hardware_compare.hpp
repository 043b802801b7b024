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

// The metrics, named once (as Nsight Compute names them).
namespace metric {
inline constexpr const char* kLdConflicts =
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
inline constexpr const char* kStConflicts =
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
inline constexpr const char* kLdWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
inline constexpr const char* kStWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
inline constexpr const char* kLds = "smsp__sass_inst_executed_op_shared_ld.sum";
inline constexpr const char* kSts = "smsp__sass_inst_executed_op_shared_st.sum";
inline constexpr const char* kLdSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
inline constexpr const char* kStSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
inline constexpr const char* kLdg = "smsp__sass_inst_executed_op_global_ld.sum";
inline constexpr const char* kStg = "smsp__sass_inst_executed_op_global_st.sum";
// The lanes of the instructions between threads (shuffles and votes, threads with the
// instruction predicated on): the masks the warps panel's divergence is made of (issue 41).
// Hopper's counters give lanes by class of instruction, not by kind of access; the memory class
// counts instructions the trace does not record (in reduce-sequential at 256 threads, 513 more
// than its loads and stores, measured on an H100), so it is not compared.
inline constexpr const char* kShuffleLanes =
    "smsp__sass_thread_inst_executed_op_inter_thread_communication_pred_on.sum";
// Branches and instructions of every kind, for the warps panel: not warpscope's units (a step
// is the code between two syncs, a branch target the SASS's), so shown beside ours, not compared.
inline constexpr const char* kBranchTargets = "smsp__sass_branch_targets.sum";
inline constexpr const char* kDivergentTargets = "smsp__sass_branch_targets_threads_divergent.sum";
inline constexpr const char* kWarpInstructions = "smsp__inst_executed.sum";
inline constexpr const char* kThreadInstructions = "smsp__thread_inst_executed_pred_on.sum";
}  // namespace metric

struct HardwareMetric {
    const char* metric;  // "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
    const char* what;    // "shared load bank conflicts"
    const char* brief;   // "ld conflicts": for a panel's one line
};
// Every metric compared with ours, in the order shown.
const std::vector<HardwareMetric>& hardware_metrics();
std::vector<std::string> hardware_metric_names();

// The divergence counters (issue 41), read beside the warps panel's numbers: branch targets (and
// the divergent ones: a warp's threads went more than one way) and the instructions of every kind
// with the threads that ran them predicated on. Not warpscope's units (a step is the code between
// two syncs; a divergent warp-step may be one predicated access or a whole if/else, and the
// counts include instructions the trace does not record), so shown beside ours, not compared;
// what must agree are the lanes of each kind of access (hardware_metrics: "shared load lanes").
const std::vector<HardwareMetric>& divergence_metrics();

// The metrics to read, in profiling sessions: the first, the counts warpscope has always read;
// the second, the lanes and the divergence counters (a GPU or driver that has not these still
// gives the first).
std::vector<std::vector<std::string>> hardware_metric_groups();

// The warps panel's divergence beside the hardware's, for the recorded blocks of a trace.
struct DivergenceComparison {
    std::uint64_t divergent_warp_steps = 0;  // Counters::divergent_warps over the blocks' steps
    std::uint64_t idle_lane_warps = 0;
    std::uint64_t warp_instructions = 0;     // recorded memory and shuffle warp instructions
    std::uint64_t partial_instructions = 0;  // of them, run by a strict subset of the warp
    std::uint64_t lanes = 0;                 // their lanes
    std::optional<double> branch_targets, divergent_targets;  // the GPU's, when counted
    std::optional<double> gpu_warp_instructions, gpu_thread_instructions;
    // Average threads per warp instruction: ours over the recorded instructions, the GPU's
    // over every instruction it ran (nullopt where not counted).
    double lanes_per_instruction() const {
        return warp_instructions ? double(lanes) / double(warp_instructions) : 0;
    }
    std::optional<double> gpu_threads_per_instruction() const {
        if (!gpu_warp_instructions || !gpu_thread_instructions || *gpu_warp_instructions == 0)
            return std::nullopt;
        return *gpu_thread_instructions / *gpu_warp_instructions;
    }
};
DivergenceComparison divergence_comparison(const trace::Trace& t,
                                           const std::vector<trace::HardwareCount>& counts);
// One line, ours then the GPU's: "ours: 10 divergent warp-steps (10 with idle lanes), 43 of 194
// warp instructions partial, 26.1 lanes each; the GPU: 5 of 232 branch targets divergent, 31.4
// threads an instruction (every kind)"; the GPU's part left out where not counted.
std::string divergence_text(const DivergenceComparison& d);

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
