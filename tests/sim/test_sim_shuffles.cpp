// Emulator semantics: __shfl_sync, __shfl_up_sync, __shfl_down_sync and __shfl_xor_sync with
// every width, full and partial masks, and int, unsigned, float, double and long long payloads,
// checked against a reference written here from the CUDA programming guide (not against
// kernels/probe/shuffle_source.hpp, which the emulator itself uses).
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;

namespace {

enum class Mode { Idx, Up, Down, Xor };
const char* mode_name(Mode m) {
    switch (m) {
        case Mode::Idx:
            return "__shfl_sync";
        case Mode::Up:
            return "__shfl_up_sync";
        case Mode::Down:
            return "__shfl_down_sync";
        case Mode::Xor:
            return "__shfl_xor_sync";
    }
    return "?";
}

// The programming guide: lanes form segments of `width`. idx reads lane (src mod width) of its
// own segment; up reads lane - delta unless that is before the segment's first lane; down reads
// lane + delta unless that is past the segment's last lane; xor reads lane ^ mask unless that is
// past the segment's last lane (a lower segment may be read). Otherwise a lane keeps its value.
int reference_source(Mode m, int lane, int arg, int width) {
    const int first = lane / width * width, last = first + width - 1;
    switch (m) {
        case Mode::Idx:
            return first + arg % width;
        case Mode::Up:
            return lane - arg < first ? lane : lane - arg;
        case Mode::Down:
            return lane + arg > last ? lane : lane + arg;
        case Mode::Xor:
            return (lane ^ arg) > last ? lane : (lane ^ arg);
    }
    return -1;
}

// A value per thread that uses every byte of the type (high words, sign, fraction).
template <class T>
T payload(unsigned t) {
    if constexpr (std::is_same_v<T, long long>)
        return (0x1234567ll << 32) * (t % 2 ? -1 : 1) + t;
    else if constexpr (std::is_same_v<T, unsigned>)
        return 0x80000000u + t * 0x01010101u;
    else if constexpr (std::is_floating_point_v<T>)
        return T(t) * T(0.1) - T(1e5);
    else
        return int(t) * -7 + 3;
}

template <class T>
T shuffle(Mode m, unsigned mask, T v, int arg, int width) {
    switch (m) {
        case Mode::Idx:
            return __shfl_sync(mask, v, arg, width);
        case Mode::Up:
            return __shfl_up_sync(mask, v, unsigned(arg), width);
        case Mode::Down:
            return __shfl_down_sync(mask, v, unsigned(arg), width);
        case Mode::Xor:
            return __shfl_xor_sync(mask, v, arg, width);
    }
    return v;
}

template <class T>
__global__ void shuffle_kernel(Mode m, unsigned mask, int arg, int width, T* out, bool* called) {
    const unsigned t = threadIdx.x, lane = t % 32;
    if (!((mask >> lane) & 1u)) return;  // lanes outside the mask do not take part
    out[t] = shuffle(m, mask, payload<T>(t), arg, width);
    called[t] = true;
}

// One launch of two warps; every lane in the mask must get its reference source's payload.
template <class T>
void check_shuffle(Mode m, unsigned mask, int arg, int width) {
    constexpr unsigned kThreads = 64;
    std::vector<T> out(kThreads, T(-1));
    bool called[kThreads] = {};
    run(config(1, kThreads), [&] { shuffle_kernel<T>(m, mask, arg, width, out.data(), called); });
    for (unsigned t = 0; t < kThreads; ++t) {
        const int lane = int(t % 32);
        const bool in_mask = (mask >> lane) & 1u;
        REQUIRE(called[t] == in_mask);
        if (!in_mask) continue;
        const unsigned src = t - unsigned(lane) + unsigned(reference_source(m, lane, arg, width));
        const T want = payload<T>(src);
        if (std::memcmp(&out[t], &want, sizeof(T)) != 0) {
            FAIL_CHECK(mode_name(m) << " mask " << std::hex << mask << std::dec << " arg " << arg
                                    << " width " << width << ": thread " << t << " got " << out[t]
                                    << ", want " << want << " (from thread " << src << ")");
            return;
        }
    }
}

constexpr int kWidths[] = {32, 16, 8, 4, 2, 1};
constexpr Mode kModes[] = {Mode::Idx, Mode::Up, Mode::Down, Mode::Xor};

// Every other segment of `width` lanes: a partial mask no shuffle within a segment leaves.
unsigned alternate_segments(int width, bool odd) {
    unsigned mask = 0;
    for (int lane = 0; lane < 32; ++lane)
        if (((lane / width) % 2 == 1) == odd) mask |= 1u << lane;
    return mask;
}

}  // namespace

TEST_CASE("the test's shuffle reference follows the programming guide's examples", "[sim]") {
    CHECK(reference_source(Mode::Idx, 13, 3, 8) == 11);   // lane 3 of segment 8..15
    CHECK(reference_source(Mode::Idx, 13, 35, 32) == 3);  // src mod width
    CHECK(reference_source(Mode::Up, 9, 2, 8) == 9);      // 7 is before segment 8..15
    CHECK(reference_source(Mode::Up, 10, 2, 8) == 8);
    CHECK(reference_source(Mode::Down, 14, 2, 8) == 14);  // 16 is past segment 8..15
    CHECK(reference_source(Mode::Down, 13, 2, 8) == 15);
    CHECK(reference_source(Mode::Xor, 9, 8, 8) == 1);  // an earlier segment may be read
    CHECK(reference_source(Mode::Xor, 1, 8, 8) == 1);  // a later one may not
}

TEST_CASE("int shuffles: every mode, width and argument, full mask", "[sim]") {
    for (Mode m : kModes)
        for (int width : kWidths)
            for (int arg = 0; arg < 32; ++arg) check_shuffle<int>(m, 0xffffffffu, arg, width);
    for (int arg = 32; arg < 64; arg += 5) check_shuffle<int>(Mode::Idx, 0xffffffffu, arg, 8);
}

TEST_CASE("shuffles of unsigned, float, double and long long move every byte", "[sim]") {
    for (Mode m : kModes)
        for (int width : kWidths)
            for (int arg : {0, 1, 3, 7, 16, 31}) {
                check_shuffle<unsigned>(m, 0xffffffffu, arg, width);
                check_shuffle<float>(m, 0xffffffffu, arg, width);
                check_shuffle<double>(m, 0xffffffffu, arg, width);
                check_shuffle<long long>(m, 0xffffffffu, arg, width);
            }
}

TEST_CASE("shuffles with partial masks made of whole segments", "[sim]") {
    for (Mode m : kModes)
        for (int width : {16, 8, 4, 2, 1})
            for (bool odd : {false, true})
                for (int arg = 0; arg < width; ++arg) {
                    const unsigned mask = alternate_segments(width, odd);
                    check_shuffle<int>(m, mask, arg, width);
                    check_shuffle<double>(m, mask, arg, width);
                }
    // Lanes 16..31 only, at full width: down by 16 leaves the warp, so each keeps its value.
    check_shuffle<int>(Mode::Down, 0xffff0000u, 16, 32);
    check_shuffle<int>(Mode::Up, 0x0000ffffu, 3, 32);
    check_shuffle<int>(Mode::Idx, 0x0000ffffu, 5, 32);
    check_shuffle<long long>(Mode::Idx, 0x0f0f0f0fu, 2, 8);
    // A single lane shuffles with itself.
    check_shuffle<int>(Mode::Xor, 0x00000400u, 0, 32);
    check_shuffle<float>(Mode::Idx, 0x80000000u, 31, 32);
}

TEST_CASE("a warp-shuffle sum gives every lane of a segment the segment's sum", "[sim]") {
    for (int width : kWidths) {
        INFO("width " << width);
        std::vector<int> out(96, -1);
        run(config(1, 96), [&] {
            int v = int(threadIdx.x);
            for (int d = width / 2; d > 0; d /= 2) v += __shfl_xor_sync(0xffffffffu, v, d, width);
            out[threadIdx.x] = v;
        });
        for (int t = 0; t < 96; ++t) {
            const int first = t / width * width;
            REQUIRE(out[t] == width * first + width * (width - 1) / 2);
        }
    }
}
