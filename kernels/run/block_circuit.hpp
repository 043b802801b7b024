// A block's network of additions (kernels/trace/circuit.hpp) from the catalog's facts, and the
// work and depth it measures (issue 35): the circuit view, `stats`, the puzzles and the lessons
// all count work and depth here, so that they say the same. Depth is the network's longest
// chain of additions, not the number of steps that add (a warp-synchronous scan adds several
// times in one step).
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/circuit.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

// `info`: the trace's row of the catalog, or a student's kernel's (nullptr: none); `steps`: the
// block's steps (trace::block_steps); `cells`: the shared array's length in elements.
trace::Circuit block_circuit(const trace::Trace& t, const VariantInfo* info,
                             const trace::BlockTrace& b, const std::vector<trace::StepId>& steps,
                             std::uint32_t threads, std::uint32_t cells);

// Work (additions), depth (the longest chain) and the steps that add, of the first traced block.
struct MeasuredWorkDepth {
    std::uint64_t work = 0;
    std::uint32_t depth = 0;
    std::uint32_t steps = 0;
};
MeasuredWorkDepth measured_work_depth(const trace::Trace& t, const VariantInfo& info);

}  // namespace ws::run
