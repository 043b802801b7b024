// Padding is not a real zero. A block that runs past the end of the input fills the cells of
// its threads beyond n with the identity (`s[t] = i < n ? in[i] : 0`); drawn like any other 0
// they read as data. This marks them (kCellPadding), from the events alone, by following where
// each written value came from:
//   - input is what the thread read from the input array (kernels/plan_buffers.hpp); a thread
//     carries input once it read some, received a shuffle from a lane that carries input (a
//     vote's word: from any lane of its warp), or read a shared cell holding input; other global
//     reads and atomics (a tile's prefix, a look-back's tile number) are constants, no padding;
//   - a shared write takes what the thread read since its previous shared write (when several
//     input values were read and the write stores the first of them unchanged, only that one:
//     Blelloch's `s[a] = xa; s[b] = xb`), and, unless it updates the cell in place
//     (`s[t] += s[t + k]`), what the thread's previous write stored (a register that
//     accumulates: `v += s[t + 16]; s[t] = v`);
//   - it holds input when any of that did; else padding when some of it was padding, or when
//     it is a constant written before the block's first barrier (`: 0` above, the zeros an
//     unrolled warp of a 32-thread block reads at s[t + 32]); a constant written later (the
//     root that Blelloch clears) is the algorithm's, not padding.
// A cell stays padding until a write that is not padding. Checked on every catalog kernel
// against the cells that hold 0 when every input is 1 (tests/ui/test_padding.cpp). Not drawn
// for a block whose stages the copy engine loads (scan-pipeline): its bytes are no lane's
// write, so where a value came from is not in the events (none is marked, none wrongly).
#pragma once

namespace ws::ui {

struct TraceView;

// Sets kCellPadding on the cells of every step that hold padding after it (access-steps of a
// racy step: after the whole step). Call once the steps are final (after expand_racy_steps).
void mark_padding(TraceView& v);

}  // namespace ws::ui
