// The CUDA backend as the rest of the program sees it: plain C++, no CUDA headers, so the
// command line and the UI can call it without knowing CUDA. Built only when nvcc is found
// (WS_HAVE_CUDA); kernels/cuda/*.cu implement it.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/gpu_support.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::cuda {

// "" when a CUDA device is usable; else one line saying why not (no driver, driver too old,
// no device, ...).
std::string unavailable_reason();

struct DeviceInfo {
    std::string name;
    int ordinal = 0;
    int sm_count = 0;
    int cc_major = 0, cc_minor = 0;
    std::uint64_t global_mem_bytes = 0;
    std::uint64_t l2_bytes = 0;
    std::uint64_t smem_per_block = 0, smem_per_block_optin = 0, smem_per_sm = 0;
    // The code of this build the driver runs on it: the architecture it was compiled for (90 for
    // sm_90 code, 75 for compute_75 PTX compiled by the driver) and in words.
    int code_sm = 0;
    std::string code;
    int sm_clock_khz = 0, mem_clock_khz = 0, bus_width_bits = 0;
    double peak_gbps = 0;  // 2 * memory clock * bus width / 8 (DDR)
    int driver_version = 0, runtime_version = 0;
};
// Fills `info` for device 0, or returns the reason there is none.
std::string query_device(DeviceInfo& info);
// What this build holds code for: "sm_75, sm_80, sm_86, sm_89, sm_90, compute_90 PTX".
std::string built_for();
// Device 0 as the variants' rules read it (kernels/run/gpu_support.hpp).
inline run::GpuFacts gpu_facts(const DeviceInfo& d) {
    return {d.name, unsigned(d.cc_major * 10 + d.cc_minor), unsigned(d.code_sm),
            d.smem_per_block_optin};
}

// The same request as run_on_emulator, on the GPU: the first pass recorded for the traced
// blocks, totals over all blocks, the whole reduction checked against the CPU reference.
trace::Trace run_on_gpu(const trace::Request& request, const run::RunOptions& options = {});

// Before the first CUDA call: the Compute Sanitizer API started to record the catalog's own
// unprobed kernels (RunOptions::sanitizer_recorder). "" or why not, in one line.
std::string start_catalog_sanitizer_recorder();

// After a CUDA error: clears it; a sticky one (a kernel fault) marks the GPU lost for the rest
// of the session, so unavailable_reason() says why and the front ends use the emulator.
void recover_after_error();

// For the tests: runs the scan `algo` device-wide `repeats` times back to back on the same
// device buffers (four random inputs in turn, inclusive and exclusive in turn), checking every
// element of every output. Returns "" or the first failure in one line.
std::string repeat_scan_for_test(const std::string& algo, std::uint64_t n, unsigned block,
                                 trace::DType type, unsigned repeats);

// For the tests: scan-pipeline (GPU only, kernels/cuda/pipeline_scan.hpp) device-wide `repeats`
// times at n, as repeat_scan_for_test does, its input `offset` elements past a 16-byte boundary
// (1: every tile copied by the producer's lanes, not the copy engine) and 64 poisoned elements
// after its output that must stay so. `launch`, if given, receives the launch's shape; `shape`
// forces one of pipeline_shape.hpp's kLaunchShapes (by default its table's choice for n).
struct PipelineLaunch {
    unsigned grid = 0, blocks_per_sm = 0, ahead = 0, stages = 0, stage_bytes = 0, consumers = 4;
};
std::string repeat_pipeline_for_test(std::uint64_t n, trace::DType type, unsigned repeats,
                                     unsigned offset = 0, PipelineLaunch* launch = nullptr,
                                     const PipelineLaunch* shape = nullptr);
// The same for compact-pipeline with an input of `pattern` (keep:P makes P% of it > 0): every
// kept element and the count checked against std::copy_if.
std::string repeat_compact_pipeline_for_test(std::uint64_t n, trace::DType type, unsigned repeats,
                                             const std::string& pattern,
                                             const PipelineLaunch* shape = nullptr);
// reduce-one-launch (kernels/cuda/one_launch_reduce.hpp) `repeats` times in a row from an input
// `offset` elements past a 16-byte boundary, each launch's sum checked against the CPU's.
std::string repeat_one_launch_reduce_for_test(std::uint64_t n, trace::DType type, unsigned repeats,
                                              unsigned offset = 0);

// For the tests: makes the GPU fail on purpose (an invalid launch, or with sticky = true an
// illegal address in a kernel), recovers, and returns the one-line error it reported.
std::string provoke_error_for_test(bool sticky);

}  // namespace ws::cuda
