#include "kernels/run/input_data.hpp"

#include <cmath>
#include <limits>
#include <sstream>

namespace ws::run {
namespace {
std::uint64_t splitmix(std::uint64_t& s) {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
}  // namespace

bool is_pattern(std::string_view name) {
    return name == "ramp" || name == "random" || name == "ones";
}

template <class T>
std::vector<T> make_input(std::string_view pattern, std::uint64_t n, std::uint64_t seed) {
    std::vector<T> x(n);
    if (pattern == "ones") {
        for (auto& v : x) v = T(1);
    } else if (pattern == "random") {
        std::uint64_t s = seed * 0x2545f4914f6cdd1dull + 1;
        for (auto& v : x) {
            const std::uint64_t r = splitmix(s);
            if constexpr (std::is_integral_v<T>)
                v = T(std::int64_t(r % 201) - 100);
            else
                v = T(double(r >> 11) * 0x1.0p-52 - 1.0);  // [-1, 1)
        }
    } else {
        for (std::uint64_t i = 0; i < n; ++i) x[i] = T(i % 256);
    }
    return x;
}

template <class T>
Reference reference_sum(const std::vector<T>& x) {
    Reference r;
    long double c = 0;
    for (T v : x) {
        const long double y = (long double)v - c;
        const long double t = r.sum + y;
        c = (t - r.sum) - y;
        r.sum = t;
        r.abs_sum += std::fabs((long double)v);
    }
    return r;
}

template <class T>
Reference reduce_reference(ReduceOp op, const std::vector<T>& x) {
    if (op != ReduceOp::CountPositive) return reference_sum(x);  // the four values: the sum
    std::uint64_t count = 0;
    for (T v : x) count += v > T(0) ? 1 : 0;
    Reference r;
    r.sum = (long double)count;
    if constexpr (!std::is_integral_v<T>) {
        const std::uint64_t exact_up_to = std::uint64_t(1) << std::numeric_limits<T>::digits;
        if (count > exact_up_to) r.abs_sum = r.sum;
    }
    return r;
}

template <class T>
bool matches_reference(T got, const Reference& ref, std::uint64_t n, std::string* why) {
    std::ostringstream msg;
    if constexpr (std::is_integral_v<T>) {
        const auto want = T(std::uint32_t(std::int64_t(ref.sum)));
        if (got == want) return true;
        msg << "got " << got << ", expected " << want;
    } else {
        if (std::isfinite(double(got))) {
            const long double bound = sum_tolerance<T>(n, ref.abs_sum);
            const long double err = std::fabs((long double)got - ref.sum);
            if (err <= bound) return true;
            msg.precision(17);
            msg << "got " << double(got) << ", expected " << double(ref.sum) << " (error "
                << double(err) << " > bound " << double(bound) << ")";
        } else {
            msg << "got " << double(got) << " (not finite)";
        }
    }
    if (why) *why = msg.str();
    return false;
}

template <class T>
ScanCheck<T> check_scan(const std::vector<T>& input, const T* output, trace::ScanKind kind) {
    ScanCheck<T> c;
    const std::uint64_t n = input.size();
    std::uint32_t wrapped = 0;               // integers: the running sum mod 2^32
    long double sum = 0, comp = 0, abs = 0;  // floating point: Kahan, and the sum of |x|
    auto take = [&](T x) {
        if constexpr (std::is_integral_v<T>) {
            wrapped += std::uint32_t(x);
        } else {
            const long double y = (long double)x - comp;
            const long double t = sum + y;
            comp = (t - sum) - y;
            sum = t;
            abs += std::fabs((long double)x);
        }
    };
    auto wrong = [&](std::uint64_t i, T got, long double want, const std::string& more) {
        std::ostringstream msg;
        msg.precision(17);
        msg << "element " << i << ": got " << got << ", expected ";
        if constexpr (std::is_integral_v<T>)
            msg << T(want);
        else
            msg << double(want);
        c.ok = false;
        c.why = msg.str() + more;
    };
    for (std::uint64_t i = 0; i < n; ++i) {
        if (kind == trace::ScanKind::Inclusive) take(input[i]);
        const T got = output[i];
        if constexpr (std::is_integral_v<T>) {
            if (c.ok && got != T(wrapped)) wrong(i, got, T(wrapped), "");
        } else if (c.ok) {
            const long double bound = sum_tolerance<T>(i + 1, abs);
            if (i + 1 == n) c.tolerance_last = bound;
            const long double err = std::fabs((long double)got - sum);
            if (!(err <= bound)) {  // also catches NaN
                std::ostringstream more;
                more.precision(3);
                more << " (error " << double(err) << " > bound " << double(bound) << ")";
                wrong(i, got, sum, more.str());
            }
        }
        if (i + 1 == n) {  // the reference's last element, for Trace::expected
            if constexpr (std::is_integral_v<T>)
                c.expected_last = T(wrapped);
            else
                c.expected_last = T(sum);
        }
        if (kind == trace::ScanKind::Exclusive) take(input[i]);
    }
    return c;
}

#define WS_INSTANTIATE(T)                                                                  \
    template std::vector<T> make_input<T>(std::string_view, std::uint64_t, std::uint64_t); \
    template Reference reference_sum<T>(const std::vector<T>&);                            \
    template Reference reduce_reference<T>(ReduceOp, const std::vector<T>&);               \
    template bool matches_reference<T>(T, const Reference&, std::uint64_t, std::string*);  \
    template ScanCheck<T> check_scan<T>(const std::vector<T>&, const T*, trace::ScanKind);
WS_INSTANTIATE(int)
WS_INSTANTIATE(float)
WS_INSTANTIATE(double)
#undef WS_INSTANTIATE

}  // namespace ws::run
