// Runs a scan request on the CPU emulator: every launch of its plan (kernels/scan_plan.hpp), the
// traced launch recorded for the blocks asked for, the whole output checked element by element.
#pragma once
#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/sim/emulator.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

// A launch's kernel error into `out`: the message, and each block's state after a deadlock
// between blocks.
void take_kernel_error(const sim::KernelError& error, trace::Trace& out);

// `out` comes filled by prepare_trace; this sets everything else (or out.error).
void run_scan_on_emulator(const VariantInfo& info, const sim::Schedule& schedule,
                          const RunOptions& options, trace::Trace& out);

}  // namespace ws::run
