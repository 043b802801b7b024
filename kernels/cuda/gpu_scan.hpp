// The scan half of run_on_gpu (gpu_scan.cu): `out` comes filled by prepare_trace.
#pragma once
#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::cuda {

// Runs the whole scan unprobed, checks every output element against the CPU reference, then
// records its traced launch (kernels/scan_plan.hpp) for the blocks asked for and the totals.
// Throws CudaError on a CUDA failure.
void run_scan_on_gpu(const VariantInfo& info, const run::RunOptions& options, trace::Trace& out);

}  // namespace ws::cuda
