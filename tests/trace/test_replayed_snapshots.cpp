// Snapshots made from a block's writes (kernels/trace/replayed_snapshots.hpp), on hand-made
// events: the GPU recorder of plain kernels (the Sanitizer API) draws its shared memory so.
#include <catch2/catch.hpp>

#include "kernels/trace/replayed_snapshots.hpp"

using namespace ws::trace;

namespace {

Event write(std::uint16_t phase, std::uint16_t thread, std::uint32_t seq, std::uint64_t address,
            std::uint64_t value, std::uint8_t width = 4) {
    Event e{};
    e.phase = phase;
    e.thread = thread;
    e.seq = seq;
    e.kind = EventKind::SharedWrite;
    e.width = width;
    e.address = address;
    e.value = value;
    return e;
}

std::uint32_t word(const Snapshot& s, unsigned at) {
    return std::uint32_t(s.bytes[at]) | std::uint32_t(s.bytes[at + 1]) << 8 |
           std::uint32_t(s.bytes[at + 2]) << 16 | std::uint32_t(s.bytes[at + 3]) << 24;
}

}  // namespace

TEST_CASE("replayed snapshots: each barrier holds the writes of its phase and those before") {
    BlockTrace b;
    b.events = {write(0, 0, 0, 0, 5), write(1, 0, 1, 0, 7), write(0, 1, 0, 4, 9),
                write(1, 1, 1, 4, 11), write(2, 1, 2, 8, 0xdeadbeef)};
    Event read{};
    read.kind = EventKind::SharedRead;
    read.address = 12;
    read.value = 99;
    read.width = 4;
    b.events.push_back(read);
    b.snapshots.resize(2);
    b.snapshots[0].phase = 0;
    b.snapshots[1].phase = 1;
    replay_snapshots(b, 16);
    REQUIRE(b.snapshots[0].bytes.size() == 16);
    CHECK(word(b.snapshots[0], 0) == 5);
    CHECK(word(b.snapshots[0], 4) == 9);
    CHECK(word(b.snapshots[1], 0) == 7);
    CHECK(word(b.snapshots[1], 4) == 11);
    CHECK(word(b.snapshots[1], 8) == 0);   // phase 2's write is after the last barrier
    CHECK(word(b.snapshots[1], 12) == 0);  // a read writes nothing
}

TEST_CASE("replayed snapshots: a thread's later write wins, wide values and the edge are cut") {
    BlockTrace b;
    b.events = {write(0, 3, 0, 0, 1), write(0, 3, 1, 0, 2),
                write(0, 0, 0, 8, 0x0102030405060708, 8), write(0, 0, 1, 14, 0xffffffff)};
    b.snapshots.resize(1);
    replay_snapshots(b, 16);
    CHECK(word(b.snapshots[0], 0) == 2);
    CHECK(word(b.snapshots[0], 8) == 0x05060708u);
    CHECK(b.snapshots[0].bytes[15] == 0xff);  // bytes past 16 are dropped, not written
}
