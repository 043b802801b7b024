// The numbers compare puts side by side to answer "why is one slower?": time and GB/s measured
// on a GPU at a chosen n (recorded measurements, or a live sweep's), then the counters of the
// traced block that explain a gap (launches, shared instructions, wavefronts, bank conflicts,
// divergent warp-steps, steps), each with the right side's ratio to the left. Plain data.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ui/model/lab/lab_data.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

struct CompareRow {
    std::string what;         // "bank conflicts (block 0)"
    std::string left, right;  // the two values, as shown
    std::string ratio;        // right / left: "1.63x", or "" where it means nothing
    std::string why;          // what the row counts, for its tooltip
    bool same = false;        // equal on both sides: it explains no gap
};

std::vector<CompareRow> compare_rows(const TraceView& left, const TraceView& right,
                                     const MeasurementFile* measured, std::uint64_t n);

// The sizes a file measured, ascending.
std::vector<std::uint64_t> measured_sizes(const MeasurementFile* f);

}  // namespace ws::ui
