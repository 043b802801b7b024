// The predicate reduction (reduce-predicate-count): the count of elements > 0, on the emulator,
// against a count made here; and the ballot words it records, against the predicates.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/input_data.hpp"

using namespace ws;

namespace {
const char* const kAlgo = "reduce-predicate-count";

trace::Request request(std::uint64_t n, unsigned block, trace::DType type, std::uint64_t seed) {
    trace::Request r;
    r.algo = kAlgo;
    r.n = n;
    r.block = block;
    r.type = type;
    r.pattern = "random";
    r.seed = seed;
    return r;
}

template <class T>
std::uint64_t positives(std::uint64_t n, std::uint64_t seed) {
    std::uint64_t count = 0;
    for (T x : run::make_input<T>("random", n, seed)) count += x > T(0);
    return count;
}
}  // namespace

TEST_CASE("the catalog row says the predicate reduction counts") {
    const VariantInfo* v = find_variant(kAlgo);
    REQUIRE(v);
    CHECK(v->reduce_op == ReduceOp::CountPositive);
    CHECK(std::string(result_word(v->reduce_op)) == "count");
    for (const VariantInfo& other : catalog())
        if (other.family == Family::Reduce && std::string(other.id) != kAlgo)
            CHECK(std::string(result_word(other.reduce_op)) == "sum");
}

TEST_CASE("the predicate reduction counts the elements > 0 of random data, exactly") {
    const std::uint64_t sizes[] = {1, 31, 33, 1000, 4097, (1u << 21) + 3};
    run::RunOptions o;
    o.record = false;
    o.count_totals = false;
    for (trace::DType type : trace::kAllDTypes) {
        for (std::uint64_t n : sizes) {
            for (unsigned block : {32u, 256u, 1024u}) {
                if (n > 5000 && block != 256) continue;  // keep it quick
                const std::uint64_t seed = n + block;
                const trace::Trace t = run::run_on_emulator(request(n, block, type, seed), o);
                INFO(trace::dtype_name(type)
                     << " n=" << n << " block=" << block << ": " << t.error);
                REQUIRE(t.ok);
                const std::uint64_t want = trace::visit_dtype(
                    type, [&](auto zero) { return positives<decltype(zero)>(n, seed); });
                CHECK(t.result.as_double() == double(want));
                CHECK(t.expected.as_double() == double(want));
                CHECK(t.tolerance == 0);  // a count is compared exactly
            }
        }
    }
}

TEST_CASE("the count reference is exact, and a sum would not pass for it") {
    const std::vector<float> x = run::make_input<float>("random", 5000, 4);
    const run::Reference count = run::reduce_reference(ReduceOp::CountPositive, x);
    std::uint64_t want = 0;
    for (float v : x) want += v > 0;
    CHECK(count.sum == (long double)want);
    CHECK(count.abs_sum == 0);
    std::string why;
    CHECK(run::matches_reference(float(want), count, x.size(), &why));
    CHECK_FALSE(run::matches_reference(float(want + 1), count, x.size(), &why));
    CHECK_FALSE(run::matches_reference(float(run::reference_sum(x).sum), count, x.size(), &why));
    // Past 2^24 a float cannot hold every count: the tolerance is then a sum's.
    const run::Reference big =
        run::reduce_reference(ReduceOp::CountPositive, std::vector<float>((1u << 24) + 2, 1.0f));
    CHECK(big.abs_sum == big.sum);
    const std::vector<int> ints = {3, -1, 0, 7, 0, -5, 1};
    CHECK(run::reduce_reference(ReduceOp::CountPositive, ints).sum == 3);
    CHECK(run::reduce_reference(ReduceOp::Sum, ints).sum == 5);
}

TEST_CASE("the emulator's ballot word is the warp's predicates, bit k lane k") {
    for (trace::DType type : {trace::DType::Int32, trace::DType::Float32}) {
        const std::uint64_t n = 3 * 256 + 77, seed = 11;
        const unsigned block = 128;
        trace::Request r = request(n, block, type, seed);
        r.all_blocks = true;
        r.blocks.clear();
        r.schedule = "lockstep";
        run::RunOptions o;
        const trace::Trace t = run::run_on_emulator(r, o);
        REQUIRE(t.ok);
        REQUIRE(!t.blocks.empty());
        const unsigned grid = t.grid;
        std::size_t ballots = 0;
        trace::visit_dtype(type, [&](auto zero) {
            using T = decltype(zero);
            const std::vector<T> x = run::make_input<T>("random", n, seed);
            for (const trace::BlockTrace& b : t.blocks) {
                std::map<std::uint16_t, unsigned> round;  // per thread: ballots seen so far
                for (const trace::Event& e : b.events) {
                    if (!trace::is_ballot(e)) continue;
                    ++ballots;
                    const unsigned k = round[e.thread]++;
                    const unsigned warp_base = e.thread - e.thread % 32;
                    std::uint32_t want = 0;
                    for (unsigned lane = 0; lane < 32; ++lane) {
                        const std::uint64_t i = std::uint64_t(b.block) * block +
                                                std::uint64_t(k) * block * grid + warp_base + lane;
                        if (i < n && x[i] > T(0)) want |= 1u << lane;
                    }
                    INFO("block " << b.block << " thread " << e.thread << " round " << k);
                    CHECK(std::uint32_t(e.value) == want);
                    CHECK(e.width == 4);
                }
            }
            return true;
        });
        CHECK(ballots == std::uint64_t(grid) * block * ((n + grid * block - 1) / (grid * block)));
    }
}

TEST_CASE(
    "a block adds its warps' counts with __syncthreads_count, one barrier a base-32 digit, "
    "and one atomic") {
    // One round a thread: a warp counts at most 32, two digits, two barriers.
    const std::uint64_t n = 5 * 256 + 77;
    trace::Request r = request(n, 256, trace::DType::Int32, 3);
    r.all_blocks = true;
    r.blocks.clear();
    run::RunOptions o;
    o.count_totals = true;
    const trace::Trace t = run::run_on_emulator(r, o);
    REQUIRE(t.ok);
    REQUIRE(t.grid == 6);
    for (const trace::BlockTrace& b : t.blocks) {
        unsigned last_phase = 0;
        for (const trace::Event& e : b.events) last_phase = std::max<unsigned>(last_phase, e.phase);
        CHECK(last_phase == 2);  // the atomic after the second barrier
    }
    CHECK(t.totals.atomics == t.grid);  // random data: every block counts something
}
