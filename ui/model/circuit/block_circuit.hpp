// The circuit view's addition network: kernels/run/block_circuit.hpp makes it from the trace and
// the catalog (the same network `stats` measures work and depth on); the view's names for its
// parts.
#pragma once
#include "kernels/run/block_circuit.hpp"

namespace ws::ui {

using trace::Circuit;
using trace::CircuitAdd;
using trace::CircuitLevel;

}  // namespace ws::ui
