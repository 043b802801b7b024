// An event's value as a number of the traced array's type (shuffles carry the same type).
#pragma once
#include "kernels/trace/dtype.hpp"
#include "kernels/trace/event.hpp"

namespace ws::trace {

inline double event_value(const Event& e, DType type) {
    return decode_value(e.value, type);
}

}  // namespace ws::trace
