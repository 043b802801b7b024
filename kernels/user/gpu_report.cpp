// The words of a GPU run of a student's kernel (gpu_report.hpp).
#include "kernels/user/gpu_report.hpp"

#include <cstdio>

#include "kernels/user/gpu_runner.hpp"

namespace ws::user {
namespace {

std::string fixed(double v, int digits) {
    char b[64];
    std::snprintf(b, sizeof b, "%.*f", digits, v);
    return b;
}

}  // namespace

std::vector<std::string> gpu_report_lines(const GpuExtras& gpu) {
    std::vector<std::string> lines;
    const run::Measurements& m = gpu.timing;
    const run::MeasuredPoint* mine = nullptr;
    for (const run::MeasuredPoint& p : m.points)
        if (p.algo == kTimedKernel) mine = &p;
    if (!mine) {
        lines.push_back("not timed: " +
                        (m.error.empty() ? std::string("no times came back") : m.error));
    } else {
        std::string line = std::string(kTimedKernel) + ": " + fixed(mine->ms, 4) + " ms, " +
                           fixed(mine->gbps, 1) + " GB/s";
        std::string sep = " = ";
        for (const run::MeasuredPoint& p : m.points) {
            if (&p == mine || p.gbps <= 0) continue;
            const std::string name = p.algo == "read-only" ? "the read-only stream"
                                     : p.algo == "copy"    ? "the copy"
                                                           : p.algo;
            line += sep + fixed(mine->gbps / p.gbps, 2) + " of " + name + " (" + fixed(p.gbps, 1) +
                    " GB/s)";
            sep = ", ";
        }
        line += "; n = " + std::to_string(mine->n) + " " + mine->type + " on " + m.device +
                ", median of " + std::to_string(mine->reps) + " runs";
        if (mine->l2_resident) line += " (the inputs fit in L2: not a DRAM figure)";
        if (!mine->ok) line += "; WRONG RESULT in the timed runs";
        lines.push_back(line);
        for (const run::MeasuredPoint& p : m.points)
            if (p.algo == kRecordedKernel && mine->ms > 0)
                lines.push_back("recording: " + fixed(p.ms, 3) + " ms (" +
                                fixed(p.ms / mine->ms, 0) +
                                " times the kernel's median): the traced pass's counting and "
                                "recording launches and their copies, once");
    }
    lines.push_back(crosscheck_line(gpu));
    return lines;
}

std::string crosscheck_line(const GpuExtras& gpu) {
    if (!gpu.crosschecked)
        return "crosscheck: " + (gpu.crosscheck.empty() ? std::string("not run") : gpu.crosscheck);
    if (gpu.crosscheck.empty() && !gpu.compiler_difference.empty())
        return "crosscheck: the GPU made the emulator's accesses with the same values, barrier by "
               "barrier, in the optimized code's order and places (first: " +
               gpu.compiler_difference + ")";
    if (gpu.crosscheck.empty()) return "crosscheck: the GPU's trace equals the emulator's";
    return "crosscheck: the GPU's trace differs from the emulator's: " + gpu.crosscheck;
}

bool crosscheck_failed(const GpuExtras& gpu) {
    return gpu.crosschecked && !gpu.crosscheck.empty();
}

}  // namespace ws::user
