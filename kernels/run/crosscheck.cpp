#include "kernels/run/crosscheck.hpp"

#include <algorithm>

#include "kernels/trace/analysis.hpp"

namespace ws::run {

void normalize_dynamic_tiles(const VariantInfo& v, trace::Trace& t) {
    if (!v.dynamic_tiles) return;
    for (trace::BlockTrace& b : t.blocks) {
        for (const trace::Event& e : b.events) {  // ordered by (thread, seq): the first draw
            if (e.kind != trace::EventKind::Atomic) continue;
            b.block = std::uint32_t(e.value);
            break;
        }
    }
    std::stable_sort(
        t.blocks.begin(), t.blocks.end(),
        [](const trace::BlockTrace& a, const trace::BlockTrace& b) { return a.block < b.block; });
}

void mask_order_dependent_values(const VariantInfo& v, trace::Trace& t) {
    if (v.family != Family::Reduce || v.reduce_driver == ReduceDriver::MultiPass) return;
    for (trace::BlockTrace& b : t.blocks)
        for (trace::Event& e : b.events)
            if (e.kind == trace::EventKind::Atomic) e.value = 0;
}

std::string crosscheck_difference(const VariantInfo& v, trace::Trace gpu, trace::Trace emulator) {
    normalize_dynamic_tiles(v, gpu);
    normalize_dynamic_tiles(v, emulator);
    mask_order_dependent_values(v, gpu);
    mask_order_dependent_values(v, emulator);
    return trace::first_difference(gpu, emulator);
}

}  // namespace ws::run
