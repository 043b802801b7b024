// The warp-wide look-back of rung 11 cut into steps that never wait, so that the warp that
// walks can keep no other warp waiting on it (scan-pipeline's look-back warp). A step reads the
// status of the 32 tiles from the nearest one not yet added backwards and adds what it can: the
// tiles before the first empty one, or, when an inclusive prefix comes before any empty tile,
// everything up to and including the nearest such prefix (then the walk is done). It never
// waits for a tile further back than it needs (rung 11 waits until the whole window is
// non-empty). All 32 lanes of one warp take each step together.
#pragma once
#include "kernels/algorithms/scan/11_decoupled_lookback_vector.cuh"

namespace ws::scan::lookback {

template <class T>
struct Walk {
    int newest;  // the nearest tile not yet added (-1: none left)
    T prefix;    // the sum of the tiles added so far: at the end, of every tile before
    bool done;
};

template <class T>
WS_DEV Walk<T> start_walk(unsigned tile) {
    return Walk<T>{int(tile) - 1, T(0), tile == 0};
}

// One step; returns whether it added any tile. Lane l reads tile newest - l through
// `read(tile)`, a Status<T> (a tile before the first reads as an empty inclusive prefix).
template <class T, class Read>
WS_DEV bool walk_step(const Read& read, Walk<T>& w, unsigned lane) {
    const Status<T> s = read(w.newest - int(lane));
    const unsigned empty = __ballot_sync(kFullMask, s.flag == 0);
    const unsigned inclusive = __ballot_sync(kFullMask, s.flag == kInclusiveReady);
    // Lanes before the first empty one; the nearest inclusive prefix (32: none in the window).
    const unsigned ready = empty ? unsigned(__ffs(int(empty))) - 1 : 32u;
    const unsigned nearest = inclusive ? unsigned(__ffs(int(inclusive))) - 1 : 32u;
    const bool found = nearest < ready;
    const unsigned take = found ? nearest + 1 : ready;
    T v = lane < take ? s.value : T(0);
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(kFullMask, v, offset);
    w.prefix += v;
    w.newest -= int(take);
    w.done = found;
    return take > 0;
}

// Walks until done, sleeping a little longer each turn while the nearest tile is empty (a turn
// of a spin-wait for that tile, to the emulator).
template <class T, class Read, class Probe>
WS_DEV void walk_to_end(const Read& read, Walk<T>& w, unsigned lane, Probe& probe) {
    unsigned delay_ns = 32;
    while (!w.done) {
        if (walk_step(read, w, lane) || w.done) {
            delay_ns = 32;
            continue;
        }
        spin_wait_for(probe, unsigned(w.newest));
        back_off(delay_ns);
    }
}

}  // namespace ws::scan::lookback
