// The emulator's probe and recorder: the fields of each recorded event (kernels/trace/event.hpp),
// how block_sync, warp_sync and shuffles advance (phase, substep), the snapshot taken at every
// barrier of a traced block, and totals that count untraced blocks too.
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/probe/vocabulary.cuh"
#include "kernels/sim/sim_probe.hpp"
#include "kernels/trace/analysis.hpp"
#include "tests/sim/sim_test_kit.hpp"

using namespace simtest;
using namespace ws::probe;
using ws::sim::SimProbe;
using ws::sim::SimRecorder;
using ws::trace::Event;
using ws::trace::EventKind;

namespace {

constexpr unsigned kBlocks = 3, kThreads = 64;
constexpr std::size_t kSmemGiven = kThreads * sizeof(int) + 64;  // more than the kernel declares

struct Lines {
    unsigned declare, load, read, shuffle, store, last;
} g_lines;

template <class Probe>
__global__ void probed(const int* g_in, double* g_out, Probe probe) {
    g_lines.declare = __LINE__ + 1;
    auto s = shared_array<int>(probe, blockDim.x);
    auto in = global_array(g_in, probe);    // buffer 0
    auto out = global_array(g_out, probe);  // buffer 1
    const unsigned t = threadIdx.x, lane = t % 32, g = blockIdx.x * blockDim.x + t;
    g_lines.load = __LINE__ + 1;
    s[t] = in[g];
    block_sync(probe);
    g_lines.read = __LINE__ + 1;
    int v = s[(t + 1) % blockDim.x];
    warp_sync(probe);
    g_lines.shuffle = __LINE__ + 1;
    v = shfl_xor_sync(probe, kFullMask, v, 1);
    g_lines.store = __LINE__ + 1;
    out[g] = double(v) + 0.5;
    block_sync(probe);
    g_lines.last = __LINE__ + 1;
    if (lane == 0) s[t] = -1;
}

std::vector<int> input() {
    std::vector<int> in(kBlocks * kThreads);
    for (unsigned i = 0; i < in.size(); ++i) in[i] = int(i * 37 % 1000) - 500;
    return in;
}

std::uint64_t bits(int v) {
    std::uint64_t b = 0;
    std::memcpy(&b, &v, sizeof v);
    return b;
}
std::uint64_t bits(double v) {
    std::uint64_t b = 0;
    std::memcpy(&b, &v, sizeof v);
    return b;
}

struct Expected {
    std::uint16_t phase, substep, line;
    EventKind kind;
    std::uint8_t width, src_lane, buffer;
    std::uint64_t address, value;
};

void check_event(const Event& e, unsigned thread, unsigned seq, const Expected& x) {
    INFO("thread " << thread << " seq " << seq);
    CHECK(e.thread == thread);
    CHECK(e.seq == seq);
    CHECK(e.phase == x.phase);
    CHECK(e.substep == x.substep);
    CHECK(e.line == x.line);
    CHECK(e.kind == x.kind);
    CHECK(int(e.width) == int(x.width));
    CHECK(int(e.src_lane) == int(x.src_lane));
    CHECK(int(e.buffer) == int(x.buffer));
    CHECK(e.address == x.address);
    CHECK(e.value == x.value);
}

// Every event of one block, in (thread, seq) order, field by field.
void check_block_events(const ws::trace::BlockTrace& b, const std::vector<int>& in) {
    const unsigned base = b.block * kThreads;
    REQUIRE(b.events.size() == kThreads * 5 + kThreads / 32);
    std::size_t k = 0;
    for (unsigned t = 0; t < kThreads; ++t) {
        const unsigned lane = t % 32, next = (t + 1) % kThreads, partner = t ^ 1u;
        const int loaded = in[base + t], read = in[base + next];
        const int shuffled = in[base + (partner + 1) % kThreads];
        const auto L = g_lines;
        check_event(b.events[k++], t, 0,
                    {0, 0, std::uint16_t(L.load), EventKind::GlobalRead, 4, 0, 0, (base + t) * 4ull,
                     bits(loaded)});
        check_event(
            b.events[k++], t, 1,
            {0, 0, std::uint16_t(L.load), EventKind::SharedWrite, 4, 0, 0, t * 4ull, bits(loaded)});
        check_event(
            b.events[k++], t, 2,
            {1, 0, std::uint16_t(L.read), EventKind::SharedRead, 4, 0, 0, next * 4ull, bits(read)});
        check_event(b.events[k++], t, 3,
                    {1, 1, std::uint16_t(L.shuffle), EventKind::Shuffle, 4, std::uint8_t(lane ^ 1u),
                     0, 0, bits(shuffled)});
        check_event(b.events[k++], t, 4,
                    {1, 2, std::uint16_t(L.store), EventKind::GlobalWrite, 8, 0, 1,
                     (base + t) * 8ull, bits(double(shuffled) + 0.5)});
        if (lane == 0)
            check_event(
                b.events[k++], t, 5,
                {2, 0, std::uint16_t(L.last), EventKind::SharedWrite, 4, 0, 0, t * 4ull, bits(-1)});
    }
}

struct Recorded {
    std::vector<ws::trace::BlockTrace> blocks;
    ws::trace::Counters totals;
    unsigned smem_bytes = 0;
    std::vector<double> out;
};

Recorded record(std::vector<std::uint32_t> traced, bool all_blocks, bool count_totals,
                const char* schedule = "lockstep") {
    const std::vector<int> in = input();
    Recorded r;
    r.out.assign(in.size(), 0.0);
    SimRecorder rec(std::move(traced), all_blocks, count_totals);
    const auto e = ws::sim::launch(
        config(kBlocks, kThreads, kSmemGiven, schedule),
        [&] { probed(in.data(), r.out.data(), SimProbe(&rec)); }, &rec);
    INFO((e ? e->message : ""));
    REQUIRE_FALSE(e.has_value());
    r.blocks = std::move(rec.blocks());
    r.totals = rec.totals();
    r.smem_bytes = rec.smem_bytes();
    return r;
}

}  // namespace

TEST_CASE("recorded events carry phase, substep, thread, line, kind, width, address, value",
          "[sim][recorder]") {
    const std::vector<int> in = input();
    const Recorded r = record({0, 2}, false, true);
    REQUIRE(r.blocks.size() == 2);
    CHECK(r.blocks[0].block == 0);
    CHECK(r.blocks[1].block == 2);
    CHECK(r.smem_bytes == kThreads * sizeof(int));
    for (const auto& b : r.blocks) check_block_events(b, in);
    // What the kernel computed is what the events say it moved.
    for (unsigned i = 0; i < r.out.size(); ++i) {
        const unsigned b = i / kThreads, t = i % kThreads;
        REQUIRE(r.out[i] == double(in[b * kThreads + ((t ^ 1u) + 1) % kThreads]) + 0.5);
    }
}

TEST_CASE("a snapshot of the declared shared memory at every barrier of a traced block",
          "[sim][recorder]") {
    const std::vector<int> in = input();
    const Recorded r = record({1}, false, false);
    REQUIRE(r.blocks.size() == 1);
    const auto& b = r.blocks[0];
    CHECK(b.block == 1);
    REQUIRE(b.snapshots.size() == 2);  // two block_syncs; nothing after the last write
    for (unsigned k = 0; k < 2; ++k) {
        INFO("snapshot " << k);
        CHECK(b.snapshots[k].phase == k);
        REQUIRE(b.snapshots[k].bytes.size() == kThreads * sizeof(int));  // declared, not given
        std::vector<int> words(kThreads);
        std::memcpy(words.data(), b.snapshots[k].bytes.data(), kThreads * sizeof(int));
        for (unsigned t = 0; t < kThreads; ++t) REQUIRE(words[t] == in[kThreads + t]);
    }
    check_block_events(b, in);
}

TEST_CASE("blocks that are counted but not traced contribute to the totals", "[sim][recorder]") {
    const Recorded traced = record({0}, false, true);
    REQUIRE(traced.blocks.size() == 1);
    const ws::trace::Counters one = ws::trace::block_counters(traced.blocks[0], kThreads);
    CHECK(one.smem_writes == kThreads + kThreads / 32);
    CHECK(one.smem_reads == kThreads);
    CHECK(one.gmem_sectors > 0);
    ws::trace::Counters three = one;
    three += one;
    three += one;  // the blocks differ only in their data and global offsets
    CHECK(traced.totals == three);

    // No block kept at all: the totals are the same.
    const Recorded untraced = record({7}, false, true);
    CHECK(untraced.blocks.empty());
    CHECK(untraced.totals == three);

    // Totals off: nothing counted, only the traced block recorded.
    const Recorded off = record({2}, false, false);
    REQUIRE(off.blocks.size() == 1);
    CHECK(off.totals == ws::trace::Counters{});

    // Every block kept.
    const Recorded all = record({}, true, true);
    REQUIRE(all.blocks.size() == kBlocks);
    for (unsigned b = 0; b < kBlocks; ++b) CHECK(all.blocks[b].block == b);
    CHECK(all.totals == three);
}

TEST_CASE("the recorded trace of a race-free kernel is the same under every schedule",
          "[sim][recorder]") {
    const Recorded lockstep = record({0, 1, 2}, false, true);
    for (const char* schedule : {"sequential", "random:8"}) {
        INFO(schedule);
        const Recorded other = record({0, 1, 2}, false, true, schedule);
        REQUIRE(other.blocks.size() == lockstep.blocks.size());
        for (std::size_t b = 0; b < other.blocks.size(); ++b) {
            const auto& x = lockstep.blocks[b].events;
            const auto& y = other.blocks[b].events;
            REQUIRE(x.size() == y.size());
            CHECK(std::memcmp(x.data(), y.data(), x.size() * sizeof(Event)) == 0);
        }
        CHECK(other.totals == lockstep.totals);
    }
}

TEST_CASE("a probe without a recorder records nothing and changes nothing", "[sim][recorder]") {
    const std::vector<int> in = input();
    std::vector<double> out(in.size(), 0.0);
    run(config(kBlocks, kThreads, kSmemGiven), [&] { probed(in.data(), out.data(), SimProbe()); });
    const Recorded r = record({0}, false, false);
    CHECK(out == r.out);
}

namespace {

template <class Probe>
__global__ void wide_types(Probe probe) {
    const unsigned t = threadIdx.x;
    auto d = shared_array<double>(probe, blockDim.x);
    d[t] = t * 0.25;
    auto v = shared_array<int4>(probe, blockDim.x / 2);  // the same memory, seen as int4
    block_sync(probe);
    if (t < blockDim.x / 2) v[t] = make_int4(int(t), -1, 2, 3);
    block_sync(probe);
    const double x = shfl_down_sync(probe, kFullMask, t * 1.5, 4, 8);
    (void)x;
}

}  // namespace

TEST_CASE("event widths of 8 and 16 bytes, and shuffle sources within a segment",
          "[sim][recorder]") {
    SimRecorder rec({0}, false, false);
    const auto e = ws::sim::launch(
        config(1, 32, 32 * sizeof(double)), [&] { wide_types(SimProbe(&rec)); }, &rec);
    REQUIRE_FALSE(e.has_value());
    REQUIRE(rec.blocks().size() == 1);
    const auto& events = rec.blocks()[0].events;
    CHECK(rec.smem_bytes() == 32 * sizeof(double));
    for (unsigned t = 0; t < 32; ++t) {
        INFO("thread " << t);
        std::vector<Event> mine;
        for (const Event& ev : events)
            if (ev.thread == t) mine.push_back(ev);
        REQUIRE(mine.size() == (t < 16 ? 3u : 2u));
        CHECK(mine[0].kind == EventKind::SharedWrite);
        CHECK(int(mine[0].width) == 8);
        CHECK(mine[0].address == t * 8ull);
        CHECK(mine[0].value == bits(t * 0.25));
        std::size_t k = 1;
        if (t < 16) {
            const int4 want = make_int4(int(t), -1, 2, 3);
            std::uint64_t first8 = 0;
            std::memcpy(&first8, &want, 8);
            CHECK(mine[k].kind == EventKind::SharedWrite);
            CHECK(int(mine[k].width) == 16);
            CHECK(mine[k].address == t * 16ull);
            CHECK(mine[k].phase == 1);
            CHECK(mine[k].value == first8);  // the first 8 bytes of the value
            ++k;
        }
        const Event& sh = mine[k];
        CHECK(sh.kind == EventKind::Shuffle);
        CHECK(sh.phase == 2);
        CHECK(int(sh.width) == 8);
        const unsigned lane = t % 8, src = lane + 4 < 8 ? t + 4 : t;  // segments of 8
        CHECK(int(sh.src_lane) == int(src));
        CHECK(sh.value == bits(src * 1.5));
    }
}

TEST_CASE("blocks side by side are recorded whole, the last one running alone too",
          "[sim][recorder]") {
    // Three blocks, room for two: when one finishes the third starts, and at the end one runs
    // on alone after the other finished; every event of each still goes to its own block.
    const std::vector<int> in = input();
    for (const char* schedule : {"lockstep,resident=2", "random:5,resident=2,blocks=random:4",
                                 "lockstep,resident=3,blocks=reverse"}) {
        INFO(schedule);
        const Recorded r = record({0, 1, 2}, true, true, schedule);
        REQUIRE(r.blocks.size() == kBlocks);
        for (const auto& b : r.blocks) check_block_events(b, in);
    }
}
