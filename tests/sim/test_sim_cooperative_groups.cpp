// Emulator semantics: the emulator's cooperative groups (kernels/user/plain_include/
// cooperative_groups.h and cooperative_groups/reduce.h), built on the shim's intrinsics. Kernels
// written as CUDA courses write them run at several block sizes on random data and are checked
// against a reference computed here; ranks, sizes and meta groups; tiles' shuffles, votes and
// scans; the line an error names is the kernel's; and what is outside the subset is not declared.
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "kernels/user/plain_include/cooperative_groups.h"
#include "kernels/user/plain_include/cooperative_groups/reduce.h"
#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;
namespace cg = cooperative_groups;

namespace {

constexpr unsigned kBlockSizes[] = {32, 64, 96, 256, 1000};

std::vector<int> random_ints(std::size_t n, std::uint32_t seed, int lo = -1000, int hi = 1000) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> pick(lo, hi);
    std::vector<int> v(n);
    for (int& x : v) x = pick(rng);
    return v;
}

// ---- kernels as courses write them --------------------------------------------------------------

// The course's block sum: each warp's tile adds with shfl_down, rank 0 of each tile puts the
// tile's sum in shared memory, and after the block's sync the first tile reduces those.
__global__ void block_sum(const int* in, int* out, int n) {
    namespace cg = cooperative_groups;
    cg::thread_block b = cg::this_thread_block();
    auto tile = cg::tiled_partition<32>(b);
    __shared__ int warp_sums[32];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
    if (tile.thread_rank() == 0) warp_sums[tile.meta_group_rank()] = v;
    cg::sync(b);
    if (tile.meta_group_rank() == 0) {
        v = tile.thread_rank() < tile.meta_group_size() ? warp_sums[tile.thread_rank()] : 0;
        v = cg::reduce(tile, v, cg::plus<int>());
        if (tile.thread_rank() == 0) out[blockIdx.x] = v;
    }
}

// The same with tiles of N threads (N divides the block) and a shared-memory tree over the
// tiles' sums that works for any number of tiles.
template <unsigned N>
__global__ void block_sum_tiles(const int* in, int* out, int n) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
    __shared__ int tile_sums[1024];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    v = cg::reduce(tile, v, cg::plus<int>());
    if (tile.thread_rank() == 0) tile_sums[tile.meta_group_rank()] = v;
    block.sync();
    const unsigned tiles = tile.meta_group_size(), t = block.thread_rank();
    unsigned half = 1;
    while (half < tiles) half *= 2;
    for (half /= 2; half > 0; half /= 2) {
        if (t < half && t + half < tiles) tile_sums[t] += tile_sums[t + half];
        block.sync();
    }
    if (t == 0) out[blockIdx.x] = tile_sums[0];
}

template <class Kernel>
void check_block_sums(unsigned threads, Kernel kernel) {
    INFO(threads << " threads a block");
    const int n = int(threads) * 5 - 7;  // the last block is not full
    const unsigned blocks = (unsigned(n) + threads - 1) / threads;
    const std::vector<int> in = random_ints(std::size_t(n), threads);
    std::vector<int> out(blocks, -1);
    run(config(blocks, threads), [&] { kernel(in.data(), out.data(), n); });
    for (unsigned b = 0; b < blocks; ++b) {
        int want = 0;
        for (unsigned i = b * threads; i < std::min(unsigned(n), (b + 1) * threads); ++i)
            want += in[i];
        REQUIRE(out[b] == want);
    }
}

}  // namespace

TEST_CASE("cg: the course's block sum with shfl_down, cg::sync and cg::reduce", "[sim][cg]") {
    for (unsigned threads : {32u, 64u, 96u, 256u})  // whole warps: a tile of 32 reads all 32
        check_block_sums(threads, block_sum);
}

TEST_CASE("cg: block sums over tiles of 4, 8 and 16, any block size they divide", "[sim][cg]") {
    for (unsigned threads : kBlockSizes) {
        check_block_sums(threads, block_sum_tiles<4>);
        check_block_sums(threads, block_sum_tiles<8>);
        if (threads % 16 == 0) check_block_sums(threads, block_sum_tiles<16>);
    }
}

// ---- reduce on every tile size ------------------------------------------------------------------

namespace {

struct Reduced {
    int sum = -1, min = -1, max = -1;
    unsigned ands = 0, ors = 0, xors = 0;
    double dsum = -1;
};

template <unsigned N>
__global__ void tile_reduce(const int* in, Reduced* out) {
    auto tile = cg::tiled_partition<N>(cg::this_thread_block());
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    const int v = in[t];
    Reduced r;
    r.sum = cg::reduce(tile, v, cg::plus<int>());
    r.min = cg::reduce(tile, v, cg::less<int>());
    r.max = cg::reduce(tile, v, cg::greater<int>());
    r.ands = cg::reduce(tile, unsigned(v) | 0x80000000u, cg::bit_and<unsigned>());
    r.ors = cg::reduce(tile, unsigned(v) & 0xffu, cg::bit_or<unsigned>());
    r.xors = cg::reduce(tile, unsigned(v), cg::bit_xor<unsigned>());
    r.dsum = cg::reduce(tile, double(v) * 0.5, cg::plus<double>());
    out[t] = r;
}

template <unsigned N>
void check_tile_reduce(unsigned threads) {
    if (threads % N != 0) return;  // a partial tile's shuffles would read missing lanes
    INFO("tiles of " << N << ", " << threads << " threads a block");
    const unsigned blocks = 2, total = blocks * threads;
    const std::vector<int> in = random_ints(total, N * 1000 + threads);
    std::vector<Reduced> out(total);
    run(config(blocks, threads), [&] { tile_reduce<N>(in.data(), out.data()); });
    for (unsigned first = 0; first < total; first += N) {
        Reduced want;
        want.sum = 0, want.min = in[first], want.max = in[first];
        want.ands = ~0u, want.ors = 0, want.xors = 0, want.dsum = 0;
        for (unsigned t = first; t < first + N; ++t) {
            want.sum += in[t];
            want.min = std::min(want.min, in[t]);
            want.max = std::max(want.max, in[t]);
            want.ands &= unsigned(in[t]) | 0x80000000u;
            want.ors |= unsigned(in[t]) & 0xffu;
            want.xors ^= unsigned(in[t]);
            want.dsum += double(in[t]) * 0.5;
        }
        for (unsigned t = first; t < first + N; ++t) {  // every thread of the tile has it
            INFO("thread " << t);
            REQUIRE(out[t].sum == want.sum);
            REQUIRE(out[t].min == want.min);
            REQUIRE(out[t].max == want.max);
            REQUIRE(out[t].ands == want.ands);
            REQUIRE(out[t].ors == want.ors);
            REQUIRE(out[t].xors == want.xors);
            REQUIRE(out[t].dsum == want.dsum);
        }
    }
}

}  // namespace

TEST_CASE("cg: reduce gives every thread of a tile its tile's result, every operator and size",
          "[sim][cg]") {
    for (unsigned threads : kBlockSizes) {
        check_tile_reduce<1>(threads);
        check_tile_reduce<2>(threads);
        check_tile_reduce<4>(threads);
        check_tile_reduce<8>(threads);
        check_tile_reduce<16>(threads);
        check_tile_reduce<32>(threads);
    }
}

// ---- ranks, sizes, indices and meta groups ------------------------------------------------------

namespace {

struct Ranks {
    unsigned rank = ~0u, size = 0, num_threads = 0;
    dim3 group_index{0, 0, 0}, thread_index{0, 0, 0}, group_dim{0, 0, 0}, dim_threads{0, 0, 0};
    unsigned t32_rank = ~0u, t32_meta = ~0u, t32_metas = 0;
    unsigned t4_rank = ~0u, t4_meta = ~0u, t4_metas = 0;
    unsigned t16_rank = ~0u, t16_meta = ~0u, t16_metas = 0;
    unsigned t32_4_rank = ~0u, t32_4_meta = ~0u, t32_4_metas = 0;  // tiled_partition<4>(tile32)
    unsigned t16_2_rank = ~0u, t16_2_meta = ~0u, t16_2_metas = 0;  // tiled_partition<2>(tile16)
    unsigned t4_1_meta = ~0u;                                      // tiled_partition<1>(tile4)
};

__global__ void record_ranks(std::vector<Ranks>* out) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
    auto tile4 = cg::tiled_partition<4>(block);
    auto tile16 = cg::tiled_partition<16>(block);
    auto tile32_4 = cg::tiled_partition<4>(tile32);
    auto tile16_2 = cg::tiled_partition<2>(tile16);
    auto tile4_1 = cg::tiled_partition<1>(tile4);
    const unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    Ranks& r = (*out)[b * block.size() + block.thread_rank()];
    r.rank = block.thread_rank();
    r.size = block.size();
    r.num_threads = block.num_threads();
    r.group_index = block.group_index();
    r.thread_index = block.thread_index();
    r.group_dim = block.group_dim();
    r.dim_threads = block.dim_threads();
    r.t32_rank = tile32.thread_rank();
    r.t32_meta = tile32.meta_group_rank();
    r.t32_metas = tile32.meta_group_size();
    r.t4_rank = tile4.thread_rank();
    r.t4_meta = tile4.meta_group_rank();
    r.t4_metas = tile4.meta_group_size();
    r.t16_rank = tile16.thread_rank();
    r.t16_meta = tile16.meta_group_rank();
    r.t16_metas = tile16.meta_group_size();
    r.t32_4_rank = tile32_4.thread_rank();
    r.t32_4_meta = tile32_4.meta_group_rank();
    r.t32_4_metas = tile32_4.meta_group_size();
    r.t16_2_rank = tile16_2.thread_rank();
    r.t16_2_meta = tile16_2.meta_group_rank();
    r.t16_2_metas = tile16_2.meta_group_size();
    r.t4_1_meta = tile4_1.meta_group_rank();
}

void check_ranks(Dim grid, Dim block) {
    const unsigned threads = unsigned(block.count()), blocks = unsigned(grid.count());
    INFO("block " << block.x << "x" << block.y << "x" << block.z << ", grid " << grid.x << "x"
                  << grid.y << "x" << grid.z);
    std::vector<Ranks> out(std::size_t(blocks) * threads);
    run(config(grid, block), [&] { record_ranks(&out); });
    auto same = [](dim3 a, unsigned x, unsigned y, unsigned z) {
        return a.x == x && a.y == y && a.z == z;
    };
    for (unsigned b = 0; b < blocks; ++b)
        for (unsigned t = 0; t < threads; ++t) {
            INFO("block " << b << ", thread " << t);
            const Ranks& r = out[b * threads + t];
            REQUIRE(r.rank == t);
            REQUIRE(r.size == threads);
            REQUIRE(r.num_threads == threads);
            REQUIRE(same(r.group_index, b % grid.x, b / grid.x % grid.y, b / (grid.x * grid.y)));
            REQUIRE(
                same(r.thread_index, t % block.x, t / block.x % block.y, t / (block.x * block.y)));
            REQUIRE(same(r.group_dim, block.x, block.y, block.z));
            REQUIRE(same(r.dim_threads, block.x, block.y, block.z));
            REQUIRE(r.t32_rank == t % 32);
            REQUIRE(r.t32_meta == t / 32);
            REQUIRE(r.t32_metas == (threads + 31) / 32);
            REQUIRE(r.t4_rank == t % 4);
            REQUIRE(r.t4_meta == t / 4);
            REQUIRE(r.t4_metas == (threads + 3) / 4);
            REQUIRE(r.t16_rank == t % 16);
            REQUIRE(r.t16_meta == t / 16);
            REQUIRE(r.t16_metas == (threads + 15) / 16);
            REQUIRE(r.t32_4_rank == t % 4);
            REQUIRE(r.t32_4_meta == t % 32 / 4);
            REQUIRE(r.t32_4_metas == 8);
            REQUIRE(r.t16_2_rank == t % 2);
            REQUIRE(r.t16_2_meta == t % 16 / 2);
            REQUIRE(r.t16_2_metas == 8);
            REQUIRE(r.t4_1_meta == t % 4);
        }
}

}  // namespace

TEST_CASE("cg: thread_block and tiles give CUDA's ranks, sizes, indices and meta groups",
          "[sim][cg]") {
    for (unsigned threads : kBlockSizes) check_ranks(Dim{2, 1, 1}, Dim{threads, 1, 1});
    check_ranks(Dim{3, 2, 1}, Dim{4, 6, 4});    // 96 threads in three dimensions
    check_ranks(Dim{1, 1, 2}, Dim{10, 10, 1});  // 100: a partial last warp
    // A tile's size is a constant, as in CUDA; a tile from a partition names thread_block_tile<N>.
    static_assert(cg::thread_block_tile<16>::size() == 16);
    static_assert(cg::thread_block_tile<8>::num_threads() == 8);
    static_assert(std::is_convertible_v<cg::thread_block_tile<4, cg::thread_block>,
                                        cg::thread_block_tile<4>>);
    static_assert(
        std::is_same_v<decltype(cg::tiled_partition<2>(std::declval<cg::thread_block_tile<8>>())),
                       cg::thread_block_tile<2, cg::thread_block_tile<8>>>);
    static_assert(!std::is_default_constructible_v<cg::thread_block>);
}

// ---- a tile's shuffles --------------------------------------------------------------------------

namespace {

struct Shuffled {
    long long idx = -1, up = -1, down = -1, xr = -1;
    float fidx = -1;
};

long long payload(unsigned t) {
    return (0x1234567ll << 32) * (t % 2 ? -1 : 1) + t;
}

template <unsigned N>
__global__ void tile_shuffles(unsigned arg, Shuffled* out) {
    const cg::thread_block block = cg::this_thread_block();
    const cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
    const unsigned t = block.thread_rank();
    Shuffled s;
    s.idx = tile.shfl(payload(t), int(arg));
    s.up = tile.shfl_up(payload(t), arg);
    s.down = tile.shfl_down(payload(t), arg);
    s.xr = tile.shfl_xor(payload(t), arg % N);
    s.fidx = tile.shfl(float(t) * 0.25f, int(arg));
    out[t] = s;
}

// Ranks inside a tile of N: shfl reads rank src % N; up reads rank - d unless before 0, down
// reads rank + d unless past N - 1 (otherwise a thread keeps its value); xor reads rank ^ m.
template <unsigned N>
void check_tile_shuffles(unsigned threads) {
    for (unsigned arg = 0; arg <= N; ++arg) {
        INFO("tiles of " << N << ", " << threads << " threads, argument " << arg);
        std::vector<Shuffled> out(threads);
        run(config(1, threads), [&] { tile_shuffles<N>(arg, out.data()); });
        for (unsigned t = 0; t < threads; ++t) {
            INFO("thread " << t);
            const unsigned first = t / N * N, rank = t % N;
            REQUIRE(out[t].idx == payload(first + arg % N));
            REQUIRE(out[t].fidx == float(first + arg % N) * 0.25f);
            REQUIRE(out[t].up == payload(rank >= arg ? t - arg : t));
            REQUIRE(out[t].down == payload(rank + arg < N ? t + arg : t));
            REQUIRE(out[t].xr == payload(first + (rank ^ (arg % N))));
        }
    }
}

}  // namespace

TEST_CASE("cg: a tile's shfl, shfl_up, shfl_down and shfl_xor stay inside the tile", "[sim][cg]") {
    for (unsigned threads : {64u, 96u}) {
        check_tile_shuffles<2>(threads);
        check_tile_shuffles<4>(threads);
        check_tile_shuffles<16>(threads);
        check_tile_shuffles<32>(threads);
    }
    check_tile_shuffles<4>(1000);  // tiles of 4 fill the partial last warp
}

// ---- votes --------------------------------------------------------------------------------------

namespace {

struct Voted {
    int any = -1, all = -1;
    unsigned ballot = 0xdeadbeefu;
};

template <unsigned N>
__global__ void tile_votes(const std::vector<int>* preds, Voted* out) {
    auto tile = cg::tiled_partition<N>(cg::this_thread_block());
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    const int p = (*preds)[t];
    out[t].any = tile.any(p);
    out[t].all = tile.all(p);
    out[t].ballot = tile.ballot(p);
}

// Votes are legal on a partial tile: its mask holds the threads that exist.
template <unsigned N>
void check_tile_votes(unsigned threads) {
    INFO("tiles of " << N << ", " << threads << " threads a block");
    const unsigned blocks = 2, total = blocks * threads;
    std::mt19937 rng(N * 7 + threads);
    std::vector<int> preds(total);
    for (unsigned t = 0; t < total; ++t) {  // whole warps true or false, and random ones
        const unsigned warp = t % threads / 32;
        preds[t] = warp % 3 == 0 ? 1 : warp % 3 == 1 ? 0 : int(rng() % 4 != 0) * int(rng() % 7);
    }
    std::vector<Voted> out(total);
    run(config(blocks, threads), [&] { tile_votes<N>(&preds, out.data()); });
    for (unsigned t = 0; t < total; ++t) {
        INFO("thread " << t);
        const unsigned b = t / threads, first = b * threads + t % threads / N * N;
        const unsigned last = std::min(first + N, (b + 1) * threads);
        bool any = false, all = true;
        unsigned ballot = 0;
        for (unsigned u = first; u < last; ++u) {
            any |= preds[u] != 0;
            all &= preds[u] != 0;
            if (preds[u] != 0) ballot |= 1u << (u - first);
        }
        REQUIRE(out[t].any == int(any));
        REQUIRE(out[t].all == int(all));
        REQUIRE(out[t].ballot == ballot);
    }
}

}  // namespace

TEST_CASE("cg: a tile's any, all and ballot, ballot's bits by rank in the tile", "[sim][cg]") {
    for (unsigned threads : kBlockSizes) {
        check_tile_votes<4>(threads);
        check_tile_votes<16>(threads);
        check_tile_votes<32>(threads);  // at 1000, the last warp's 8 threads vote alone
    }
}

// ---- scans --------------------------------------------------------------------------------------

namespace {

struct Scanned {
    int inclusive = -1, exclusive = -1, running_max = -1, exclusive_or = -1;
};

template <unsigned N>
__global__ void tile_scans(const int* in, Scanned* out) {
    auto tile = cg::tiled_partition<N>(cg::this_thread_block());
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t].inclusive = cg::inclusive_scan(tile, in[t]);
    out[t].exclusive = cg::exclusive_scan(tile, in[t]);
    out[t].running_max = cg::inclusive_scan(tile, in[t], cg::greater<int>());
    out[t].exclusive_or = cg::exclusive_scan(tile, in[t] & 0xff, cg::bit_or<int>());
}

template <unsigned N>
void check_tile_scans(unsigned threads) {
    if (threads % N != 0) return;
    INFO("tiles of " << N << ", " << threads << " threads a block");
    const unsigned total = 2 * threads;
    const std::vector<int> in = random_ints(total, N + threads);
    std::vector<Scanned> out(total);
    run(config(2, threads), [&] { tile_scans<N>(in.data(), out.data()); });
    for (unsigned first = 0; first < total; first += N) {
        int sum = 0, max = in[first], ors = 0;
        for (unsigned t = first; t < first + N; ++t) {
            INFO("thread " << t);
            REQUIRE(out[t].exclusive == sum);
            REQUIRE(out[t].exclusive_or == ors);
            sum += in[t];
            max = std::max(max, in[t]);
            ors |= in[t] & 0xff;
            REQUIRE(out[t].inclusive == sum);
            REQUIRE(out[t].running_max == max);
        }
    }
}

}  // namespace

TEST_CASE("cg: inclusive_scan and exclusive_scan on tiles", "[sim][cg]") {
    for (unsigned threads : kBlockSizes) {
        check_tile_scans<1>(threads);
        check_tile_scans<4>(threads);
        check_tile_scans<8>(threads);
        check_tile_scans<16>(threads);
        check_tile_scans<32>(threads);
    }
}

// ---- syncs order shared memory under every schedule ---------------------------------------------

TEST_CASE("cg: tile.sync() and block.sync() order shared memory under random schedules",
          "[sim][cg]") {
    for (const char* schedule : {"lockstep", "sequential", "random:1", "random:7", "random:42"}) {
        INFO("schedule " << schedule);
        std::vector<int> from_tile(96, -1), from_block(96, -1);
        run(config(1, 96, 0, schedule), [&] {
            cg::thread_block block = cg::this_thread_block();
            auto tile = cg::tiled_partition<16>(block);
            __shared__ int s[96];
            const unsigned t = block.thread_rank();
            s[t] = int(t) * 3;
            tile.sync();
            from_tile[t] = s[t / 16 * 16 + (tile.thread_rank() + 5) % 16];
            block.sync();
            s[t] = int(t) * 7;
            cg::sync(block);
            from_block[t] = s[95 - t];
        });
        for (unsigned t = 0; t < 96; ++t) {
            REQUIRE(from_tile[t] == int(t / 16 * 16 + (t % 16 + 5) % 16) * 3);
            REQUIRE(from_block[t] == int(95 - t) * 7);
        }
    }
}

// ---- the line an error names is the kernel's ----------------------------------------------------

TEST_CASE("cg: an error in a tile's shuffle, sync or reduce names the kernel's line", "[sim][cg]") {
    SECTION("shfl_down on a tile of 32 in a partial warp reads a lane that does not exist") {
        unsigned want = 0;
        const KernelError e = run_expecting_error(config(1, 40), [&] {
            auto tile = cg::tiled_partition<32>(cg::this_thread_block());
            int v = 1;
            want = __LINE__ + 1;
            for (int o = 16; o > 0; o /= 2) v += tile.shfl_down(v, o);
        });
        REQUIRE(e.line == want);
        REQUIRE(e.message.find("not in the mask 0x000000ff") != std::string::npos);
    }
    SECTION("cg::reduce on a partial tile of 16") {
        unsigned want = 0;
        const KernelError e = run_expecting_error(config(1, 40), [&] {
            auto tile = cg::tiled_partition<16>(cg::this_thread_block());
            want = __LINE__ + 1;
            const int v = cg::reduce(tile, 1, cg::plus<int>());
            (void)v;
        });
        REQUIRE(e.line == want);
        REQUIRE(e.message.find("not in the mask 0x000000ff") != std::string::npos);
    }
    SECTION("tile.sync() that half the tile never reaches") {
        unsigned want = 0;
        const KernelError e = run_expecting_error(config(1, 64), [&] {
            auto tile = cg::tiled_partition<8>(cg::this_thread_block());
            want = __LINE__ + 1;
            if (tile.thread_rank() < 4) tile.sync();
        });
        INFO(e.message);
        REQUIRE(e.line == want);
    }
    SECTION("cg::sync(block) inside a branch some threads skip") {
        unsigned want = 0;
        const KernelError e = run_expecting_error(config(1, 64), [&] {
            cg::thread_block block = cg::this_thread_block();
            want = __LINE__ + 1;
            if (block.thread_rank() < 32) cg::sync(block);
        });
        REQUIRE(e.line == want);
    }
    SECTION("a tile's lanes at different votes: ballot and any") {
        const KernelError e = run_expecting_error(config(1, 32), [&] {
            auto tile = cg::tiled_partition<32>(cg::this_thread_block());
            if (tile.thread_rank() == 0)
                (void)tile.ballot(1);
            else
                (void)tile.any(1);
        });
        REQUIRE(e.message.find("lanes disagree") != std::string::npos);
    }
    require_emulator_still_works();
}

// ---- what is outside the subset is not declared -------------------------------------------------
// A kernel that uses grid_group, this_grid(), coalesced_threads(), ... must fail to compile, the
// compiler naming the construct and the line. Checked here at compile time: a function is
// absent when an unqualified call, with cooperative_groups and a fallback namespace both in
// sight, finds only the fallback; a class is absent when it is not complete after a declaration
// made here. (The compiler's message itself, "no member named 'this_grid' in namespace
// 'cooperative_groups'", belongs to the tests of the user-kernel compile.)

namespace outside_subset {
struct absent {};
template <class... A>
absent this_grid(A&&...);
template <class... A>
absent this_multi_grid(A&&...);
template <class... A>
absent this_cluster(A&&...);
template <class... A>
absent coalesced_threads(A&&...);
template <class... A>
absent labeled_partition(A&&...);
template <class... A>
absent binary_partition(A&&...);
template <class... A>
absent memcpy_async(A&&...);
template <class... A>
absent wait(A&&...);
template <class... A>
absent thread_rank(A&&...);
template <class... A>
absent group_size(A&&...);
template <class... A>
absent tiled_partition(A&&...);
}  // namespace outside_subset

namespace outside_subset_check {
using namespace cooperative_groups;
using namespace outside_subset;
template <class T>
constexpr bool is_absent = std::is_same_v<T, outside_subset::absent>;
static_assert(is_absent<decltype(this_grid())>);
static_assert(is_absent<decltype(this_multi_grid())>);
static_assert(is_absent<decltype(this_cluster())>);
static_assert(is_absent<decltype(coalesced_threads())>);
static_assert(is_absent<decltype(labeled_partition(this_thread_block(), 0))>);
static_assert(is_absent<decltype(binary_partition(this_thread_block(), true))>);
static_assert(is_absent<decltype(memcpy_async(this_thread_block(), nullptr, nullptr, 0))>);
static_assert(is_absent<decltype(wait(this_thread_block()))>);
static_assert(is_absent<decltype(thread_rank(this_thread_block()))>);
static_assert(is_absent<decltype(group_size(this_thread_block()))>);
static_assert(is_absent<decltype(tiled_partition(this_thread_block(), 32u))>);  // the dynamic one
}  // namespace outside_subset_check

namespace cooperative_groups {
class grid_group;
class thread_group;
class coalesced_group;
class multi_grid_group;
class cluster_group;
}  // namespace cooperative_groups

namespace outside_subset_check {
template <class T, class = void>
struct is_complete : std::false_type {};
template <class T>
struct is_complete<T, std::void_t<decltype(sizeof(T))>> : std::true_type {};
static_assert(is_complete<cg::thread_block>::value && is_complete<cg::thread_block_tile<4>>::value);
static_assert(!is_complete<cg::grid_group>::value);
static_assert(!is_complete<cg::thread_group>::value);
static_assert(!is_complete<cg::coalesced_group>::value);
static_assert(!is_complete<cg::multi_grid_group>::value);
static_assert(!is_complete<cg::cluster_group>::value);
}  // namespace outside_subset_check
