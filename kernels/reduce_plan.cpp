#include "kernels/reduce_plan.hpp"

namespace ws {
namespace {

ReduceLaunch launch(ReduceStep step, unsigned pass, unsigned grid, unsigned block,
                    std::uint32_t smem, std::uint64_t count, int in, int out, std::uint64_t bytes) {
    ReduceLaunch l;
    l.step = step;
    l.pass = pass;
    l.grid = grid;
    l.block = block;
    l.smem_bytes = smem;
    l.count = count;
    l.in = in;
    l.out = out;
    l.bytes = bytes;
    l.traced = pass == 0;
    return l;
}

// Pass k reads the partials pass k - 1 wrote; passes alternate between two scratch buffers
// (each big enough for every pass that writes it) and the last writes the output. With r
// results a block, each pass writes r arrays of partials and the later ones read r values a
// partial.
void multi_pass(ReducePlan& plan, const VariantInfo& v, std::uint64_t n, unsigned block,
                trace::DType type) {
    const std::uint64_t size = trace::dtype_size(type);
    const std::uint64_t r = result_names(v.reduce_op).size();
    plan.output_elements = r;
    int in = kInputBuffer;
    for (unsigned pass = 0;; ++pass) {
        const unsigned grid = grid_for(v, n, block, type);
        int out = kOutputBuffer;
        if (grid > 1) {
            if (plan.scratch.size() < 2) plan.scratch.push_back(r * grid);
            out = 2 + int(pass % 2);
        }
        const std::uint64_t read = pass == 0 ? n : r * n;
        const ReduceStep step = pass > 0 && r > 1 ? ReduceStep::PartialsPass : ReduceStep::Pass;
        plan.launches.push_back(launch(step, pass, grid, block, smem_bytes_for(v, block, type), n,
                                       in, out, (read + r * grid) * size));
        if (grid == 1) return;
        in = out;
        n = grid;
        if (block == 1) block = 2;  // else every later pass would have as many blocks
    }
}

}  // namespace

const char* reduce_step_name(ReduceStep s) {
    switch (s) {
        case ReduceStep::Pass:
            return "pass";
        case ReduceStep::AtomicAdd:
            return "atomic-add";
        case ReduceStep::LastBlock:
            return "last-block";
        case ReduceStep::PartialsPass:
            return "partials-pass";
        case ReduceStep::Locked:
            return "locked";
    }
    return "?";
}

ReducePlan reduce_plan(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType type) {
    ReducePlan plan;
    plan.driver = v.reduce_driver;
    const std::uint64_t size = trace::dtype_size(type);
    const std::uint32_t smem = smem_bytes_for(v, block, type);
    const unsigned grid = grid_for(v, n, block, type);
    switch (v.reduce_driver) {
        case ReduceDriver::MultiPass:
            multi_pass(plan, v, n, block, type);
            break;
        case ReduceDriver::AtomicSinglePass:
            // The elements read, and one atomic read-modify-write of the output a block.
            plan.zero_output = true;
            plan.launches.push_back(launch(ReduceStep::AtomicAdd, 0, grid, block, smem, n,
                                           kInputBuffer, kOutputBuffer, (n + grid) * size));
            break;
        case ReduceDriver::LastBlock:
            // The elements read, the partials written and read back by the last block, the
            // output written.
            plan.done_counter = true;
            plan.scratch.push_back(grid);
            plan.launches.push_back(launch(ReduceStep::LastBlock, 0, grid, block, smem, n,
                                           kInputBuffer, kOutputBuffer,
                                           (n + 2 * std::uint64_t(grid) + 1) * size));
            plan.launches.back().aux = 2;
            break;
        case ReduceDriver::SpinLock:
            // The elements read, and the output read and written by each block's lock holder.
            plan.zero_output = true;
            plan.lock = true;
            plan.launches.push_back(launch(ReduceStep::Locked, 0, grid, block, smem, n,
                                           kInputBuffer, kOutputBuffer,
                                           (n + 2 * std::uint64_t(grid)) * size));
            break;
    }
    for (const ReduceLaunch& l : plan.launches) plan.bytes += l.bytes;
    return plan;
}

std::string describe(const ReduceLaunch& l) {
    return std::string(reduce_step_name(l.step)) + " " + std::to_string(l.pass) + ": " +
           std::to_string(l.grid) + " block" + (l.grid == 1 ? "" : "s") + " of " +
           std::to_string(l.block) + " over " + std::to_string(l.count) + " elements" +
           describe_buffers(l.in, l.out, l.aux, l.smem_bytes, l.bytes, l.traced);
}

}  // namespace ws
