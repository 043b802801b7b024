// A grade's witness of the recorder's bank conflicts (issue 57): the GPU's own counters (CUPTI)
// over the same launch of the unprobed kernel, which nothing in the kernel's code can write. The
// recorder counts inside the kernel's process; the GPU counts in its hardware. A check on bank
// conflicts that the GPU bears out is not self-reported; one it contradicts fails on the GPU's
// count. Read on a GPU for every kernel; CUPTI refuses to count beside the Compute Sanitizer API
// that records a plain kernel (CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED on an H200,
// 2026-11-29), so a grade counts a plain kernel in a second child with no recorder
// (user::kRecorderWitness).
#pragma once
#include <string>
#include <vector>

#include "kernels/trace/trace.hpp"

namespace ws::run {

// What the witness reads: shared load and store bank conflicts and the shared instructions the
// tolerance is a share of (kernels/run/hardware_compare.hpp names them).
const std::vector<std::string>& witness_metrics();

// With the GPU full, other warps' traffic through the same L1 adds conflicts the access pattern
// does not make: up to 2.2 % of the shared instructions in assets/measurements/
// ncu-counters-nvidia-h200.md (scan-warp-shuffle, 4096 blocks; none with 64 blocks or fewer).
// The GPU's count may exceed the recorder's by this share of the GPU's shared instructions.
inline constexpr double kWitnessExcess = 0.03;

struct ConflictWitness {
    bool counted = false;  // the GPU's counters were read
    bool agrees = false;   // they bear out the recorder's count
    double gpu = 0;        // the GPU's own bank conflicts, loads and stores
    // !counted: why not; !agrees: the two counts in one line.
    std::string why;
};

// Why a plain kernel's recording process has no witness: CUPTI's refusal beside the Sanitizer
// API, in words (a run outside a grade, which does not count it again).
inline constexpr const char* kNoWitnessBesideSanitizer =
    "CUPTI cannot count beside the Compute Sanitizer API that recorded this plain CUDA kernel";

// `recorded`: the traced launch's totals from the recorder; `gpu`, `gpu_error`: what CUPTI
// counted over the same launch (Trace::hardware, Trace::hardware_error).
ConflictWitness witness_conflicts(const trace::Counters& recorded,
                                  const std::vector<trace::HardwareCount>& gpu,
                                  const std::string& gpu_error);

// Whether a puzzle's field is a bank-conflict count the witness speaks for.
bool witnessed_field(const std::string& field);

// The counts as the child hands them to its parent ("METRIC VALUE" lines, or "error: WHY"), and
// back; a line that does not parse is dropped.
std::string encode_witness(const std::vector<trace::HardwareCount>& gpu, const std::string& error);
void decode_witness(const std::string& text, std::vector<trace::HardwareCount>& gpu,
                    std::string& error);

}  // namespace ws::run
