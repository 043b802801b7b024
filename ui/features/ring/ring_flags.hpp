// The Across GPUs view's flags: the virtual GPUs, the floats on each, and the naive plan.
#pragma once
#include <cstdint>
#include <optional>

#include "ui/flags/flag_row.hpp"

namespace ws::ui {

struct RingArgs {
    std::optional<unsigned> ring_gpus;    // 2..8
    std::optional<std::uint64_t> ring_n;  // the floats on each GPU
    bool ring_naive = false;              // its naive plan rather than the ring
};

const FlagTable<RingArgs>& ring_flags();

}  // namespace ws::ui
