// Which lane a shuffle reads from: one function for the GPU recorder and the emulator, so the
// two can never disagree. Follows the CUDA programming guide: lanes are split into segments of
// `width` (a power of two up to 32); reading past the segment's end (down, xor) or before its
// start (up) returns the caller's own value, i.e. the source is the caller itself.
#pragma once

#if defined(__CUDACC__)
#define WS_HD __host__ __device__
#else
#define WS_HD
#endif

namespace ws::probe {

enum class ShuffleMode : unsigned { Idx, Up, Down, Xor };

WS_HD constexpr unsigned shuffle_source_lane(ShuffleMode mode, unsigned lane, int arg,
                                             unsigned width) {
    const unsigned base = lane & ~(width - 1u);
    switch (mode) {
        case ShuffleMode::Idx:
            return base + (unsigned(arg) & (width - 1u));
        case ShuffleMode::Up: {
            const int src = int(lane) - arg;
            return src < int(base) ? lane : unsigned(src);
        }
        case ShuffleMode::Down: {
            const unsigned src = lane + unsigned(arg);
            return src >= base + width ? lane : src;
        }
        case ShuffleMode::Xor: {
            const unsigned src = lane ^ (unsigned(arg) & 31u);
            return src >= base + width ? lane : src;
        }
    }
    return lane;
}

// The predicate shfl.up sets (`shfl.sync.up.b32 d|p, ...`): whether the lane `delta` below the
// caller is inside its segment of `width` lanes, so that the value it received is a neighbour's.
WS_HD constexpr bool shuffle_up_in_range(unsigned lane, unsigned delta, unsigned width) {
    const unsigned base = lane & ~(width - 1u);
    return int(lane) - int(delta) >= int(base);
}

}  // namespace ws::probe
