// The warp-wide look-back of scan-decoupled-lookback-vector over a tile status set by hand: on
// the emulator every tile before the running one has finished, so a whole scan only ever reads
// the nearest tile. Here the states are mixed, as on a GPU: windows of 32 tiles with only
// aggregates, the nearest of several inclusive prefixes, the tiles before the first, and both
// the packed word (4-byte types) and the flag word with separate values (8-byte types).
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "kernels/algorithms/scan/11_decoupled_lookback_vector.cuh"
#include "kernels/catalog.hpp"
#include "kernels/sim/sim_probe.hpp"
#include "tests/sim/sim_test_kit.hpp"

using namespace ws;

namespace {

enum class State { Empty, Aggregate, Inclusive };

// A hand-made tile status: per tile a state and a value.
template <class T>
struct Board {
    std::vector<unsigned long long> words;
    std::vector<T> aggregate, inclusive;
    std::vector<unsigned> flags, counter{0};

    explicit Board(const std::vector<State>& states, const std::vector<T>& values)
        : words(states.size(), 0),
          aggregate(states.size(), T(-1)),
          inclusive(states.size(), T(-1)),
          flags(states.size(), 0) {
        for (std::size_t i = 0; i < states.size(); ++i) {
            const unsigned flag = states[i] == State::Empty       ? 0
                                  : states[i] == State::Aggregate ? scan::kAggregateReady
                                                                  : scan::kInclusiveReady;
            if (sizeof(T) == 4) {
                words[i] = flag == 0 ? 0 : scan::lookback::pack(flag, values[i]);
            } else {
                words[i] = flag;
                (flag == scan::kInclusiveReady ? inclusive : aggregate)[i] = values[i];
            }
        }
    }
    scan::TileStatus<T> status() {
        return {counter.data(), flags.data(), aggregate.data(), inclusive.data(), words.data()};
    }
};

// Every lane of one warp computes the exclusive prefix of `tile`; returns lane 0's, and checks
// that all lanes agree. An error (a wait that is never satisfied) comes back in `error`.
template <class T>
T prefix_of(Board<T>& board, unsigned tile, std::string* error = nullptr) {
    std::vector<T> got(32, T(-7));
    const scan::TileStatus<T> status = board.status();
    auto body = [&] {
        sim::SimProbe probe;
        got[threadIdx.x] = scan::lookback::exclusive_prefix(status, tile, threadIdx.x, probe);
    };
    const auto e = sim::launch(simtest::config(1, 32), body);
    if (error) {
        *error = e ? e->message : "";
        return T(0);
    }
    INFO((e ? e->message : std::string("no error")));
    REQUIRE_FALSE(e.has_value());
    for (unsigned l = 1; l < 32; ++l) CHECK(got[l] == got[0]);
    return got[0];
}

template <class T>
std::vector<T> values_for(std::size_t tiles) {
    std::vector<T> v(tiles);
    for (std::size_t i = 0; i < tiles; ++i) v[i] = T(int(i * 37 % 101) - 50) / T(4);
    return v;
}

}  // namespace

TEMPLATE_TEST_CASE("the warp look-back adds aggregates back to the nearest inclusive prefix", "",
                   int, float, double) {
    using T = TestType;
    const std::size_t tiles = 100;
    const std::vector<T> values = values_for<T>(tiles);
    std::vector<State> states(tiles, State::Aggregate);
    states[10] = State::Inclusive;  // three windows back from tile 100
    states[4] = State::Inclusive;   // further back: never read
    Board<T> board(states, values);
    T expected = values[10];
    for (std::size_t i = 11; i < tiles; ++i) expected += values[i];
    CHECK(prefix_of(board, unsigned(tiles), nullptr) == Approx(expected));

    SECTION("two inclusive prefixes in one window: the nearest counts") {
        states[90] = State::Inclusive;
        Board<T> near(states, values);
        T sum = values[90];
        for (std::size_t i = 91; i < tiles; ++i) sum += values[i];
        CHECK(prefix_of(near, unsigned(tiles)) == Approx(sum));
    }
    SECTION("no inclusive prefix at all: the tiles before the first count as an empty prefix") {
        std::vector<State> aggregates(tiles, State::Aggregate);
        Board<T> all(aggregates, values);
        T sum = T(0);
        for (std::size_t i = 0; i < tiles; ++i) sum += values[i];
        CHECK(prefix_of(all, unsigned(tiles)) == Approx(sum));
    }
    SECTION("the nearest tile's inclusive prefix alone") {
        states[tiles - 1] = State::Inclusive;
        Board<T> next(states, values);
        CHECK(prefix_of(next, unsigned(tiles)) == values[tiles - 1]);
    }
}

TEST_CASE("a predecessor that never publishes is a wait the emulator reports, not a hang") {
    const std::size_t tiles = 40;
    std::vector<State> states(tiles, State::Aggregate);
    states[30] = State::Empty;  // inside the first window of tile 40
    Board<int> board(states, values_for<int>(tiles));
    std::string error;
    prefix_of(board, unsigned(tiles), &error);
    CHECK_THAT(error, Catch::Contains("spin-wait never satisfied"));
    simtest::require_emulator_still_works();
}

TEST_CASE("the packed word keeps the flag in its low half and the value's bits in its high half") {
    const unsigned long long w = scan::lookback::pack(scan::kInclusiveReady, -3.5f);
    CHECK(unsigned(w) == scan::kInclusiveReady);
    float back;
    const unsigned bits = unsigned(w >> 32);
    std::memcpy(&back, &bits, sizeof back);
    CHECK(back == -3.5f);
    CHECK(scan::lookback::pack(scan::kAggregateReady, -1) == 0xffffffff00000001ull);
}

TEST_CASE("a misaligned input or output takes the element path and is still right") {
    const unsigned block = 64;
    const unsigned tile = find_variant("scan-decoupled-lookback-vector")->elems_per_thread * block;
    const unsigned n = 3 * tile + 77;
    std::vector<float> in(n + 4), out(n + 4, -1.0f);
    for (unsigned i = 0; i < in.size(); ++i) in[i] = float(int(i * 7919 % 61) - 30);
    for (unsigned shift_in : {0u, 1u})
        for (unsigned shift_out : {0u, 3u}) {
            if (shift_in + shift_out == 0) continue;  // the aligned case: the whole-scan tests
            INFO("input +" << shift_in << ", output +" << shift_out);
            const unsigned tiles = (n + tile - 1) / tile;
            std::vector<unsigned long long> words(tiles, 0);
            std::vector<unsigned> flags(tiles, 0), counter(1, 0);
            std::vector<float> aggregate(tiles), inclusive(tiles);
            const scan::TileStatus<float> status{counter.data(), flags.data(), aggregate.data(),
                                                 inclusive.data(), words.data()};
            simtest::run(simtest::config(tiles, block, (block / 32 + 1) * sizeof(float)), [&] {
                scan::scan_decoupled_lookback_vector<float>(
                    in.data() + shift_in, out.data() + shift_out, status, n,
                    trace::ScanKind::Exclusive, sim::SimProbe());
            });
            float running = 0;
            unsigned wrong = 0;
            for (unsigned i = 0; i < n; ++i) {
                wrong += out[shift_out + i] != running;
                running += in[shift_in + i];
            }
            CHECK(wrong == 0);
        }
}
