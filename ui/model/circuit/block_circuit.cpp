// The circuit of a trace: catalog facts in, kernels/trace/circuit out.
#include "ui/model/circuit/block_circuit.hpp"

#include "kernels/catalog.hpp"

namespace ws::ui {

Circuit make_circuit(const trace::Trace& t, const VariantInfo* info, const trace::BlockTrace& b,
                     const std::vector<trace::StepId>& steps, std::uint32_t threads,
                     std::uint32_t cells) {
    Circuit c;
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

}  // namespace ws::ui
