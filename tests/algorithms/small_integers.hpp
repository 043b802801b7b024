// Random small integers (-9..9) of any element type, for the kernels' tests: sums and scans of
// them are exact in float and double too, so a result compares with ==.
#pragma once
#include <cstdint>
#include <vector>

namespace ws::test {

template <class T>
std::vector<T> small_integers(std::uint64_t n, std::uint64_t seed) {
    std::vector<T> in(n);
    std::uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
    for (auto& v : in) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        v = T(int(x % 19) - 9);
    }
    return in;
}

}  // namespace ws::test
