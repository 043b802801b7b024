// The SASS listings: parsing, classes, loops and counts, and that every algorithm of the catalog
// has its file in assets/sass (made on the GPU machine by tests/device/split_sass.py).
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "tests/test_paths.hpp"
#include "ui/model/lab/sass_listing.hpp"

using namespace ws;
using namespace ws::ui;

namespace {
constexpr const char* kSample =
    "# SASS of x: the unprobed kernel\n"
    "kernel ws::reduce::k<int, ws::probe::NoProbe>\n"
    "  /*0000*/ LDC R1, c[0x0][0x28] ;\n"
    "  /*0010*/ LDG.E.128 R4, desc[UR4][R2.64] ;\n"
    "  /*0020*/ LDS R6, [R0] ;\n"
    "  /*0030*/ BAR.SYNC.DEFER_BLOCKING 0x0 ;\n"
    "  /*0040*/ @!P0 BRA 0x20 ;\n"
    "  /*0050*/ SHFL.DOWN PT, R3, R2, 0x10, 0x1f ;\n"
    "  /*0060*/ @P0 REDG.E.ADD.STRONG.GPU desc[UR6][R4.64], R7 ;\n"
    "  /*0070*/ REDUX.SUM UR5, R2 ;\n"
    "  /*0080*/ LDG.E R8, desc[UR4][R2.64] ;\n"
    "  /*0090*/ EXIT ;\n"
    "  /*00a0*/ BRA 0xa0;\n"
    "  /*00b0*/ NOP;\n";
}

TEST_CASE("a SASS listing parses into classed instructions, loops and counts", "[sass]") {
    const SassListing l = parse_sass(kSample);
    REQUIRE(l.error == "");
    REQUIRE(l.kernels.size() == 1);
    const SassKernel& k = l.kernels[0];
    CHECK(k.name == "ws::reduce::k<int, ws::probe::NoProbe>");
    REQUIRE(k.code.size() == 12);
    CHECK(k.code[1].cls == SassClass::GlobalLoad);
    CHECK(k.code[1].width_bytes == 16);
    CHECK(k.code[4].predicate == "@!P0");
    CHECK(k.code[4].mnemonic == "BRA");
    CHECK(k.code[4].operands == "0x20");
    CHECK(k.code[6].cls == SassClass::Atomic);    // RED is an atomic
    CHECK(k.code[7].cls == SassClass::WarpVote);  // REDUX is not
    // The branch back from 0x40 to 0x20: 0x20, 0x30 and 0x40 are in a loop; a branch to itself
    // (the trap after EXIT) is no loop.
    CHECK_FALSE(k.code[1].in_loop);
    CHECK(k.code[2].in_loop);
    CHECK(k.code[4].in_loop);
    CHECK_FALSE(k.code[5].in_loop);
    const SassCounts& c = k.counts;
    CHECK(c.instructions == 11);  // the NOP is padding
    CHECK(c.barriers == 1);
    CHECK(c.shuffles == 1);
    CHECK(c.shared_loads == 1);
    CHECK(c.global_loads == 2);
    CHECK(c.atomics == 1);
    CHECK(c.warp_votes == 1);
    CHECK(c.in_loops == 3);
    CHECK_FALSE(k.code[10].in_loop);
    CHECK(load_widths_text(c) == "16-byte x1, 4-byte x1");
    CHECK(l.total.instructions == 11);
    CHECK(l.provenance.size() == 1);
}

TEST_CASE("a file that is not SASS says which line", "[sass]") {
    CHECK(parse_sass("").error == "no kernel in the file");
    CHECK(parse_sass("  /*0000*/ EXIT ;\n").error.rfind("line 1 is not SASS", 0) == 0);
    const SassListing l = parse_sass("kernel k\n  /*0000*/ EXIT ;\nhello\n");
    CHECK(l.error.rfind("line 3 is not SASS: hello", 0) == 0);
    CHECK(l.kernels.empty());
    CHECK(parse_sass("kernel k\n").error == "kernel k is empty");
}

TEST_CASE("every algorithm has its SASS in assets, and the counts tell the ladder apart",
          "[sass]") {
    const SassLibrary lib = load_sass_library(WS_SOURCE_DIR);
    for (const VariantInfo& v : catalog()) {
        INFO(v.id);
        const auto it = lib.find(v.id);
        REQUIRE(it != lib.end());
        CHECK(it->second.error == "");
        CHECK(it->second.total.instructions > 10);
        CHECK(it->second.provenance.size() >= 2);  // what it is, and where and when it was made
    }
    auto counts = [&](const char* id) { return lib.at(id).total; };
    // __syncthreads() compiles to BAR.SYNC; the shuffle rung trades shared memory for SHFL.
    CHECK(counts("reduce-sequential").barriers > 0);
    CHECK(counts("reduce-sequential").shuffles == 0);
    CHECK(counts("reduce-warp-shuffle").shuffles > 0);
    CHECK(counts("reduce-warp-shuffle").shared_loads <
          counts("reduce-sequential").shared_loads + counts("reduce-warp-shuffle").shuffles);
    // 16-byte loads in the top rung; atomics where the source has them, none in the ladder's
    // first rungs.
    CHECK(counts("reduce-vector-atomic").global_load_widths.count(16) == 1);
    CHECK(counts("reduce-atomic-global").atomics > 0);
    CHECK(counts("reduce-interleaved-divergent").atomics == 0);
    CHECK(counts("reduce-sequential").in_loops > 0);
    // The memory family's copies: the loop's load is 4, 8 or 16 bytes a lane (the rest of n,
    // copied one element a lane after the vector loop, is the 4-byte load beside it).
    CHECK(counts("copy-scalar").global_load_widths == std::map<unsigned, unsigned>{{4, 1}});
    CHECK(counts("copy-vector2").global_load_widths ==
          std::map<unsigned, unsigned>{{4, 1}, {8, 1}});
    CHECK(counts("copy-vector4").global_load_widths ==
          std::map<unsigned, unsigned>{{4, 1}, {16, 1}});
    // Zero padding removes the warp scan's lane checks; the handbook's PTX step uses the
    // predicate the shuffle sets, where the C++ step compares and selects.
    CHECK(counts("scan-warp-smem-zeropad").instructions < counts("scan-warp-smem").instructions);
    CHECK(counts("scan-warp-shuffle-ptx").instructions < counts("scan-warp-shuffle").instructions);
    // A row's places from one vote and bit counts, not a shuffle scan of the flags: fewer
    // shuffles and instructions (the look-back's shuffles remain in both).
    CHECK(counts("compact-ballot").warp_votes > counts("compact-scan").warp_votes);
    CHECK(counts("compact-ballot").shuffles * 4 < counts("compact-scan").shuffles);
    CHECK(counts("compact-ballot").instructions < counts("compact-scan").instructions);
}
