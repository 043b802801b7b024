// A pipelined warp's job in words, for the Pipeline view's model and panel alike.
#pragma once
#include "kernels/trace/event.hpp"

namespace ws::ui {

// "producer", "aggregator", "look-back", "consumer"
const char* warp_role_name(trace::WarpRole r);

}  // namespace ws::ui
