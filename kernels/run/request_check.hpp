// What every backend does before it runs a request: find the algorithm, check the request and
// fill the parts of the trace that do not depend on the backend. Returns nullptr (and sets
// trace.error) when the request cannot run.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

const VariantInfo* prepare_trace(const trace::Request& request, const std::string& backend,
                                 const std::string& device, std::uint64_t max_elements,
                                 trace::Trace& out);

std::string now_iso8601();

}  // namespace ws::run
