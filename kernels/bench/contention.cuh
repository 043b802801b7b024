// `warpscope bench --contention`: the native atomicAdd against the same addition built from
// atomicCAS (the wiki's MyAtomicAdd: read, add, swap in if unchanged, else again), at three
// levels of contention: every thread of the grid adds its element into one word, into one word
// per warp, or into one word per block. Each point times n atomics (one a thread, a block of
// 256) and checks that the words sum to the input's sum. The words are zeroed inside the timed
// region (at most n / 32 of them, a memset next to the atomics).
#pragma once
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernels/bench/timing.cuh"

namespace ws::bench {

enum class Contention { OneWord, WordPerWarp, WordPerBlock };
enum class AtomicMethod { Native, CompareAndSwap };

struct ContentionPoint {
    const char* name;  // as bench writes it in BenchPoint::algo
    Contention contention;
    AtomicMethod method;
};

// Every point of a contention run, in the order bench times and prints them.
inline constexpr ContentionPoint kContentionPoints[] = {
    {"atomicadd-one-word", Contention::OneWord, AtomicMethod::Native},
    {"cas-one-word", Contention::OneWord, AtomicMethod::CompareAndSwap},
    {"atomicadd-word-per-warp", Contention::WordPerWarp, AtomicMethod::Native},
    {"cas-word-per-warp", Contention::WordPerWarp, AtomicMethod::CompareAndSwap},
    {"atomicadd-word-per-block", Contention::WordPerBlock, AtomicMethod::Native},
    {"cas-word-per-block", Contention::WordPerBlock, AtomicMethod::CompareAndSwap},
};

// Into one word, every thread of the grid resident at once retries against every other: the
// tries grow as n^2 / 2 and one L2 slice serialises them (2^16 elements: about 2^31 tries,
// seconds a run). Above this size that point is skipped, and bench says so.
inline constexpr std::uint64_t kCasOneWordMaxElements = std::uint64_t(1) << 16;

inline bool contention_point_runs(const ContentionPoint& c, std::uint64_t n) {
    return !(c.method == AtomicMethod::CompareAndSwap && c.contention == Contention::OneWord &&
             n > kCasOneWordMaxElements);
}

template <class T>
using CasBits = std::conditional_t<sizeof(T) == 4, unsigned, unsigned long long>;

template <class T>
__device__ void add_by_cas(T* word, T v) {
    auto* bits = reinterpret_cast<CasBits<T>*>(word);
    CasBits<T> seen = *bits, old;
    do {
        old = seen;
        T now;
        memcpy(&now, &old, sizeof(T));
        const T sum = now + v;
        CasBits<T> desired;
        memcpy(&desired, &sum, sizeof(T));
        seen = atomicCAS(bits, old, desired);
    } while (seen != old);
}

// One atomic a thread into word i >> shift (shift 32: word 0 for everyone).
template <class T, AtomicMethod M>
__global__ void contention_kernel(const T* in, T* words, unsigned n, unsigned shift) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    T* word = words + (shift >= 32 ? 0u : i >> shift);
    if constexpr (M == AtomicMethod::Native)
        atomicAdd(word, in[i]);
    else
        add_by_cas(word, in[i]);
}

template <class T>
void time_contention(SizePoint<T>& s, const ContentionPoint& c, unsigned block, BenchPoint& p) {
    unsigned block_shift = 0;  // block is a power of two
    while ((1u << block_shift) < block) ++block_shift;
    const unsigned shift = c.contention == Contention::OneWord       ? 32
                           : c.contention == Contention::WordPerWarp ? 5
                                                                     : block_shift;
    const std::uint64_t words = shift >= 32 ? 1 : (s.n + (1ull << shift) - 1) >> shift;
    const unsigned grid = unsigned((s.n + block - 1) / block);
    p.bytes = s.bytes;  // the elements read; the atomics' traffic stays in L2
    auto launch = [&](unsigned k) {
        WS_CUDA(cudaMemsetAsync(s.out.get(), 0, words * sizeof(T)), c.name);
        if (c.method == AtomicMethod::Native)
            contention_kernel<T, AtomicMethod::Native>
                <<<grid, block>>>(s.input(k), s.out.get(), unsigned(s.n), shift);
        else
            contention_kernel<T, AtomicMethod::CompareAndSwap>
                <<<grid, block>>>(s.input(k), s.out.get(), unsigned(s.n), shift);
        cuda::check_launch(c.name, false);
    };
    time_point(launch, s.inputs, p);
    std::vector<T> host(words);
    WS_CUDA(cudaMemcpy(host.data(), s.out.get(), words * sizeof(T), cudaMemcpyDeviceToHost),
            c.name);
    // The words hold partial sums; together they must give the input's sum (ints wrap as the
    // GPU's do; floating-point words are added in double).
    T sum{};
    if constexpr (std::is_integral_v<T>) {
        std::make_unsigned_t<T> wrapped = 0;
        for (T w : host) wrapped += std::make_unsigned_t<T>(w);
        sum = T(wrapped);
    } else {
        double total = 0;
        for (T w : host) total += double(w);
        sum = T(total);
    }
    p.ok = run::matches_reference(sum, s.ref, s.n, nullptr);
}

}  // namespace ws::bench
