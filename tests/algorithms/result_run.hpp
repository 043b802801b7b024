// A request run on the emulator for its result alone (no events recorded, no totals over the
// blocks): how the correctness tests run thousands of requests quickly.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::testing {

struct ResultRequest {
    std::string algo;
    std::uint64_t n = 0;
    unsigned block = 0;
    trace::DType type = trace::DType::Int32;
    std::string pattern = "random";
    std::uint64_t seed = 3;
    trace::ScanKind kind = trace::ScanKind::Inclusive;
    unsigned stride = 1;
};

inline trace::Trace run_for_result(const ResultRequest& q) {
    trace::Request r;
    r.algo = q.algo;
    r.n = q.n;
    r.block = q.block;
    r.type = q.type;
    r.pattern = q.pattern;
    r.seed = q.seed;
    r.kind = q.kind;
    r.stride = q.stride;
    run::RunOptions o;
    o.record = false;
    o.count_totals = false;
    return run::run_on_emulator(r, o);
}

}  // namespace ws::testing
