// Bandwidth measurements as data: what `warpscope bench` and the window's live sweep produce, what
// assets/measurements/*.json hold and what the lab reads back. One schema, one writer, one reader:
//   {"device": "...", "date": "...", "sm_count": 132, "l2_bytes": 52428800, "peak_gbps": 3350.0,
//    "block": 256, "scan_kind": "inclusive", "timing": "...",
//    "points": [{"algo": "reduce-sequential", "type": "int", "n": 1048576, "bytes": 4194304,
//                "ms": 0.01, "gbps": 420.0, "l2_resident": false, "ok": true, ...}, ...]}
// Baselines are named as kernels/baselines.hpp lists them ("copy", "cub-reduce", ...).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/trace/scan_kind.hpp"

namespace ws::run {

struct MeasuredPoint {
    std::string algo;  // a catalog id or a baseline's name
    std::string type;  // "int", "float", "double"
    std::uint64_t n = 0;
    double ms = 0;  // median
    double gbps = 0;
    std::uint64_t bytes = 0;  // the bytes its GB/s counts (0: the file does not say)
    double ms_min = 0, ms_max = 0;
    unsigned reps = 0;
    bool l2_resident = false;  // the rotated inputs still fit in L2: not a DRAM figure
    bool ok = true;            // the result matched the CPU reference
    unsigned stride = 1;       // copy-strided's (written only when not 1)
};

struct Measurements {
    std::string device = "unknown device";
    std::string date = "undated";
    int sm_count = 0;
    std::uint64_t l2_bytes = 0;
    double peak_gbps = 0;  // theoretical DRAM bandwidth
    int driver_version = 0, runtime_version = 0;
    unsigned block = 0;  // threads a block of every variant timed (0: not recorded)
    trace::ScanKind scan_kind = trace::ScanKind::Inclusive;  // of every scan timed
    std::string timing;  // how the times were taken, in one line
    std::vector<MeasuredPoint> points;
    // What was not timed, and why, one line each: an algorithm this GPU or this build's code for
    // it cannot run (kernels/run/gpu_support.hpp).
    std::vector<std::string> skipped;
    std::string error;  // non-empty: the run stopped early (no device, a CUDA error, cancelled)
};

// A point timed in several rounds (bench --rounds): the round with the median time (the lower
// middle of an even count), its runs counted over every round, the fastest and slowest run of
// any round, right only if every round was. `rounds` must not be empty.
MeasuredPoint median_round(std::vector<MeasuredPoint> rounds);

// The JSON text of a measurement file.
std::string measurements_json(const Measurements& m);
// Reads one measurement file's text into `out`; returns "" or a one-line error.
std::string parse_measurements(const std::string& text, Measurements& out);

}  // namespace ws::run
