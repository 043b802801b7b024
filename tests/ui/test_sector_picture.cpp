// The coalescing picture: which 32-byte sectors and 128-byte lines a warp instruction's lanes
// touch, how many bytes of each they use, and that its count is the counter's (sector_report)
// for every global instruction of every catalog kernel.
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/model/pictures/sector_picture.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

// One warp instruction of 32 lanes: lane k reads `width` bytes at first + k * stride.
struct Made {
    trace::BlockTrace block;
    trace::WarpInstruction inst;
};
Made accesses(std::uint64_t first, std::uint64_t stride, std::uint8_t width,
              std::uint32_t lanes = 32) {
    Made m;
    m.inst.kind = trace::EventKind::GlobalRead;
    for (std::uint32_t k = 0; k < lanes; ++k) {
        trace::Event e{};
        e.thread = std::uint16_t(k);
        e.kind = trace::EventKind::GlobalRead;
        e.width = width;
        e.address = first + k * stride;
        m.inst.events.push_back(std::uint32_t(m.block.events.size()));
        m.inst.active_mask |= 1u << k;
        m.block.events.push_back(e);
    }
    return m;
}

SectorPicture picture(const Made& m) {
    const SectorPicture p = sector_picture(m.block, m.inst);
    CHECK(p.sectors == trace::sector_report(m.block, m.inst).sectors);
    CHECK(p.ideal_sectors == trace::sector_report(m.block, m.inst).ideal_sectors);
    return p;
}

}  // namespace

TEST_CASE("coalesced 4-byte lanes fill four sectors of one line", "[sectors]") {
    const SectorPicture p = picture(accesses(0, 4, 4));
    CHECK(p.sectors == 4);
    CHECK(p.ideal_sectors == 4);
    CHECK(p.lines == 1);
    CHECK(p.waste() == 1.0);
    for (const auto& b : p.boxes) CHECK(b.bytes == 32);
    CHECK(p.lanes[0].first_box == 0);
    CHECK(p.lanes[31].first_box == 3);
}

TEST_CASE("a stride wastes what the lanes skip", "[sectors]") {
    // Every other element: 8 sectors over 2 lines, half of each used.
    const SectorPicture two = picture(accesses(0, 8, 4));
    CHECK(two.sectors == 8);
    CHECK(two.lines == 2);
    CHECK(two.waste() == 2.0);
    for (const auto& b : two.boxes) CHECK(b.bytes == 16);
    // A stride of 32 elements: a sector and a line per lane, 4 of 32 bytes used.
    const SectorPicture far = picture(accesses(0, 128, 4));
    CHECK(far.sectors == 32);
    CHECK(far.lines == 32);
    CHECK(far.waste() == 8.0);
    CHECK(far.boxes[5].bytes == 4);
    CHECK(far.lanes[5].first_box == 5);
}

TEST_CASE("wide and misaligned lanes", "[sectors]") {
    // 16 bytes a lane, consecutive: 16 sectors, 4 lines, nothing wasted.
    const SectorPicture wide = picture(accesses(0, 16, 16));
    CHECK(wide.sectors == 16);
    CHECK(wide.lines == 4);
    CHECK(wide.waste() == 1.0);
    // Shifted by one element: the warp's 128 bytes straddle 5 sectors and 2 lines.
    const SectorPicture shifted = picture(accesses(4, 4, 4));
    CHECK(shifted.sectors == 5);
    CHECK(shifted.lines == 2);
    CHECK(shifted.boxes.front().bytes == 28);
    CHECK(shifted.boxes.back().bytes == 4);
    // An 8-byte lane across a sector's end touches two sectors.
    const SectorPicture across = picture(accesses(28, 64, 8, 1));
    CHECK(across.lanes[0].first_box == 0);
    CHECK(across.lanes[0].last_box == 1);
    CHECK_FALSE(across.lanes[1].active);
}

TEST_CASE("sector columns leave a gap between lines and fill the width", "[sectors]") {
    const SectorPicture p = picture(accesses(0, 8, 4));  // 8 sectors, 2 lines
    const std::vector<SectorColumn> cols = sector_columns(p, 810, 10);
    REQUIRE(cols.size() == 8);
    CHECK(cols[0].x == 0);
    CHECK(cols[0].w == Approx(100));
    CHECK(cols[4].x == Approx(cols[3].x + cols[3].w + 10));  // the second line
    CHECK(cols[7].x + cols[7].w == Approx(810));
    // Too many lines for gaps: none.
    const std::vector<SectorColumn> tight = sector_columns(picture(accesses(0, 128, 4)), 320, 10);
    CHECK(tight[1].x == Approx(10));
}

TEST_CASE("every catalog kernel's global instructions: the picture counts what the counter does",
          "[sectors]") {
    for (const VariantInfo& info : catalog()) {
        INFO(info.id);
        const auto v = testing::emulated_view(info.id, "1000", 64);
        std::uint64_t global = 0;
        for (const InstructionInfo& i : v->instructions) {
            if (i.inst.kind != trace::EventKind::GlobalRead &&
                i.inst.kind != trace::EventKind::GlobalWrite)
                continue;
            ++global;
            CHECK(i.coalescing.sectors == i.sectors.sectors);
            CHECK(i.coalescing.ideal_sectors == i.sectors.ideal_sectors);
            CHECK(i.coalescing.lines >= 1);
            CHECK(i.coalescing.lines <= i.coalescing.sectors);
        }
        CHECK(global > 0);
    }
}
