// Emulator semantics: atomicAdd/Sub/Min/Max/Exch/CAS on int, unsigned, unsigned long long, float
// and double from many threads of many blocks, with exact results and old values; the argument
// conversions CUDA code relies on (atomicAdd(&unsigned_counter, 1)); __threadfence.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;

namespace {

constexpr unsigned kBlocks = 6, kThreads = 192, kAll = kBlocks * kThreads;

unsigned global_id() {
    return blockIdx.x * blockDim.x + threadIdx.x;
}

// A permutation of 1..kAll (kAll = 2^7 * 9 and 101 are coprime), so no two adds are alike.
unsigned scrambled(unsigned g) {
    return (g * 101u + 17u) % kAll + 1;
}

template <class T>
struct Results {
    T sum{}, difference{}, min{}, max{}, exchanged{};
    std::vector<T> add_old, exch_old;
};

template <class T>
__global__ void atomics_kernel(Results<T>* r) {
    const unsigned g = global_id();
    const T v = T(scrambled(g));
    r->add_old[g] = atomicAdd(&r->sum, v);
    atomicSub(&r->difference, v);
    atomicMin(&r->min, v);
    atomicMax(&r->max, v);
    __threadfence();
    r->exch_old[g] = atomicExch(&r->exchanged, T(g + 1));
}

template <class T>
void check_atomics(const char* schedule) {
    INFO(schedule);
    Results<T> r;
    r.difference = T(kAll * kAll);
    r.min = T(1e6);
    r.max = T(0);
    r.exchanged = T(0);
    r.add_old.assign(kAll, T(-1));
    r.exch_old.assign(kAll, T(-1));
    run(config(kBlocks, kThreads, 0, schedule), [&] { atomics_kernel<T>(&r); });

    const T total = T(std::uint64_t(kAll) * (kAll + 1) / 2);
    CHECK(r.sum == total);
    CHECK(r.difference == T(kAll * kAll) - total);
    CHECK(r.min == T(1));
    CHECK(r.max == T(kAll));

    // atomicAdd's old values: the partial sums, each seen once.
    std::vector<T> olds = r.add_old;
    std::sort(olds.begin(), olds.end());
    CHECK(std::adjacent_find(olds.begin(), olds.end()) == olds.end());
    CHECK(olds.front() == T(0));
    CHECK(olds.back() < total);

    // atomicExch: the old values and the final value are exactly {0} and every g + 1.
    std::vector<T> chain = r.exch_old;
    chain.push_back(r.exchanged);
    std::sort(chain.begin(), chain.end());
    for (unsigned i = 0; i <= kAll; ++i) REQUIRE(chain[i] == T(i));
}

template <class T>
__global__ void cas_increment(T* counter, T* claimed, unsigned* retries) {
    // The classic lock-free increment: read, try to swap in old + 1, retry on contention.
    T old = *counter, assumed;
    do {
        assumed = old;
        old = atomicCAS(counter, assumed, T(assumed + 1));
        if (old != assumed) atomicAdd(retries, 1u);
    } while (old != assumed);
    claimed[assumed] = T(global_id() + 1);
}

template <class T>
void check_cas(const char* schedule) {
    INFO(schedule);
    constexpr unsigned kB = 3, kT = 64;
    T counter = 0;
    unsigned retries = 0;
    std::vector<T> claimed(kB * kT, T(0));
    run(config(kB, kT, 0, schedule), [&] { cas_increment<T>(&counter, claimed.data(), &retries); });
    CHECK(counter == T(kB * kT));
    std::vector<T> who = claimed;
    std::sort(who.begin(), who.end());
    for (unsigned i = 0; i < kB * kT; ++i) REQUIRE(who[i] == T(i + 1));  // each slot once
    if (std::string(schedule) == "lockstep") CHECK(retries > 0);         // contention happened
    if (std::string(schedule) == "sequential") CHECK(retries == 0);
}

}  // namespace

TEST_CASE("atomics on int, unsigned, unsigned long long, float and double are exact", "[sim]") {
    for (const char* schedule : {"lockstep", "sequential", "random:99"}) {
        check_atomics<int>(schedule);
        check_atomics<unsigned>(schedule);
        check_atomics<unsigned long long>(schedule);
        check_atomics<float>(schedule);  // integer values below 2^24: exact
        check_atomics<double>(schedule);
    }
}

TEST_CASE("atomicCAS on int, unsigned and unsigned long long", "[sim]") {
    for (const char* schedule : {"lockstep", "sequential", "random:5"}) {
        check_cas<int>(schedule);
        check_cas<unsigned>(schedule);
        check_cas<unsigned long long>(schedule);
    }
    int x = 5, miss = 0, hit = 0, after_miss = 0;
    run(config(1, 1), [&] {
        miss = atomicCAS(&x, 4, 9);  // no match: unchanged
        after_miss = x;
        hit = atomicCAS(&x, 5, 9);
    });
    CHECK(miss == 5);
    CHECK(after_miss == 5);
    CHECK(hit == 5);
    CHECK(x == 9);
}

TEST_CASE("atomics accept the argument conversions CUDA code relies on", "[sim]") {
    // CUDA overloads convert the value to the pointer's type: atomicAdd(&unsigned_counter, 1)
    // and atomicCAS(&ull, 0, 1) compile with nvcc, so they must compile here too.
    unsigned u = 0;
    unsigned long long ull = 0;
    float f = 0;
    double d = 0;
    int i = 100;
    run(config(2, 64), [&] {
        atomicAdd(&u, 1);
        atomicAdd(&ull, 2);
        atomicAdd(&f, 1);
        atomicAdd(&d, 0.5f);
        atomicSub(&i, 1u);
        atomicMax(&u, 0);
        atomicCAS(&ull, 1000000ull, 7);
    });
    CHECK(u == 128);
    CHECK(ull == 256);
    CHECK(f == 128.0f);
    CHECK(d == 64.0);
    CHECK(i == 100 - 128);
}

TEST_CASE("int2, int4, float2, float4, make_* and __ldg", "[sim]") {
    static_assert(sizeof(int2) == 8 && alignof(int2) == 8);
    static_assert(sizeof(int4) == 16 && alignof(int4) == 16);
    static_assert(sizeof(float2) == 8 && alignof(float2) == 8);
    static_assert(sizeof(float4) == 16 && alignof(float4) == 16);
    constexpr unsigned kN = 128;
    std::vector<int4> in4(kN);
    std::vector<float2> in2(kN);
    for (unsigned i = 0; i < kN; ++i) {
        in4[i] = make_int4(int(i), -int(i), 2 * int(i), 7);
        in2[i] = make_float2(float(i) * 0.5f, 1.25f);
    }
    std::vector<int2> out2(kN);
    std::vector<float4> out4(kN);
    std::vector<int> scalar(kN);
    const int* ints = reinterpret_cast<const int*>(in4.data());
    run(config(2, kN / 2), [&] {
        const unsigned g = global_id();
        const int4 a = __ldg(&in4[g]);
        const float2 b = __ldg(&in2[g]);
        out2[g] = make_int2(a.x + a.y, a.z * a.w);
        out4[g] = make_float4(b.x, b.y, b.x + b.y, float(a.w));
        scalar[g] = __ldg(ints + 4 * g + 2);
    });
    for (unsigned i = 0; i < kN; ++i) {
        INFO("element " << i);
        REQUIRE(out2[i].x == 0);
        REQUIRE(out2[i].y == 14 * int(i));
        REQUIRE(out4[i].x == float(i) * 0.5f);
        REQUIRE(out4[i].y == 1.25f);
        REQUIRE(out4[i].z == float(i) * 0.5f + 1.25f);
        REQUIRE(out4[i].w == 7.0f);
        REQUIRE(scalar[i] == 2 * int(i));
    }
}
