#include "kernels/run/reduce_check.hpp"

#include <algorithm>

#include "kernels/reduce_plan.hpp"
#include "kernels/run/input_data.hpp"

namespace ws::run {
namespace {

// One block's tree over the `count` values it holds (count <= block).
template <class T>
void tree(T* a, unsigned count, unsigned block) {
    unsigned total = 1;
    while (total < block) total <<= 1;
    for (; total > 1; total >>= 1) {
        const unsigned half = total >> 1;
        for (unsigned t = 0; t < half && t + half < count; ++t) {
            a[t] = T(a[t] + a[t + half]);
            a[t] = T(a[t] / T(2));
        }
    }
}

template <class T>
trace::ResultValue exact_value(const char* name, T got, T want) {
    trace::ResultValue r;
    r.name = name;
    r.result = trace::Value::of(got);
    r.expected = trace::Value::of(want);
    return r;
}

bool matches(const trace::ResultValue& r) {
    if (r.tolerance == 0) return r.result.bits == r.expected.bits;
    const double err = r.result.as_double() - r.expected.as_double();
    return err <= r.tolerance && -err <= r.tolerance;
}

}  // namespace

template <class T>
T average_of_averages(const VariantInfo& v, const std::vector<T>& input, unsigned block) {
    std::vector<T> values = input;
    for (const ReduceLaunch& l :
         reduce_plan(v, input.size(), block, trace::dtype_of<T>()).launches) {
        std::vector<T> next(l.grid);
        for (unsigned b = 0; b < l.grid; ++b) {
            const std::uint64_t first = std::uint64_t(b) * l.block;
            const unsigned count = unsigned(std::min<std::uint64_t>(l.block, l.count - first));
            tree(values.data() + first, count, l.block);
            next[b] = values[first];
        }
        values.swap(next);
    }
    return values.empty() ? T(0) : values[0];
}

template <class T>
void check_reduction(const VariantInfo& v, const std::vector<T>& input, const T* output,
                     unsigned block, trace::Trace& out) {
    const std::uint64_t n = input.size();
    const Reference ref = reduce_reference(v.reduce_op, input);
    const std::size_t sum_at = result_index(v.reduce_op);
    const T sum = output[sum_at];
    out.expected = trace::Value::of(T(ref.sum));
    out.tolerance = double(sum_tolerance<T>(n, ref.abs_sum));
    out.result = trace::Value::of(sum);
    std::string why;
    out.ok = matches_reference(sum, ref, n, &why);
    if (!out.ok) out.error = "wrong result: " + why;
    if (v.reduce_op != ReduceOp::MinMaxSumAvg || input.empty()) return;

    const auto [lo, hi] = std::minmax_element(input.begin(), input.end());
    out.results = {exact_value("min", output[0], *lo), exact_value("max", output[1], *hi)};
    trace::ResultValue s = exact_value("sum", sum, T(ref.sum));
    s.tolerance = out.tolerance;
    out.results.push_back(s);
    trace::ResultValue avg = exact_value("avg", output[3], average_of_averages(v, input, block));
    avg.exact = double(ref.sum / (long double)n);
    out.results.push_back(avg);
    for (const trace::ResultValue& r : out.results) {
        if (r.name == "sum" || matches(r)) continue;
        out.ok = false;
        const std::string what = "wrong " + r.name + ": got " + r.result.to_string() +
                                 ", expected " + r.expected.to_string();
        out.error += (out.error.empty() ? "" : "; ") + what;
    }
}

std::string results_text(const trace::Trace& t, bool exact) {
    if (t.results.empty()) {
        const VariantInfo* v = find_variant(t.request.algo);
        return std::string(v ? result_word(v->reduce_op) : "sum") + " " + t.result.to_string();
    }
    std::string text;
    for (const trace::ResultValue& r : t.results) {
        text += (text.empty() ? "" : ", ") + r.name + " " + r.result.to_string();
        if (exact && r.exact == r.exact)
            text += " (true average " + trace::Value::of(r.exact).to_string() + ")";
    }
    return text;
}

#define WS_INSTANTIATE(T)                                                                 \
    template void check_reduction<T>(const VariantInfo&, const std::vector<T>&, const T*, \
                                     unsigned, trace::Trace&);                            \
    template T average_of_averages<T>(const VariantInfo&, const std::vector<T>&, unsigned);
WS_INSTANTIATE(int)
WS_INSTANTIATE(float)
WS_INSTANTIATE(double)
#undef WS_INSTANTIATE

}  // namespace ws::run
