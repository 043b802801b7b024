// Input arrays for requests, the same on every machine (no <random> distributions, whose output
// differs between standard libraries), and the CPU reference sums they are checked against.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/scan_kind.hpp"

namespace ws::run {

// ramp:   x[i] = i mod 256 (small integers: exact sums in every type for the sizes we trace)
// random: int in [-100, 100]; float and double uniform in [-1, 1)
// ones:   x[i] = 1
// keep:P  P% of the elements > 0 (the rest <= 0), at random places, P a whole number 0..100:
//         how much a stream compaction keeps. int in 1..100 or -100..0; float and double in
//         (0, 1] or [-1, 0]
bool is_pattern(std::string_view name);
inline constexpr const char* kPatterns = "ramp|random|ones|keep:P";
inline constexpr const char* kKeepPatternHelp = "keep:P: P% of the elements > 0, P = 0..100";
// The P of "keep:P", or -1 for any other pattern.
int keep_percent(std::string_view pattern);
std::string keep_pattern(int percent);  // "keep:P"

// A buffer whose elements no kernel has written yet: every byte 0xCD, so that an element a plan
// forgets to write shows as 0xCDCD... in a trace and fails the reference check.
template <class T>
std::vector<T> unwritten(std::uint64_t count) {
    std::vector<T> v(count);
    if (!v.empty()) std::memset(static_cast<void*>(v.data()), 0xCD, v.size() * sizeof(T));
    return v;
}

template <class T>
std::vector<T> make_input(std::string_view pattern, std::uint64_t n, std::uint64_t seed);

// Kahan-compensated sum in long double, and the sum of absolute values (for error bounds).
struct Reference {
    long double sum = 0;
    long double abs_sum = 0;
};
template <class T>
Reference reference_sum(const std::vector<T>& x);

// What a reduction of `op` must compute from x (VariantInfo::reduce_op): the sum, or for
// CountPositive the number of elements > 0. A count is checked exactly (abs_sum 0: no tolerance)
// while the type holds every integer up to it (any int count mod 2^32; float to 2^24, double to
// 2^53); past that the atomics that add the counts round, and the tolerance is a sum's.
template <class T>
Reference reduce_reference(ReduceOp op, const std::vector<T>& x);

// The largest error a floating-point sum of n terms whose magnitudes add up to `abs_sum` may
// have and still be right: 2 * eps(T) * ceil(log2(n) + 1) * abs_sum, the bound of a pairwise
// (tree) summation. 0 for integers (they must be exact).
template <class T>
long double sum_tolerance(std::uint64_t n, long double abs_sum) {
    if constexpr (std::is_integral_v<T>) {
        return 0;
    } else {
        const long double eps = std::numeric_limits<T>::epsilon();
        const long double levels = std::ceil(std::log2((long double)(n > 1 ? n : 2))) + 1;
        return 2 * eps * levels * abs_sum;
    }
}

// Does `got` match the reference? Integers: exactly (mod 2^32, as the GPU wraps). Floating
// point: |got - sum| <= 2 * eps(T) * ceil(log2(n) + 1) * sum|x|, the bound of a pairwise
// (tree) summation, which every tree-shaped variant meets by construction. The variants that add
// into one word with atomics (reduce-atomic-global, -cas: a chain in whatever order the atomics
// land) are held to the same bound: a chain's worst case is (n - 1) * eps * sum|x|, but on the
// random inputs verify uses their rounding errors cancel like a random walk and stay within it.
// `why` says by how much it missed.
template <class T>
bool matches_reference(T got, const Reference& ref, std::uint64_t n, std::string* why);

// Scans: is every output element the prefix sum of the input (inclusive: x[0..i]; exclusive:
// x[0..i-1], 0 at i = 0)? Integers: exactly, wrapping mod 2^32. Floating point: element i within
// 2 * eps(T) * ceil(log2(i + 1) + 1) * (the sum of |x| over its prefix) of a compensated
// long double reference: the bound of a tree-shaped summation, as for the reductions.
// `why` names the first wrong index; `expected_last` is the reference's last element.
template <class T>
struct ScanCheck {
    bool ok = true;
    std::string why;
    T expected_last{};
    long double tolerance_last = 0;  // the bound the last element was checked against
};
template <class T>
ScanCheck<T> check_scan(const std::vector<T>& input, const T* output, trace::ScanKind kind);

// Stream compaction: `kept` (what the run says it kept) must be the number of elements > 0, and
// output[0..kept) those elements in order, bit for bit (std::copy_if). `expected_last` is the
// reference count as a value of T; `why` names the first wrong element.
template <class T>
ScanCheck<T> check_compaction(const std::vector<T>& input, const T* output, std::uint64_t kept);

// What an array-writing variant's run shows as its result and how much of its output it writes
// (the rest is not written, and not in the output digest): a compaction, the kept (its result
// is their count); aos-vs-soa, its two sums (the result: out[0], the AoS one); else all n, the
// result the last element.
struct ArrayResult {
    std::uint64_t index = 0;    // the output element shown as the result
    std::uint64_t written = 0;  // output elements written
};
ArrayResult array_result(const VariantInfo& v, std::uint64_t n, std::uint64_t kept);
// What that result is called: "last element", "kept" or "sum of x (AoS)".
const char* array_result_label(const VariantInfo& v);

// The memory family's checks (kernels/run/memory_check.cpp): a copy bit for bit; aos-vs-soa's
// two sums against the CPU's (a sum's tolerance: they are added with atomics); loop-divergence's
// sums exactly (each lane adds its few elements in order, as the CPU does).
template <class T>
ScanCheck<T> check_copy(const std::vector<T>& input, const T* output);
template <class T>
ScanCheck<T> check_field_sums(const std::vector<T>& input, const T* output);
template <class T>
ScanCheck<T> check_loop_sums(const std::vector<T>& input, const T* output);

// The check of an array-writing variant's output, by what it computes (VariantInfo::scan_op):
// `kept` is read for a compaction only.
template <class T>
ScanCheck<T> check_scan_output(const VariantInfo& v, const std::vector<T>& input, const T* output,
                               trace::ScanKind kind, std::uint64_t kept);

}  // namespace ws::run
