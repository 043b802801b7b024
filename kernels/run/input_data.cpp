#include "kernels/run/input_data.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <sstream>

#include "kernels/algorithms/scan/compact_predicate.hpp"
#include "kernels/trace/splitmix.hpp"

namespace ws::run {

int keep_percent(std::string_view pattern) {
    constexpr std::string_view prefix = "keep:";
    if (pattern.substr(0, prefix.size()) != prefix) return -1;
    const std::string_view digits = pattern.substr(prefix.size());
    if (digits.empty() || digits.size() > 3) return -1;
    int p = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return -1;
        p = 10 * p + (c - '0');
    }
    return p <= 100 ? p : -1;
}

std::string keep_pattern(int percent) {
    return "keep:" + std::to_string(percent);
}

bool is_pattern(std::string_view name) {
    return name == "ramp" || name == "random" || name == "ones" || keep_percent(name) >= 0;
}

template <class T>
std::vector<T> make_input(std::string_view pattern, std::uint64_t n, std::uint64_t seed) {
    std::vector<T> x(n);
    if (const int keep = keep_percent(pattern); keep >= 0) {
        std::uint64_t s = seed * 0x2545f4914f6cdd1dull + 1;
        for (auto& v : x) {
            const std::uint64_t r = splitmix64(s);
            const bool positive = r % 100 < std::uint64_t(keep);
            const std::uint64_t m = r >> 11;  // 53 random bits, independent of the choice
            if constexpr (std::is_integral_v<T>)
                v = positive ? T(1 + m % 100) : T(-std::int64_t(m % 101));
            else
                v = positive ? T(double(m + 1) * 0x1.0p-53) : T(-double(m) * 0x1.0p-53);
        }
    } else if (pattern == "ones") {
        for (auto& v : x) v = T(1);
    } else if (pattern == "random") {
        std::uint64_t s = seed * 0x2545f4914f6cdd1dull + 1;
        for (auto& v : x) {
            const std::uint64_t r = splitmix64(s);
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

template <class T>
ScanCheck<T> check_compaction(const std::vector<T>& input, const T* output, std::uint64_t kept) {
    ScanCheck<T> c;
    std::vector<T> want;
    std::copy_if(input.begin(), input.end(), std::back_inserter(want), scan::KeepPositive{});
    c.expected_last = T(want.size());
    std::ostringstream msg;
    msg.precision(17);
    if (kept != want.size()) {
        c.ok = false;
        msg << "kept " << kept << " elements, expected " << want.size() << " (those "
            << scan::kKeepRule << ")";
        c.why = msg.str();
        return c;
    }
    for (std::uint64_t i = 0; i < want.size(); ++i) {
        if (std::memcmp(&output[i], &want[i], sizeof(T)) == 0) continue;
        c.ok = false;
        msg << "element " << i << " of the kept: got " << output[i] << ", expected " << want[i];
        c.why = msg.str();
        break;
    }
    return c;
}

template <class T>
ScanCheck<T> check_scan_output(const VariantInfo& v, const std::vector<T>& input, const T* output,
                               trace::ScanKind kind, std::uint64_t kept) {
    switch (v.scan_op) {
        case ScanOp::PrefixSum:
            break;
        case ScanOp::CompactPositive:
            return check_compaction(input, output, kept);
        case ScanOp::Copy:
            return check_copy(input, output);
        case ScanOp::FieldSums:
            return check_field_sums(input, output);
        case ScanOp::LoopSums:
            return check_loop_sums(input, output);
    }
    return check_scan(input, output, kind);
}

ArrayResult array_result(const VariantInfo& v, std::uint64_t n, std::uint64_t kept) {
    switch (v.scan_op) {
        case ScanOp::CompactPositive:
            return {0, std::min(kept, n)};
        case ScanOp::FieldSums:
            return {0, 2};
        default:
            return {n ? n - 1 : 0, n};
    }
}

const char* array_result_label(const VariantInfo& v) {
    switch (v.scan_op) {
        case ScanOp::CompactPositive:
            return "kept";
        case ScanOp::FieldSums:
            return "sum of x (AoS)";
        default:
            return "last element";
    }
}

#define WS_INSTANTIATE(T)                                                                      \
    template std::vector<T> make_input<T>(std::string_view, std::uint64_t, std::uint64_t);     \
    template Reference reference_sum<T>(const std::vector<T>&);                                \
    template Reference reduce_reference<T>(ReduceOp, const std::vector<T>&);                   \
    template bool matches_reference<T>(T, const Reference&, std::uint64_t, std::string*);      \
    template ScanCheck<T> check_scan<T>(const std::vector<T>&, const T*, trace::ScanKind);     \
    template ScanCheck<T> check_compaction<T>(const std::vector<T>&, const T*, std::uint64_t); \
    template ScanCheck<T> check_scan_output<T>(const VariantInfo&, const std::vector<T>&,      \
                                               const T*, trace::ScanKind, std::uint64_t);
WS_INSTANTIATE(int)
WS_INSTANTIATE(float)
WS_INSTANTIATE(double)
#undef WS_INSTANTIATE

}  // namespace ws::run
