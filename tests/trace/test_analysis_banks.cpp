// Bank wavefronts of shared-memory warp instructions, against hand-counted patterns.
#include <catch2/catch.hpp>

#include "kernels/trace/analysis.hpp"
#include "tests/trace/trace_builders.hpp"

using namespace ws::trace;
using ws::trace::test::banks_of;
using ws::trace::test::BlockBuilder;
using ws::trace::test::kAllLanes;

namespace {

// A 4-byte read by the lanes in `mask` at byte offset address(lane).
template <class Address>
BankReport read4(std::uint32_t mask, Address address) {
    return banks_of(BlockBuilder().warp_access(0, mask, EventKind::SharedRead, address).build());
}

template <class Address>
BankReport access(std::uint8_t width, std::uint32_t mask, Address address,
                  EventKind kind = EventKind::SharedRead) {
    return banks_of(BlockBuilder().warp_access(0, mask, kind, address, width).build());
}

}  // namespace

TEST_CASE("4-byte stride 1 over 32 lanes is one wavefront", "[trace][banks]") {
    BankReport r = read4(kAllLanes, [](unsigned lane) { return 4u * lane; });
    CHECK(r.wavefronts == 1);
    CHECK(r.ideal_wavefronts == 1);
    CHECK(r.conflicts() == 0);
    CHECK(r.max_ways == 1);
    for (unsigned bank = 0; bank < 32; ++bank) {
        CHECK(r.words_per_bank[bank] == 1);
        CHECK(r.lanes_per_bank[bank] == 1);
    }
}

TEST_CASE("4-byte stride 2 is a 2-way conflict", "[trace][banks]") {
    BankReport r = read4(kAllLanes, [](unsigned lane) { return 8u * lane; });
    CHECK(r.wavefronts == 2);
    CHECK(r.ideal_wavefronts == 1);
    CHECK(r.conflicts() == 1);
    CHECK(r.max_ways == 2);
    CHECK(r.words_per_bank[0] == 2);
    CHECK(r.words_per_bank[1] == 0);
    CHECK(r.lanes_per_bank[2] == 2);
}

TEST_CASE("4-byte stride 32 is a 32-way conflict", "[trace][banks]") {
    BankReport r = read4(kAllLanes, [](unsigned lane) { return 128u * lane; });
    CHECK(r.wavefronts == 32);
    CHECK(r.conflicts() == 31);
    CHECK(r.max_ways == 32);
    CHECK(r.words_per_bank[0] == 32);
    CHECK(r.lanes_per_bank[0] == 32);
    CHECK(r.words_per_bank[1] == 0);
}

TEST_CASE("all lanes reading one word is a broadcast", "[trace][banks]") {
    BankReport r = read4(kAllLanes, [](unsigned) { return 4u * 7; });
    CHECK(r.wavefronts == 1);
    CHECK(r.conflicts() == 0);
    CHECK(r.words_per_bank[7] == 1);
    CHECK(r.lanes_per_bank[7] == 32);  // lanes > words: a broadcast
}

TEST_CASE("half the lanes on one word, the others stride 1", "[trace][banks]") {
    SECTION("the shared word is one of the stride's words: no conflict") {
        BankReport r =
            read4(kAllLanes, [](unsigned lane) { return lane < 16 ? 4u * 20 : 4u * lane; });
        CHECK(r.wavefronts == 1);
        CHECK(r.words_per_bank[20] == 1);
        CHECK(r.lanes_per_bank[20] == 17);
    }
    SECTION("the shared word sits in a bank the stride also uses: 2-way") {
        // Lanes 0..15 read word 32 (bank 0); lanes 16..31 read words 0..15.
        BankReport r =
            read4(kAllLanes, [](unsigned lane) { return lane < 16 ? 4u * 32 : 4u * (lane - 16); });
        CHECK(r.wavefronts == 2);
        CHECK(r.conflicts() == 1);
        CHECK(r.words_per_bank[0] == 2);
        CHECK(r.lanes_per_bank[0] == 17);
        CHECK(r.words_per_bank[1] == 1);
    }
}

TEST_CASE("a write with a stride of 3 words has no conflict", "[trace][banks]") {
    // 3 is odd: lanes map to distinct banks.
    BankReport r = access(
        4, kAllLanes, [](unsigned lane) { return 12u * lane; }, EventKind::SharedWrite);
    CHECK(r.wavefronts == 1);
    CHECK(r.conflicts() == 0);
}

TEST_CASE("8-byte loads: groups of 16 lanes, merged where no bank repeats, as H100 and H200 count",
          "[trace][banks]") {
    SECTION("consecutive: two groups of 16 lanes, 2 wavefronts, ideal 2, no conflict") {
        BankReport r = access(8, kAllLanes, [](unsigned lane) { return 8u * lane; });
        CHECK(r.wavefronts == 2);
        CHECK(r.ideal_wavefronts == 2);
        CHECK(r.conflicts() == 0);
        CHECK(r.max_ways == 1);
        CHECK(r.words_per_bank[5] == 1);
        CHECK(r.lanes_per_bank[5] == 1);
    }
    SECTION("16 bytes apart: each group is 2-way") {
        BankReport r = access(8, kAllLanes, [](unsigned lane) { return 16u * lane; });
        CHECK(r.wavefronts == 4);
        CHECK(r.ideal_wavefronts == 2);
        CHECK(r.conflicts() == 2);
        CHECK(r.max_ways == 2);
        CHECK(r.words_per_bank[0] == 2);
        CHECK(r.words_per_bank[2] == 0);
    }
    SECTION("both halves on the same 16 doubles: served at once, 1 wavefront") {
        BankReport r = access(8, kAllLanes, [](unsigned lane) { return 8u * (lane % 16); });
        CHECK(r.wavefronts == 1);
        CHECK(r.ideal_wavefronts == 1);
        CHECK(r.conflicts() == 0);
    }
    SECTION("every lane on one double: 1 wavefront (half-warps would count 2)") {
        BankReport r = access(8, kAllLanes, [](unsigned) { return 24u; });
        CHECK(r.wavefronts == 1);
        CHECK(r.ideal_wavefronts == 1);
        CHECK(r.conflicts() == 0);
    }
    SECTION("the even lanes, every other double: 2 wavefronts where 128 bytes need 1") {
        // The interleaved reduction's first level in double: an H200 counts 1 conflict here.
        BankReport r = access(8, 0x55555555u, [](unsigned lane) { return 8u * lane; });
        CHECK(r.wavefronts == 2);
        CHECK(r.ideal_wavefronts == 1);
        CHECK(r.conflicts() == 1);
        CHECK(r.max_ways == 2);
    }
    SECTION("only the first 16 lanes: one wavefront") {
        BankReport r = access(8, 0x0000ffffu, [](unsigned lane) { return 8u * lane; });
        CHECK(r.wavefronts == 1);
        CHECK(r.ideal_wavefronts == 1);
    }
}

TEST_CASE("8-byte stores are served in two groups of 16 lanes", "[trace][banks]") {
    SECTION("consecutive: 2 wavefronts, ideal 2, no conflict") {
        BankReport r = access(
            8, kAllLanes, [](unsigned lane) { return 8u * lane; }, EventKind::SharedWrite);
        CHECK(r.wavefronts == 2);
        CHECK(r.ideal_wavefronts == 2);
        CHECK(r.max_ways == 1);
        CHECK(r.words_per_bank[5] == 1);
    }
    SECTION("the even lanes, every other double: conflict-free halves") {
        BankReport r = access(
            8, 0x55555555u, [](unsigned lane) { return 8u * lane; }, EventKind::SharedWrite);
        CHECK(r.wavefronts == 2);
        CHECK(r.ideal_wavefronts == 2);
        CHECK(r.conflicts() == 0);
    }
}

TEST_CASE("16-byte accesses are served in four groups of 8 lanes", "[trace][banks]") {
    SECTION("consecutive") {
        BankReport r = access(16, kAllLanes, [](unsigned lane) { return 16u * lane; });
        CHECK(r.wavefronts == 4);
        CHECK(r.ideal_wavefronts == 4);
        CHECK(r.conflicts() == 0);
    }
    SECTION("32 bytes apart: 2-way in every group") {
        BankReport r = access(16, kAllLanes, [](unsigned lane) { return 32u * lane; });
        CHECK(r.wavefronts == 8);
        CHECK(r.ideal_wavefronts == 4);
        CHECK(r.conflicts() == 4);
    }
}

TEST_CASE("partial masks count only the active lanes", "[trace][banks]") {
    SECTION("lanes 0..7 stride 1") {
        BankReport r = read4(0xffu, [](unsigned lane) { return 4u * lane; });
        CHECK(r.wavefronts == 1);
        CHECK(r.ideal_wavefronts == 1);
        CHECK(r.words_per_bank[8] == 0);
    }
    SECTION("lanes 0..7 stride 32") {
        BankReport r = read4(0xffu, [](unsigned lane) { return 128u * lane; });
        CHECK(r.wavefronts == 8);
        CHECK(r.conflicts() == 7);
    }
    SECTION("one lane") {
        BankReport r = read4(1u << 9, [](unsigned lane) { return 4u * lane; });
        CHECK(r.wavefronts == 1);
        CHECK(r.lanes_per_bank[9] == 1);
    }
}

TEST_CASE("global and shuffle instructions have no bank report", "[trace][banks]") {
    BankReport r = access(
        4, kAllLanes, [](unsigned lane) { return 128u * lane; }, EventKind::GlobalRead);
    CHECK(r.wavefronts == 0);
    CHECK(r.ideal_wavefronts == 0);
}

TEST_CASE("a second warp's instruction is reported on its own lanes", "[trace][banks]") {
    BlockTrace b = BlockBuilder()
                       .warp_access(0, kAllLanes, EventKind::SharedRead,
                                    [](unsigned lane) { return 4u * lane; })
                       .warp_access(1, kAllLanes, EventKind::SharedRead,
                                    [](unsigned lane) { return 8u * lane; })
                       .build();
    std::vector<WarpInstruction> insts = warp_instructions(b);
    REQUIRE(insts.size() == 2);
    CHECK(insts[0].warp == 0);
    CHECK(bank_report(b, insts[0]).wavefronts == 1);
    CHECK(insts[1].warp == 1);
    CHECK(bank_report(b, insts[1]).wavefronts == 2);
}
