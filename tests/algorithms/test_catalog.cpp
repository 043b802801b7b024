// The catalog against the kernels: one row for each variant of each family's list (the id
// written once, in the kernel's struct), ladder steps in order, and the element types and
// baselines dispatched from one place each.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "kernels/algorithms/memory/all.cuh"
#include "kernels/algorithms/reduce/all.cuh"
#include "kernels/algorithms/visit_variant.hpp"
#include "kernels/baselines.hpp"
#include "kernels/catalog.hpp"

#if defined(WS_HAVE_CUDA)
#include "kernels/bench/bench.hpp"
#endif

using namespace ws;

TEST_CASE("every catalog row has its kernels, and every kernel a row", "[catalog]") {
    std::size_t count[std::size(kFamilies)] = {};
    std::set<std::string> ids;
    for (const VariantInfo& v : catalog()) {
        INFO(v.id);
        CHECK(ids.insert(v.id).second);
        CHECK(find_variant(v.id) == &v);
        const int family = static_cast<int>(v.family);
        CHECK(v.ladder_step == int(++count[family]));
        bool visited = false;
        bool found = false;
        switch (v.family) {
            case Family::Reduce:
                found = visit_variant<reduce::AllVariants>(v.id, [&](auto*) { visited = true; });
                break;
            case Family::Scan:
                found = visit_variant<scan::AllVariants>(v.id, [&](auto*) { visited = true; });
                break;
            case Family::Memory:
                found = visit_variant<memory::AllVariants>(v.id, [&](auto*) { visited = true; });
                break;
        }
        CHECK(found);
        CHECK(visited);
        CHECK(std::string(v.source_file).find(std::string("/") + family_name(v.family) + "/") !=
              std::string::npos);
        CHECK(variant_source(v) != nullptr);
        CHECK(
            (writes_array(v.family) ? v.driver != ScanDriver::None : v.driver == ScanDriver::None));
        CHECK((v.family == Family::Memory) == (v.driver == ScanDriver::Map));
    }
    CHECK(count[0] == variant_count<reduce::AllVariants>);
    CHECK(count[1] == variant_count<scan::AllVariants>);
    CHECK(count[2] == variant_count<memory::AllVariants>);
    CHECK(variant_count<ArrayVariants> == count[1] + count[2]);
    CHECK_FALSE(visit_variant<reduce::AllVariants>("scan-blelloch", [](auto*) {}));
    CHECK_FALSE(visit_variant<scan::AllVariants>("nope", [](auto*) {}));
}

TEST_CASE("the tile layouts the circuit view reads", "[catalog]") {
    CHECK(find_variant("scan-kogge-stone")->layout == TileLayout::DoubleBuffer);
    CHECK(find_variant("scan-blelloch-padded")->layout == TileLayout::Padded);
    CHECK(find_variant("scan-blelloch")->layout == TileLayout::Elements);
    for (const VariantInfo& v : catalog())
        if (v.smem_rule == SmemRule::PerWarp || v.smem_rule == SmemRule::TwoPerWarp ||
            v.smem_rule == SmemRule::TwoPerWarpPlus2 || v.smem_rule == SmemRule::PerWarpPlus1 ||
            v.smem_rule == SmemRule::PerWarpPlus3)
            CHECK(v.layout == TileLayout::Registers);  // no shared cell per element
}

TEST_CASE("shared cells map to the columns of the addition network", "[catalog]") {
    auto map = [](const char* id, std::uint32_t threads) {
        const VariantInfo& v = *find_variant(id);
        const std::uint32_t cells = smem_bytes_for(v, threads, trace::DType::Int32) / 4;
        return column_map(v, threads, cells);
    };
    // Two buffers of one element per thread: the second buffer's cells are the same elements.
    const trace::ColumnMap kogge = map("scan-kogge-stone", 64);
    CHECK(kogge.columns == 64);
    CHECK(kogge.element(5) == 5u);
    CHECK(kogge.element(64 + 5) == 5u);
    // A padding word after every 32 elements (cell 32): cell 33 holds element 32; the tile is two
    // elements per thread.
    const trace::ColumnMap padded = map("scan-blelloch-padded", 64);
    CHECK(padded.columns == 128);
    CHECK(padded.element(33) == 32u);
    CHECK(padded.element(130) == 127u);  // 127 + 127/32
    // The in-place Kogge-Stone's warp totals, past the tile, are no element.
    const trace::ColumnMap inplace = map("scan-kogge-stone-inplace", 64);
    CHECK(inplace.columns == 64);
    CHECK_FALSE(inplace.element(64));
    // Registers: one column per thread, no shared cell holds an element.
    const trace::ColumnMap shuffle = map("reduce-warp-shuffle", 96);
    CHECK(shuffle.columns == 96);
    CHECK_FALSE(shuffle.element(0));
    // A reduction's tree over s[t]: 64 cells for 32 threads that each load two elements.
    CHECK(map("reduce-unroll-last-warp", 32).columns == 64);
    CHECK(map("reduce-sequential", 128).columns == 128);
    // Zero-padded warp rows of 49 cells (16 zeros, 32 elements, a spare word), then the totals'
    // row: two warps use 3 * 49 cells and hold their 64 elements in cells 16..47 and 65..96.
    const trace::ColumnMap zeropad = map("scan-warp-smem-zeropad", 64);
    CHECK(smem_bytes_for(*find_variant("scan-warp-smem-zeropad"), 64, trace::DType::Int32) ==
          3 * 49 * 4);
    CHECK(zeropad.columns == 64);
    CHECK_FALSE(zeropad.element(15));
    CHECK(zeropad.element(16) == 0u);
    CHECK(zeropad.element(47) == 31u);
    CHECK_FALSE(zeropad.element(48));
    CHECK(zeropad.element(49 + 16) == 32u);
    CHECK(zeropad.element(49 + 47) == 63u);
    CHECK_FALSE(zeropad.element(2 * 49 + 16));  // the first warp's total
}

TEST_CASE("element types are visited in one place", "[catalog]") {
    for (trace::DType t : trace::kAllDTypes) {
        const trace::DType back =
            trace::visit_dtype(t, [](auto zero) { return trace::dtype_of<decltype(zero)>(); });
        CHECK(back == t);
        CHECK(trace::visit_dtype(t, [](auto zero) { return unsigned(sizeof zero); }) ==
              trace::dtype_size(t));
    }
}

TEST_CASE("the baselines: unique, a reference library for each family", "[catalog]") {
    std::set<std::string> names;
    for (const Baseline& b : baselines()) {
        CHECK(names.insert(b.name).second);
        CHECK(find_baseline(b.name) == &b);
        CHECK(find_variant(b.name) == nullptr);  // never mistaken for a variant
        CHECK(std::string(b.what).size() > 10);
    }
    CHECK(std::string(reference_baseline(Family::Reduce).name) == "cub-reduce");
    CHECK(std::string(reference_baseline(Family::Scan).name) == "cub-scan");
    CHECK(std::string(reference_for(*find_variant("scan-blelloch")).name) == "cub-scan");
    CHECK(std::string(reference_for(*find_variant("compact-ballot")).name) == "cub-select-if");
    CHECK(std::string(reference_for(*find_variant("reduce-sequential")).name) == "cub-reduce");
    CHECK(find_baseline("copy")->kind == BaselineKind::Ceiling);
#if defined(WS_HAVE_CUDA)
    CHECK(bench::baselines_without_timer().empty());  // bench times every one
#endif
}
