// [gpu] Tiles named (issue 41): a GPU trace and an emulator trace of the same request describe
// the same tiles for the kernels whose blocks draw their tiles from a counter (on the GPU a tile
// is drawn by whichever block started j-th), and their blocks' steps are equal event for event.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include "kernels/catalog.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/drawn_tile.hpp"

using namespace ws;

TEST_CASE("a GPU trace and an emulator trace name the same tiles", "[gpu]") {
    unsigned checked = 0;
    for (const VariantInfo& v : catalog()) {
        if (!v.dynamic_tiles || v.persistent) continue;
        for (unsigned tiles : {7u, 1500u}) {  // one window of blocks (1024 of 256), and two
            trace::Request r;
            r.algo = v.id;
            r.block = 256;
            r.n = std::uint64_t(tiles - 1) * v.elems_per_thread * r.block + 17;
            r.pattern = "random";
            r.seed = 11;
            r.blocks = {tiles - 2, 0, 3};
            INFO(v.id << " n=" << r.n);
            const trace::Trace gpu = cuda::run_on_gpu(r);
            const trace::Trace emu = run::run_on_emulator(r);
            REQUIRE(gpu.error == "");
            REQUIRE(emu.error == "");
            REQUIRE(gpu.blocks.size() == 3);
            REQUIRE(emu.blocks.size() == 3);
            const std::uint32_t want[3] = {0, 3, tiles - 2};
            for (int i = 0; i < 3; ++i) {
                CHECK(trace::drawn_tile(gpu.blocks[i]) == want[i]);
                CHECK(trace::drawn_tile(emu.blocks[i]) == want[i]);
                CHECK(trace::block_counters(gpu.blocks[i], r.block).smem_instructions ==
                      trace::block_counters(emu.blocks[i], r.block).smem_instructions);
                CHECK(gpu.blocks[i].events.size() == emu.blocks[i].events.size());
            }
            // Totals of a grid recorded in several launches may see a tile twice: compared
            // whole where the grid is one window.
            if (tiles == 7) CHECK(run::crosscheck_difference(v, gpu, emu) == "");
            ++checked;
        }
    }
    CHECK(checked >= 8);
}

#endif
