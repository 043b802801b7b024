// Input arrays for requests, the same on every machine (no <random> distributions, whose output
// differs between standard libraries), and the CPU reference sums they are checked against.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ws::run {

// ramp:   x[i] = i mod 256 (small integers: exact sums in every type for the sizes we trace)
// random: int in [-100, 100]; float and double uniform in [-1, 1)
// ones:   x[i] = 1
bool is_pattern(std::string_view name);
inline constexpr const char* kPatterns = "ramp|random|ones";

template <class T>
std::vector<T> make_input(std::string_view pattern, std::uint64_t n, std::uint64_t seed);

// Kahan-compensated sum in long double, and the sum of absolute values (for error bounds).
struct Reference {
    long double sum = 0;
    long double abs_sum = 0;
};
template <class T>
Reference reference_sum(const std::vector<T>& x);

// Does `got` match the reference? Integers: exactly (mod 2^32, as the GPU wraps). Floating
// point: |got - sum| <= 2 * eps(T) * ceil(log2(n) + 1) * sum|x|, the bound of a pairwise
// (tree) summation, which every variant is. `why` says by how much it missed.
template <class T>
bool matches_reference(T got, const Reference& ref, std::uint64_t n, std::string* why);

}  // namespace ws::run
