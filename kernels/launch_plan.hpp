// What a whole run launches, for any variant: its plan's launch count and the global bytes
// they move (reductions: kernels/reduce_plan.hpp; scans: kernels/scan_plan.hpp, inclusive).
#pragma once
#include <cstdint>

#include "kernels/catalog.hpp"
#include "kernels/trace/dtype.hpp"

namespace ws {

unsigned passes_for(const VariantInfo& v, std::uint64_t n, unsigned block);
std::uint64_t bytes_moved(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType t);

}  // namespace ws
