// Padding is not a real zero: over every catalog kernel, the cells marked kCellPadding after the
// first phase are exactly those that hold 0 when every input element is 1 (those no element
// reached: beyond n), whatever the input; later, a marked cell always holds the identity, and
// a constant the algorithm writes (Blelloch's root clear) is never marked.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>

#include "kernels/catalog.hpp"
#include "tests/ui/emulated_view.hpp"
#include "ui/model/trace/trace_view.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

std::set<std::uint32_t> flagged(const StepView& s) {
    std::set<std::uint32_t> out;
    for (std::uint32_t c = 0; c < s.cells.size(); ++c)
        if (s.cells[c] & kCellPadding) out.insert(c);
    return out;
}

// The last view step of phase `phase` (0: before the block's first barrier).
std::size_t end_of_phase(const TraceView& v, unsigned phase) {
    std::size_t last = 0;
    for (std::size_t i = 0; i < v.steps.size(); ++i)
        if (v.steps[i].id.phase <= phase) last = i;
    return last;
}

std::shared_ptr<const TraceView> padded_run(const VariantInfo& info, std::uint64_t n,
                                            std::uint32_t block, std::uint32_t traced,
                                            const std::string& pattern) {
    RequestForm f;
    f.algo = info.id;
    f.n = std::to_string(n);
    f.block = block;
    f.pattern = pattern;
    f.traced_block = traced;
    auto v = testing::emulated_view(f);
    REQUIRE(v->trace->error.empty());
    REQUIRE(v->trace->ok);
    return v;
}

}  // namespace

TEST_CASE("padding marks exactly the cells no input reached, in every kernel", "[padding]") {
    for (const VariantInfo& info : catalog()) {
        // The copy engine loads scan-pipeline's stages: no padding is marked there
        // (padding.hpp); the next test checks that none is.
        if (info.persistent) continue;
        for (std::uint32_t block : {32u, 128u}) {
            INFO(info.id << " block " << block);
            // Block 1 of 2 runs past n: only its first block / 4 + 3 elements are there (block
            // 0's tile number is the 0 a look-back's atomic hands out, which is no padding).
            const std::uint64_t tile =
                tile_elements(info, usable_block(info.block_rule, block), trace::DType::Int32);
            const std::uint64_t n = tile + block / 4 + 3;
            const auto ones = padded_run(info, n, block, 1, "ones");
            // After the first two phases (a look-back writes its tile number in the first).
            bool some = false;
            for (unsigned phase : {0u, 1u}) {
                INFO("phase " << phase);
                const std::size_t at = end_of_phase(*ones, phase);
                std::set<std::uint32_t> zeros;
                for (std::uint32_t c = 0; c < ones->cells; ++c)
                    if (ones->steps[at].defined[c] && ones->steps[at].values[c] == 0)
                        zeros.insert(c);
                CHECK(flagged(ones->steps[at]) == zeros);
                some = some || !zeros.empty();
            }
            // (A cell per warp: a lone warp of 32 threads has input.)
            // (No shared memory: no cell to mark.)
            // (A warp that scans in shared memory before its first barrier shows its padding
            // between warp syncs: every cell holds a running sum at the phase's end.)
            for (const StepView& step : ones->steps) some = some || !flagged(step).empty();
            if (ones->cells > 0 && (ones->cells >= block || block > 32)) CHECK(some);
            // The marks follow the code, not the values. (A compaction's scatter has a step for
            // each row where some lane keeps an element: random data can leave a row out, so its
            // other values keep every element.)
            const bool compaction = info.scan_op == ScanOp::CompactPositive;
            for (const char* pattern : {"ramp", compaction ? "keep:100" : "random"}) {
                INFO(pattern);
                const auto other = padded_run(info, n, block, 1, pattern);
                REQUIRE(other->step_count() == ones->step_count());
                for (std::size_t s = 0; s < ones->step_count(); ++s)
                    CHECK(flagged(other->steps[s]) == flagged(ones->steps[s]));
            }
            // Later: a marked cell holds the identity; a 0 the algorithm writes over a value
            // (Blelloch's root, an exclusive scan's first element) is not padding.
            for (std::size_t s = 1; s < ones->step_count(); ++s) {
                const StepView& now = ones->steps[s];
                const StepView& before = ones->steps[s - 1];
                for (std::uint32_t c : flagged(now)) CHECK(now.values[c] == 0);
                for (std::uint32_t c = 0; c < ones->cells; ++c)
                    if ((now.cells[c] & kCellWritten) && now.values[c] == 0 && before.defined[c] &&
                        before.values[c] != 0 && !(before.cells[c] & kCellPadding))
                        CHECK_FALSE(now.cells[c] & kCellPadding);
            }
        }
    }
}

TEST_CASE("no padding where every thread has input", "[padding]") {
    for (const VariantInfo& info : catalog()) {
        INFO(info.id);
        const std::uint64_t tile =
            tile_elements(info, usable_block(info.block_rule, 128), trace::DType::Int32);
        const auto v = padded_run(info, 2 * tile, 128, 0, "random");
        // A zero-padded layout's zero words hold no element: they are padding from the start,
        // and so are the words of its totals' row past the last warp's (until a total reaches
        // them).
        std::set<std::uint32_t> zero_words, totals_row;
        if (info.layout == trace::TileLayout::ZeroPadded)
            for (std::uint32_t c = 0; c < v->cells; ++c) {
                if (c % 49 < 16) zero_words.insert(c);
                if (c / 49 == 128 / 32 && c % 49 >= 16) totals_row.insert(c);
            }
        for (std::size_t i = 0; i < v->steps.size(); ++i) {
            std::set<std::uint32_t> marked = flagged(v->steps[i]);
            for (std::uint32_t c : totals_row) marked.erase(c);
            if (i == 0)
                CHECK(std::includes(zero_words.begin(), zero_words.end(), marked.begin(),
                                    marked.end()));
            else
                CHECK(marked == zero_words);
        }
    }
}

TEST_CASE("Blelloch's cleared root is not padding", "[padding]") {
    for (const char* algo : {"scan-blelloch", "scan-blelloch-padded"}) {
        INFO(algo);
        const auto v =
            padded_run(*find_variant(algo), 100, 64, 0, "ones");  // tile 128, 28 beyond n
        bool cleared = false;
        for (std::size_t s = 1; s < v->step_count(); ++s) {
            const StepView& now = v->steps[s];
            const StepView& before = v->steps[s - 1];
            for (std::uint32_t c = 0; c < v->cells; ++c)
                if ((now.cells[c] & kCellWritten) && now.values[c] == 0 && before.values[c] != 0 &&
                    !(before.cells[c] & kCellPadding)) {  // the root, cleared
                    cleared = true;
                    CHECK_FALSE(now.cells[c] & kCellPadding);
                }
        }
        CHECK(cleared);
        CHECK(flagged(v->steps[0]).size() == 28);
    }
}
