// splitmix64: the one pseudo-random sequence of warpscope (input data, schedules, the race
// search), the same on every machine and compiler for the same seed.
#pragma once
#include <cstdint>

namespace ws {

inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

}  // namespace ws
