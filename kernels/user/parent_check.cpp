// The parent's own check of a student's kernel's result (parent_check.hpp).
#include "kernels/user/parent_check.hpp"

#include <cstring>
#include <vector>

#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/reduce_check.hpp"

namespace ws::user {
namespace {

template <class T>
std::vector<T> values(const std::string& bytes, std::size_t count) {
    std::vector<T> v(count, T(0));
    std::memcpy(v.data(), bytes.data(), std::min(bytes.size(), count * sizeof(T)));
    return v;
}

template <class T>
bool check(const VariantInfo& info, const std::string& output, trace::Trace& t) {
    const trace::Request& req = t.request;
    const std::vector<T> input = run::make_input<T>(req.pattern, req.n, req.seed);
    const bool scan = info.family == Family::Scan;
    const std::size_t want = scan ? std::size_t(req.n) : std::size_t(run::kCheckedReduceValues);
    if (output.size() % sizeof(T) != 0 || output.size() > want * sizeof(T) ||
        (scan && output.size() != want * sizeof(T))) {
        t.ok = false;
        t.error = "the kernel's output came back malformed (" + std::to_string(output.size()) +
                  " bytes): the run is not taken as right";
        return false;
    }
    const std::vector<T> out = values<T>(output, want);
    if (!scan) {
        trace::Trace mine = t;
        mine.ok = true;
        mine.error.clear();
        run::check_reduction(info, input, out.data(), req.block, mine);
        t.ok = mine.ok;
        t.error = mine.error;
        t.result = mine.result;
        t.expected = mine.expected;
        t.results = mine.results;
        return true;
    }
    const run::ScanCheck<T> c = run::check_scan_output(info, input, out.data(), req.kind, 0);
    t.ok = c.ok;
    t.error = c.ok ? "" : "wrong result: " + c.why;
    t.expected = trace::Value::of(c.expected_last);
    return true;
}

}  // namespace

bool check_in_parent(const VariantInfo& info, const std::string& output, trace::Trace& t) {
    if (output.empty() || t.grid == 0 || info.scan_op == ScanOp::CompactPositive) return false;
    if (!t.error.empty() && !t.ok && t.error.rfind("wrong result", 0) != 0)
        return false;  // the kernel did not finish: its error stands
    bool checked = false;
    trace::visit_dtype(t.request.type,
                       [&](auto zero) { checked = check<decltype(zero)>(info, output, t); });
    return checked;
}

}  // namespace ws::user
