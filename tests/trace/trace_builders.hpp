// Hand-built traces for the kernels/trace tests: a block builder that numbers each thread's
// events, and one small complete trace for the file and difference tests.
#pragma once
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/trace/analysis.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::trace::test {

class BlockBuilder {
  public:
    explicit BlockBuilder(std::uint32_t block = 0) { b_.block = block; }

    // One lane-level event; its seq is the thread's next.
    BlockBuilder& add(std::uint16_t thread, EventKind kind, std::uint64_t address, StepId step = {},
                      std::uint16_t line = 10, std::uint8_t width = 4, std::uint64_t value = 0,
                      std::uint8_t buffer = 0) {
        if (seq_.size() <= thread) seq_.resize(thread + 1u, 0);
        Event e{};
        e.phase = step.phase;
        e.substep = step.substep;
        e.thread = thread;
        e.line = line;
        e.kind = kind;
        e.width = width;
        e.buffer = buffer;
        e.seq = seq_[thread]++;
        e.address = address;
        e.value = value;
        b_.events.push_back(e);
        return *this;
    }

    // One access by each lane of `warp` in `mask`, at address(lane).
    template <class Address>
    BlockBuilder& warp_access(std::uint16_t warp, std::uint32_t mask, EventKind kind,
                              Address address, std::uint8_t width = 4, StepId step = {},
                              std::uint16_t line = 10) {
        for (std::uint32_t lane = 0; lane < kWarpSize; ++lane)
            if (mask >> lane & 1u)
                add(static_cast<std::uint16_t>(warp * kWarpSize + lane), kind, address(lane), step,
                    line, width, lane);
        return *this;
    }

    BlockBuilder& snapshot(std::uint16_t phase, std::vector<std::uint8_t> bytes) {
        b_.snapshots.push_back({phase, std::move(bytes)});
        return *this;
    }

    // The block, its events ordered by (thread, seq) as the recorders deliver them.
    BlockTrace build() const {
        BlockTrace out = b_;
        std::stable_sort(out.events.begin(), out.events.end(), [](const Event& x, const Event& y) {
            return x.thread != y.thread ? x.thread < y.thread : x.seq < y.seq;
        });
        return out;
    }

  private:
    BlockTrace b_;
    std::vector<std::uint32_t> seq_;
};

inline constexpr std::uint32_t kAllLanes = 0xffffffffu;

// The single warp instruction of a block (the test fails if there is not exactly one).
inline WarpInstruction only_instruction(const BlockTrace& b) {
    std::vector<WarpInstruction> insts = warp_instructions(b);
    REQUIRE(insts.size() == 1);
    return insts.front();
}

inline BankReport banks_of(const BlockTrace& b) {
    return bank_report(b, only_instruction(b));
}
inline SectorReport sectors_of(const BlockTrace& b) {
    return sector_report(b, only_instruction(b));
}

// A small reduction of 64 ints over 2 warps, as a recorder would report block `id` of it:
// phase 0 each thread stores s[t] = t + 1; phase 1 threads 0..31 add s[t + 32] into s[t];
// phase 2 thread 0 writes the block's sum out.
inline BlockTrace small_block(std::uint32_t id) {
    BlockBuilder bb(id);
    std::vector<std::uint8_t> s0(256, 0), s1;
    for (std::uint16_t t = 0; t < 64; ++t) {
        std::uint32_t v = t + 1u + id;
        bb.add(t, EventKind::GlobalRead, 4u * (id * 64u + t), {0, 0}, 20, 4, v);
        bb.add(t, EventKind::SharedWrite, 4u * t, {0, 0}, 20, 4, v);
        for (int k = 0; k < 4; ++k) s0[4u * t + k] = static_cast<std::uint8_t>(v >> (8 * k));
    }
    s1 = s0;
    for (std::uint16_t t = 0; t < 32; ++t) {
        std::uint32_t a = t + 1u + id, b = t + 33u + id;
        bb.add(t, EventKind::SharedRead, 4u * t, {1, 0}, 22, 4, a);
        bb.add(t, EventKind::SharedRead, 4u * (t + 32), {1, 0}, 22, 4, b);
        bb.add(t, EventKind::SharedWrite, 4u * t, {1, 0}, 22, 4, a + b);
        for (int k = 0; k < 4; ++k) s1[4u * t + k] = static_cast<std::uint8_t>((a + b) >> (8 * k));
    }
    bb.add(0, EventKind::GlobalWrite, 4u * id, {2, 0}, 25, 4, 0x1234, 1);
    bb.snapshot(0, s0).snapshot(1, s1);
    return bb.build();
}

inline Trace small_trace() {
    Trace t;
    t.request.algo = "reduce/sequential";
    t.request.n = 128;
    t.request.block = 64;
    t.request.type = DType::Int32;
    t.request.pattern = "ramp";
    t.request.seed = 0xfeedfacecafebeefull;
    t.request.schedule = "random:7";
    t.request.blocks = {0, 1};
    t.request.all_blocks = false;
    t.backend = "emulator";
    t.device = "CPU emulator (random:7)";
    t.recorded_at = "2024-05-01T12:00:00Z";
    t.source_file = "kernels/algorithms/reduce/03_sequential.cuh";
    t.source_text = "// sum \xc2\xb5s \"quoted\"\n\tint s[];\n";
    t.threads_per_block = 64;
    t.grid = 2;
    t.passes = 2;
    t.smem_type = DType::Int32;
    t.smem_bytes = 256;
    t.blocks = {small_block(0), small_block(1)};
    for (const BlockTrace& b : t.blocks) t.totals += block_counters(b, t.threads_per_block);
    t.result = Value::of(std::int32_t{8256});
    t.expected = Value::of(std::int32_t{8256});
    t.ok = true;
    return t;
}

}  // namespace ws::trace::test
