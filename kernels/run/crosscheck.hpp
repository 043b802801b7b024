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
#pragma once
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

// Renames and sorts the traced blocks of a dynamic-tile kernel; does nothing for the others.
void normalize_dynamic_tiles(const VariantInfo& v, trace::Trace& t);

// first_difference after normalize_dynamic_tiles on copies of both; "" when equal.
std::string crosscheck_difference(const VariantInfo& v, trace::Trace gpu, trace::Trace emulator);

}  // namespace ws::run
