// The circuit of a trace: catalog facts in, kernels/trace/circuit out (block_circuit.hpp).
#include "kernels/run/block_circuit.hpp"

#include "kernels/trace/dtype.hpp"

namespace ws::run {

trace::Circuit block_circuit(const trace::Trace& t, const VariantInfo* info,
                             const trace::BlockTrace& b, const std::vector<trace::StepId>& steps,
                             std::uint32_t threads, std::uint32_t cells) {
    trace::Circuit c;
    if (!info) {
        c.why_none = "No circuit: " + t.request.algo + " is not in this build's catalog.";
        return c;
    }
    if (info->family == Family::Memory) {
        c.why_none =
            "No circuit: " + t.request.algo +
            " moves data; it has no network of additions. Its lesson is in the Global memory "
            "and Warps panels.";
        return c;
    }
    c.reduction = info->family == Family::Reduce;
    c.adding_lines = trace::adding_lines(t.source_text, !c.reduction, &c.marked);
    if (c.adding_lines.empty()) {
        c.why_none = c.reduction ? "No circuit: this kernel has no += line."
                                 : "No circuit: this device-level scan adds in per-thread loops, "
                                   "not in a network its source marks with // +. The circuit "
                                   "view draws the block-level scans (1 to 7); try side by side.";
        return c;
    }
    c.map = column_map(*info, threads, cells);
    trace::add_network(c, b, steps, threads, cells, trace::dtype_size(t.smem_type));
    if (c.adds.empty()) c.why_none = "No circuit: the traced block added nothing.";
    return c;
}

MeasuredWorkDepth measured_work_depth(const trace::Trace& t, const VariantInfo& info) {
    MeasuredWorkDepth m;
    if (t.blocks.empty()) return m;
    const trace::BlockTrace& b = t.blocks[0];
    const std::uint32_t elem = trace::dtype_size(t.smem_type);
    const std::uint32_t cells = elem ? t.smem_bytes / elem : 0;
    const trace::Circuit c =
        block_circuit(t, &info, b, trace::block_steps(b), t.threads_per_block, cells);
    m.work = c.work();
    m.depth = c.depth();
    m.steps = c.adding_steps();
    return m;
}

}  // namespace ws::run
