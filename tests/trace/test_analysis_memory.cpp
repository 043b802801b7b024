// Global sectors (coalescing) of warp instructions, and shared memory rebuilt at a step from
// snapshots and replayed writes.
#include <catch2/catch.hpp>

#include "kernels/trace/analysis.hpp"
#include "tests/trace/trace_builders.hpp"

using namespace ws::trace;
using ws::trace::test::BlockBuilder;
using ws::trace::test::kAllLanes;
using ws::trace::test::sectors_of;

namespace {

template <class Address>
SectorReport global(std::uint8_t width, std::uint32_t mask, Address address,
                    EventKind kind = EventKind::GlobalRead) {
    return sectors_of(BlockBuilder().warp_access(0, mask, kind, address, width).build());
}

std::uint32_t u32_at(const std::vector<std::uint8_t>& bytes, std::size_t at) {
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k) v |= std::uint32_t(bytes.at(at + k)) << (8 * k);
    return v;
}

}  // namespace

TEST_CASE("coalesced 4-byte accesses touch 4 sectors", "[trace][sectors]") {
    SectorReport r = global(4, kAllLanes, [](unsigned l) { return 4u * l; });
    CHECK(r.sectors == 4);
    CHECK(r.ideal_sectors == 4);
}

TEST_CASE("strided accesses touch more sectors than ideal", "[trace][sectors]") {
    SECTION("stride 2") {
        SectorReport r = global(4, kAllLanes, [](unsigned l) { return 8u * l; });
        CHECK(r.sectors == 8);
        CHECK(r.ideal_sectors == 4);
    }
    SECTION("one sector per lane") {
        SectorReport r = global(
            4, kAllLanes, [](unsigned l) { return 32u * l; }, EventKind::GlobalWrite);
        CHECK(r.sectors == 32);
        CHECK(r.ideal_sectors == 4);
    }
}

TEST_CASE("a misaligned warp access touches one extra sector", "[trace][sectors]") {
    SectorReport r = global(4, kAllLanes, [](unsigned l) { return 4u + 4u * l; });
    CHECK(r.sectors == 5);
    CHECK(r.ideal_sectors == 4);
}

TEST_CASE("a misaligned wide access counts every sector its bytes touch", "[trace][sectors]") {
    // One 8-byte access at byte 28 spans sectors 0 and 1.
    SectorReport r = global(8, 1u, [](unsigned) { return 28u; });
    CHECK(r.sectors == 2);
    CHECK(r.ideal_sectors == 1);
}

TEST_CASE("8-byte and partial accesses", "[trace][sectors]") {
    SectorReport wide = global(8, kAllLanes, [](unsigned l) { return 8u * l; });
    CHECK(wide.sectors == 8);
    CHECK(wide.ideal_sectors == 8);
    SectorReport few = global(4, 0x7u, [](unsigned l) { return 4u * l; });
    CHECK(few.sectors == 1);
    CHECK(few.ideal_sectors == 1);
}

TEST_CASE("atomics count sectors, different buffers are different sectors", "[trace][sectors]") {
    BlockBuilder bb;
    bb.add(0, EventKind::Atomic, 0, {}, 10, 4, 0, 0).add(1, EventKind::Atomic, 0, {}, 10, 4, 0, 1);
    SectorReport r = sectors_of(bb.build());
    CHECK(r.sectors == 2);
    CHECK(r.ideal_sectors == 1);
}

TEST_CASE("shared instructions have no sectors", "[trace][sectors]") {
    SectorReport r = global(
        4, kAllLanes, [](unsigned l) { return 4u * l; }, EventKind::SharedRead);
    CHECK(r.sectors == 0);
    CHECK(r.ideal_sectors == 0);
}

TEST_CASE("shared_after without snapshots replays writes up to the step", "[trace][shared]") {
    BlockTrace b = BlockBuilder()
                       .add(0, EventKind::SharedWrite, 0, {0, 0}, 10, 4, 0x11223344)
                       .add(1, EventKind::SharedWrite, 4, {0, 1}, 10, 4, 7)
                       .add(1, EventKind::SharedRead, 8, {0, 1}, 10, 4, 99)
                       .build();
    SharedImage at0 = shared_after(b, 16, {0, 0});
    REQUIRE(at0.bytes.size() == 16);
    REQUIRE(at0.written.size() == 16);
    CHECK(at0.bytes[0] == 0x44);  // little-endian
    CHECK(at0.bytes[3] == 0x11);
    CHECK(at0.written[3] == 1);
    CHECK(at0.written[4] == 0);
    CHECK(u32_at(at0.bytes, 4) == 0);

    SharedImage at1 = shared_after(b, 16, {0, 1});
    CHECK(u32_at(at1.bytes, 4) == 7);
    CHECK(at1.written[4] == 1);
    CHECK(at1.written[8] == 0);  // reads define nothing
}

TEST_CASE("shared_after starts from the last snapshot before the step's phase", "[trace][shared]") {
    // Phase 0: thread 0 writes word 0 (=1). Snapshot 0 holds word 0 = 5 (a later write that the
    // snapshot saw) and junk in word 3, which no write defined.
    // Phase 1: thread 1 writes word 1 in substep 0, word 2 in substep 1.
    std::vector<std::uint8_t> snap0(16, 0);
    snap0[0] = 5;
    snap0[12] = 0xee;
    BlockTrace b = BlockBuilder()
                       .add(0, EventKind::SharedWrite, 0, {0, 0}, 10, 4, 1)
                       .add(1, EventKind::SharedWrite, 4, {1, 0}, 10, 4, 2)
                       .add(1, EventKind::SharedWrite, 8, {1, 1}, 10, 4, 3)
                       .snapshot(0, snap0)
                       .build();

    SharedImage s = shared_after(b, 16, {1, 0});
    CHECK(u32_at(s.bytes, 0) == 5);  // from the snapshot, not the replayed event
    CHECK(u32_at(s.bytes, 4) == 2);
    CHECK(u32_at(s.bytes, 8) == 0);  // substep 1 is later
    CHECK(s.bytes[12] == 0xee);
    CHECK(s.written[0] == 1);
    CHECK(s.written[4] == 1);
    CHECK(s.written[8] == 0);
    CHECK(s.written[12] == 0);  // snapshot junk is not defined

    SharedImage later = shared_after(b, 16, {1, 1});
    CHECK(u32_at(later.bytes, 8) == 3);
    CHECK(later.written[8] == 1);

    // In phase 0 the snapshot of phase 0 is not yet taken: the write is replayed.
    SharedImage first = shared_after(b, 16, {0, 0});
    CHECK(u32_at(first.bytes, 0) == 1);
    CHECK(first.bytes[12] == 0);
}

TEST_CASE("shared_after uses the latest earlier snapshot, whatever their order",
          "[trace][shared]") {
    BlockTrace b = BlockBuilder()
                       .add(0, EventKind::SharedWrite, 0, {0, 0}, 10, 4, 1)
                       .add(0, EventKind::SharedWrite, 0, {1, 0}, 10, 4, 2)
                       .snapshot(1, {2, 0, 0, 0})
                       .snapshot(0, {1, 0, 0, 0})
                       .snapshot(5, {9, 0, 0, 0})
                       .build();
    CHECK(shared_after(b, 4, {1, 3}).bytes[0] == 2);  // snapshot 0, then the phase-1 write
    CHECK(shared_after(b, 4, {2, 0}).bytes[0] == 2);  // snapshot 1
    CHECK(shared_after(b, 4, {6, 0}).bytes[0] == 9);  // snapshot 5
}

TEST_CASE("shared_after replays in (thread, seq) order", "[trace][shared]") {
    BlockTrace b = BlockBuilder()
                       .add(5, EventKind::SharedWrite, 0, {0, 0}, 10, 4, 55)
                       .add(2, EventKind::SharedWrite, 0, {0, 0}, 10, 4, 22)
                       .add(2, EventKind::SharedWrite, 0, {0, 0}, 10, 4, 23)
                       .build();
    CHECK(u32_at(shared_after(b, 4, {0, 0}).bytes, 0) == 55);
}

TEST_CASE("shared_after: wide writes, short snapshots and stray addresses", "[trace][shared]") {
    BlockTrace b = BlockBuilder()
                       .add(0, EventKind::SharedWrite, 0, {1, 0}, 10, 8, 0x0807060504030201ull)
                       .add(0, EventKind::SharedWrite, 16, {1, 0}, 10, 16, 0xffffffffffffffffull)
                       .add(0, EventKind::SharedWrite, 1000, {1, 0}, 10, 4, 1)
                       .add(0, EventKind::SharedWrite, 30, {1, 0}, 10, 4, 0xaabbccdd)
                       .add(0, EventKind::SharedWrite, ~0ull - 1, {1, 0}, 10, 8, 1)
                       .snapshot(0, {0x77, 0x77})  // shorter than shared memory
                       .build();
    SharedImage s = shared_after(b, 32, {1, 0});
    REQUIRE(s.bytes.size() == 32);
    for (int k = 0; k < 8; ++k) CHECK(s.bytes[k] == k + 1);
    for (int k = 16; k < 24; ++k) CHECK(s.bytes[k] == 0xff);
    CHECK(s.written[23] == 1);
    CHECK(s.written[24] == 0);  // a 16-byte write's value holds its first 8 bytes only
    CHECK(s.bytes[30] == 0xdd);
    CHECK(s.bytes[31] == 0xcc);  // the rest falls outside
    CHECK(s.written[8] == 0);
    CHECK(shared_after(b, 0, {1, 0}).bytes.empty());
}
