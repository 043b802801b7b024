// The launches of a device-wide reduction, as plain data, as kernels/scan_plan.hpp is for
// scans: which kernel entry, over which buffers, with which grid, and the bytes each moves. Both
// backends execute the same plan (the emulator with vectors, the GPU with device buffers), so
// they launch the same kernels in the same order, and bench, stats and the lab read their
// passes and bytes from it.
//
//   multi-pass          pass 0: n elements -> one partial per block; pass 1: the partials ->
//                       fewer; ... until one value remains, written to the output. A variant
//                       with several results (min, max, sum, avg) writes one array of partials
//                       per result, and its later passes read them all; blocks of one thread
//                       cannot shrink the partials, so its later passes then run two threads
//   atomic single pass  the output zeroed, then one launch: every block adds its partial into
//                       it with one atomic
//   last block          one launch: every block writes its partial and counts itself done; the
//                       last block to finish sums the partials into the output
//   spin lock           the output and the lock zeroed, then one launch: the lock's holder
//                       reads the output, adds its partial and writes it back
// Buffers (plan_buffers.hpp): 0 the input, 1 the output (one element a result), 2.. the
// partials.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/plan_buffers.hpp"
#include "kernels/trace/dtype.hpp"

namespace ws {

enum class ReduceStep {
    Pass,       // kernel(in, out, count): out[b] = block b's partial (count elements of in)
    AtomicAdd,  // kernel(in, out, count): out[0] += block b's partial, one atomic a block
    LastBlock,  // kernel(in, out, partials = aux, done counter, count)
    // Several values a block (ReduceOp::MinMaxSumAvg): kernel(in, out, count), in holding
    // one array of count partials per value, block b writing its k-th value to out[b + k*grid].
    PartialsPass,
    Locked,  // kernel(in, out, lock (probe::kLockWords words), count): out[0] += a partial
};
const char* reduce_step_name(ReduceStep s);

struct ReduceLaunch {
    ReduceStep step = ReduceStep::Pass;
    unsigned pass = 0;  // 0: over the input; 1: over its partials; ...
    unsigned grid = 0, block = 0;
    std::uint32_t smem_bytes = 0;
    std::uint64_t count = 0;  // elements read (a partials pass: partials, each of r values)
    int in = kNoBuffer, out = kNoBuffer, aux = kNoBuffer;
    std::uint64_t bytes = 0;  // global bytes read and written
    bool traced = false;      // the launch the recorders trace
};

struct ReducePlan {
    ReduceDriver driver = ReduceDriver::MultiPass;
    std::vector<ReduceLaunch> launches;
    std::vector<std::uint64_t> scratch;  // buffer k >= 2 is scratch[k - 2] elements
    std::uint64_t output_elements = 1;   // the output buffer: one value, or one a result
    bool zero_output = false;            // the output is set to 0 before the launches
    bool done_counter = false;           // a counter of finished blocks, zeroed before them
    bool lock = false;                   // a spin lock (probe::kLockWords words), zeroed too
    std::size_t traced = 0;              // index of the traced launch
    std::uint64_t bytes = 0;             // sum over the launches
};

ReducePlan reduce_plan(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType type);

// "pass 0: 33 blocks of 256 over 8209 elements, buffer 0 -> 2, 1024 B shared, 32964 bytes
//  moved, traced"
std::string describe(const ReduceLaunch& l);

}  // namespace ws
