// The words of a student's kernel run on the GPU (issue 19), for the command line and the window:
// its time and GB/s beside the baselines timed in the same run, and the crosscheck against the
// emulator. One place, so that both say it the same way.
#pragma once
#include <string>
#include <vector>

#include "kernels/user/user_run.hpp"

namespace ws::user {

// "the kernel: 0.0215 ms, 780.1 GB/s = 0.29 of the read-only stream (2680.4 GB/s), 0.27 of the
// copy (2901.0 GB/s), 0.98 of cub-reduce (796.3 GB/s); n = 16777216 int on NVIDIA H100 80GB
// HBM3, median of 120 runs" and the crosscheck's line.
std::vector<std::string> gpu_report_lines(const GpuExtras& gpu);

// "the GPU's trace equals the emulator's" / "the GPU's trace differs from the emulator's: ..." /
// the reason there was no comparison.
std::string crosscheck_line(const GpuExtras& gpu);

// Whether the crosscheck found the traces different (not: could not compare).
bool crosscheck_failed(const GpuExtras& gpu);

}  // namespace ws::user
