// The catalog against the kernels: one row for each variant of each family's list (the id
// written once, in the kernel's struct), ladder steps in order, and the element types and
// baselines dispatched from one place each.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "kernels/algorithms/reduce/all.cuh"
#include "kernels/algorithms/scan/all.cuh"
#include "kernels/algorithms/visit_variant.hpp"
#include "kernels/baselines.hpp"
#include "kernels/catalog.hpp"

#if defined(WS_HAVE_CUDA)
#include "kernels/bench/bench.hpp"
#endif

using namespace ws;

TEST_CASE("every catalog row has its kernels, and every kernel a row", "[catalog]") {
    std::size_t reductions = 0, scans = 0;
    std::set<std::string> ids;
    int steps[2] = {0, 0};
    for (const VariantInfo& v : catalog()) {
        INFO(v.id);
        CHECK(ids.insert(v.id).second);
        CHECK(find_variant(v.id) == &v);
        const bool scan = v.family == Family::Scan;
        CHECK(v.ladder_step == ++steps[scan]);
        bool visited = false;
        const bool found =
            scan ? visit_variant<scan::AllVariants>(v.id, [&](auto*) { visited = true; })
                 : visit_variant<reduce::AllVariants>(v.id, [&](auto*) { visited = true; });
        CHECK(found);
        CHECK(visited);
        CHECK(std::string(v.source_file).find(scan ? "/scan/" : "/reduce/") != std::string::npos);
        CHECK(variant_source(v) != nullptr);
        CHECK((scan ? v.driver != ScanDriver::None : v.driver == ScanDriver::None));
        (scan ? scans : reductions)++;
    }
    CHECK(reductions == variant_count<reduce::AllVariants>);
    CHECK(scans == variant_count<scan::AllVariants>);
    CHECK_FALSE(visit_variant<reduce::AllVariants>("scan-blelloch", [](auto*) {}));
    CHECK_FALSE(visit_variant<scan::AllVariants>("nope", [](auto*) {}));
}

TEST_CASE("the tile layouts the circuit view reads", "[catalog]") {
    CHECK(find_variant("scan-kogge-stone")->layout == TileLayout::DoubleBuffer);
    CHECK(find_variant("scan-blelloch-padded")->layout == TileLayout::Padded);
    CHECK(find_variant("scan-blelloch")->layout == TileLayout::Elements);
    for (const VariantInfo& v : catalog())
        if (v.smem_rule == SmemRule::PerWarp || v.smem_rule == SmemRule::TwoPerWarp ||
            v.smem_rule == SmemRule::TwoPerWarpPlus2)
            CHECK(v.layout == TileLayout::Registers);  // no shared cell per element
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
    CHECK(find_baseline("copy")->kind == BaselineKind::Ceiling);
#if defined(WS_HAVE_CUDA)
    CHECK(bench::baselines_without_timer().empty());  // bench times every one
#endif
}
