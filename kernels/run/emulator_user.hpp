// Runs a reduction whose kernel is not compiled into warpscope (a student's kernel, loaded from
// a shared object by kernels/user) on the CPU emulator, with the same plan, recorder and result
// check as the catalog's multi-pass reductions (kernels/run/emulator_backend.cpp).
#pragma once
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::sim {
class SimProbe;
}

namespace ws::run {

// One-pass kernels (in, out, n, probe), one per element type; null where there is none.
template <class T>
using ForeignPass = void (*)(const T*, T*, unsigned, sim::SimProbe);
struct ForeignReduction {
    ForeignPass<int> int32 = nullptr;
    ForeignPass<float> float32 = nullptr;
    ForeignPass<double> float64 = nullptr;
    std::string source_file, source_text;  // what the trace shows as its code
};

// `info`: the kernel's rules as a catalog row (a multi-pass sum); the request is checked
// already (run::parse_request with RequestRules::variant). Never throws for kernel errors:
// Trace::error says what went wrong.
trace::Trace run_foreign_reduction(const trace::Request& request, const VariantInfo& info,
                                   const ForeignReduction& kernels, const RunOptions& options = {});

}  // namespace ws::run
