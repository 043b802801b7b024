// The Across GPUs view (issue 20): the all-reduce emulated on the CPU (kernels/multi) for `gpus`
// virtual GPUs of `n` floats each, by the ring or the naive plan; stepped with the playback cursor
// (state 0 the start, s after step s). The GPUs, plan and size are the panel's controls (a
// change posts act::RunRing); the run is RingFeature's alone.
#pragma once
#include <cstdint>
#include <memory>

#include "kernels/multi/ring_emulator.hpp"

namespace ws::ui {

inline constexpr unsigned kDefaultRingGpus = 4;
inline constexpr std::uint64_t kDefaultRingElements = 1000;
// The sizes the view offers (each GPU's array), and the most --ring-n takes.
inline constexpr std::uint64_t kRingSizes[] = {1000, std::uint64_t(1) << 20,
                                               std::uint64_t(1) << 24};
inline constexpr std::uint64_t kMaxRingElements = std::uint64_t(1) << 24;

struct RingState {
    unsigned gpus = kDefaultRingGpus;
    bool naive = false;
    std::uint64_t n = kDefaultRingElements;
    std::shared_ptr<const multi::RingRun> run;
};

}  // namespace ws::ui
