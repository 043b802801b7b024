// The circuit view's addition network for a trace (kernels/trace/circuit.hpp derives it): the
// variant's column map from the catalog, its adding lines, and why there is none when there is
// nothing to draw. Built once per trace in the runs feature's Job (make_trace_view), never per
// frame.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/circuit.hpp"

namespace ws::ui {

using trace::Circuit;
using trace::CircuitAdd;
using trace::CircuitLevel;

// `steps`: the trace view's step ids (the block's distinct steps, in order).
// `info`: the trace's row of the catalog (nullptr: none).
Circuit make_circuit(const trace::Trace& t, const VariantInfo* info, const trace::BlockTrace& b,
                     const std::vector<trace::StepId>& steps, std::uint32_t threads,
                     std::uint32_t cells);

}  // namespace ws::ui
