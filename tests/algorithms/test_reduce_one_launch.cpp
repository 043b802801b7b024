// reduce-one-launch (kernels/bench/reduce_one_launch.cuh), bench's reduction with no memset
// before it: on the emulator, launches in turn each leave the sum in their own word and zero the
// other whatever it held, at odd sizes, misaligned inputs and several types; and its body is
// rung 10's line for line, so that what bench times beside the read-only stream is the
// catalog's kernel less its memset.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/bench/reduce_one_launch.cuh"
#include "kernels/sim/sim_probe.hpp"
#include "tests/algorithms/small_integers.hpp"
#include "tests/sim/sim_test_kit.hpp"
#include "tests/test_paths.hpp"

using namespace ws;

namespace {

template <class T>
void check_in_turn(std::size_t n, unsigned skew, unsigned grid) {
    std::vector<T> storage(n + 4);
    T sums[2] = {T(0), T(12345)};  // the second word holds garbage until the first launch
    for (unsigned launch = 0; launch < 3; ++launch) {
        const unsigned own = launch % 2;
        const std::vector<T> in = ws::test::small_integers<T>(n, n + launch);
        std::copy(in.begin(), in.end(), storage.begin() + skew);
        T want = T(0);
        for (T v : in) want += v;
        INFO(sizeof(T) << "-byte, n = " << n << ", skew " << skew << ", grid " << grid
                       << ", launch " << launch);
        REQUIRE(sums[own] == T(0));
        simtest::run(simtest::config(grid, 128, 4 * sizeof(T)), [&] {
            bench::reduce_one_launch<T, sim::SimProbe>(storage.data() + skew, sums, own,
                                                       unsigned(n), sim::SimProbe());
        });
        CHECK(sums[own] == want);
        CHECK(sums[1 - own] == T(0));  // the next launch's word
    }
}

std::string text_of(const std::string& relative) {
    std::ifstream in(std::string(WS_SOURCE_DIR) + "/" + relative);
    REQUIRE(in);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A kernel's body: the lines after its signature's "{" up to the line "}" that closes it.
std::string body_of(const std::string& text, const std::string& kernel) {
    const std::size_t at = text.find("__global__ void " + kernel + "(");
    REQUIRE(at != std::string::npos);
    const std::size_t open = text.find("{\n", at);
    const std::size_t close = text.find("\n}\n", open);
    REQUIRE(close != std::string::npos);
    return text.substr(open + 2, close - open - 1);
}

}  // namespace

TEST_CASE("reduce-one-launch sums into its own word and zeroes the next launch's") {
    for (std::size_t n : {1ul, 5ul, 640ul, 4097ul, 30001ul}) {
        check_in_turn<int>(n, 0, 3);
        check_in_turn<float>(n, 1, 2);
        check_in_turn<double>(n, 1, 4);
    }
    check_in_turn<int>(100000, 3, 7);
}

TEST_CASE("reduce-one-launch's body is rung 10's with the one store at its start") {
    const std::string rung =
        body_of(text_of("kernels/algorithms/reduce/10_vector_atomic.cuh"), "reduce_vector_atomic");
    const std::string mine =
        body_of(text_of("kernels/bench/reduce_one_launch.cuh"), "reduce_one_launch");
    const std::string added =
        "    if (blockIdx.x == 0 && threadIdx.x == 0) g_sums[1 - own] = T(0);  // the next "
        "launch's "
        "word\n    T* const g_out = g_sums + own;\n";
    REQUIRE(mine.rfind(added, 0) == 0);
    CHECK(mine.substr(added.size()) == rung);
}
