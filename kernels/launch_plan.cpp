#include "kernels/launch_plan.hpp"

#include "kernels/reduce_plan.hpp"
#include "kernels/scan_plan.hpp"

namespace ws {

unsigned passes_for(const VariantInfo& v, std::uint64_t n, unsigned block) {
    if (writes_array(v.family))
        return unsigned(scan_plan(v, n, block, trace::DType::Int32, trace::ScanKind::Inclusive)
                            .launches.size());
    return unsigned(reduce_plan(v, n, block, trace::DType::Int32).launches.size());
}

std::uint64_t bytes_moved(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType t) {
    if (writes_array(v.family)) return scan_plan(v, n, block, t, trace::ScanKind::Inclusive).bytes;
    return reduce_plan(v, n, block, t).bytes;
}

}  // namespace ws
