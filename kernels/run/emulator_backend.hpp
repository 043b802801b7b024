// Runs a request on the CPU emulator: the whole device-wide reduction (as many passes as it
// takes) or scan (every launch of its plan), the first pass (for scans the tile scan) recorded
// for the blocks asked for, and the result checked against the CPU reference.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/trace/trace.hpp"

namespace ws::run {

struct RunOptions {
    bool record = true;        // record the traced blocks' events and snapshots
    bool count_totals = true;  // analyse every block of the first pass for Trace::totals
    // Also read the GPU's own counters for the traced pass, launched again unprobed (a GPU
    // backend only: Trace::hardware, kernels/run/hardware_compare.hpp).
    bool hardware = false;
    // Also read the GPU's own bank conflicts and shared instructions over the whole traced pass,
    // launched again unprobed, whatever its grid: a grade's witness (run/counter_witness.hpp),
    // into Trace::hardware.
    bool witness = false;
    // When set: the bytes of the output the result was checked on (a reduction's first
    // kCheckedReduceValues elements, a scan's n), for a parent that checks them again from its
    // own reference (kernels/user/parent_check.hpp). A scan longer than kMaxCheckedScan leaves it
    // empty.
    std::string* checked_output = nullptr;
    // On the GPU: the traced launch runs the variant's unprobed kernel, recorded by the Compute
    // Sanitizer API (kernels/cuda/sanitized_kernels.cuh), not by its compiled-in probe. The
    // backend's start_sanitizer_recorder() must have been called first.
    bool sanitizer_recorder = false;
};
inline constexpr std::uint64_t kCheckedReduceValues = 4;
inline constexpr std::uint64_t kMaxCheckedScan = std::uint64_t(1) << 22;

// Never throws for bad requests or kernel errors: Trace::error says what went wrong.
trace::Trace run_on_emulator(const trace::Request& request, const RunOptions& options = {});

// The emulator's name for a trace's `device` field: "CPU emulator (lockstep)".
std::string emulator_device_name(const std::string& schedule);

}  // namespace ws::run
