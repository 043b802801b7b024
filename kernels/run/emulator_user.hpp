// Runs a reduction or a scan whose kernel is not compiled into warpscope (a student's kernel,
// loaded from a shared object by kernels/user) on the CPU emulator, with the same plan, recorder
// and result check as the catalog's multi-pass reductions (kernels/run/emulator_backend.cpp) and
// block-level scans (kernels/run/emulator_scan.cpp).
#pragma once
#include <functional>
#include <string>

#include "kernels/algorithms/scan/scan_common.cuh"
#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::sim {
class SimProbe;
struct Schedule;
}  // namespace ws::sim

namespace ws::run {

// What both runs share: the trace's fields from the request and the file, the request's
// schedule read, `body(schedule, trace)` run, and running out of memory told as the catalog's
// runs tell it.
trace::Trace run_foreign(const trace::Request& request, const std::string& source_file,
                         const std::string& source_text,
                         const std::function<void(const sim::Schedule&, trace::Trace&)>& body);

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

// Tile scans (in, out, totals, n, kind, probe), one per element type; null where there is none.
struct ForeignScan {
    scan::TileScanKernel<int, sim::SimProbe> int32 = nullptr;
    scan::TileScanKernel<float, sim::SimProbe> float32 = nullptr;
    scan::TileScanKernel<double, sim::SimProbe> float64 = nullptr;
    std::string source_file, source_text;
};

// `info`: the kernel's rules as a catalog row (a scan run by scan-then-fan); as above.
trace::Trace run_foreign_scan(const trace::Request& request, const VariantInfo& info,
                              const ForeignScan& kernels, const RunOptions& options = {});

}  // namespace ws::run
