// Comparing a GPU trace with an emulator trace of the same request.
//
// A kernel that draws its tile from an atomic counter (the decoupled look-back) scans tile j in
// whichever block drew j: on the emulator, where blocks run in order, that is block j; on a GPU
// it depends on which block started first. Its trace records blockIdx, so before comparing, each
// traced block is renamed after the tile it drew (the old value of its Atomic event on the
// counter) and the blocks are sorted by it. The look-back's reads of the other tiles' status are
// not recorded (their number depends on timing), so after renaming the traces can be equal event
// for event. Totals over all blocks are not renamed: on a GPU a grid recorded in several windows
// (more than 2^18 threads) may see a tile in two windows and miss another.
//
// A persistent kernel's block draws tile after tile until none is left, each into the next of
// its stages: which block scans a tile, in which stage and in which round of that stage, is
// timing. Its trace marks each turn of each thread's loop (a Round mark naming the stage, then a
// Tile mark naming the tile, kernels/probe/pipeline.cuh) and its per-stage rings of shared
// memory (Slots marks). Before comparing, each block is cut at the Round marks: what comes before
// the first stays the block's (its barriers' init, its roles); each turn goes to a block named
// after its tile (grid + tile), its events numbered from 0 in each thread, its sub-steps counted
// from the turn's start, every address in a ring moved to the same place of the ring's first
// stage; a block's last turn (no tile left) goes to a block named after the draw that found none
// (grid + that draw). Waits on a barrier are left out (whether the producer waits depends on how
// many tiles its block drew before, and a round's number on the stage's use count); arrivals,
// copies and every value stay. Needs every block traced (--blocks all): the totals are counted
// again over the new blocks on both sides (races as the whole blocks counted them).
//
// A single-pass reduction's atomics (one add per block into the output, or the count of finished
// blocks) return what the blocks before it left, and which blocks came before depends on the
// order they ran in: the values of atomics (and of plain reads of the output) are left out of
// the comparison for those drivers (their address, thread, line and step still count), and so
// are the plain writes of the output under a spin lock (a running sum in lock order). How
// often a compare-and-swap lost its race depends on timing too: lost attempts are dropped before
// comparing (the emulator's are still in its trace and its picture). A last-block kernel's last
// block does more than the others, and which block finishes last depends on timing: that work
// is set apart as a block of its own before comparing (its events numbered from 0 in each
// thread).
#pragma once
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

// Renames and sorts the traced blocks of a dynamic-tile kernel; does nothing for the others
// (nor for a persistent one: split_persistent_tiles).
void normalize_dynamic_tiles(const VariantInfo& v, trace::Trace& t);

// A persistent kernel (scan-pipeline, persistent_tiles.cpp): its blocks re-cut into one block
// per tile, whichever block drew it, in whichever of its stages; the totals recounted over them.
void split_persistent_tiles(trace::Trace& t);

// For a single-pass reduction (above): sets a last block's work apart, drops lost races and
// zeroes the values that depend on the order of the atomics; nothing for the others.
void mask_order_dependent_values(const VariantInfo& v, trace::Trace& t);

// first_difference after normalize_dynamic_tiles and mask_order_dependent_values on copies of
// both; "" when equal.
std::string crosscheck_difference(const VariantInfo& v, trace::Trace gpu, trace::Trace emulator);

}  // namespace ws::run
