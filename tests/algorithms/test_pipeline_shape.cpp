// scan-pipeline's shape as numbers (kernels/algorithms/scan/pipeline_shape.hpp): what the
// kernel's shared memory holds, that two blocks fit an SM of Hopper, how many tiles a block
// loads ahead.
#include <catch2/catch.hpp>
#include <iterator>

#include "kernels/algorithms/scan/pipeline_shape.hpp"
#include "kernels/baselines.hpp"
#include "kernels/catalog.hpp"

using namespace ws::scan::pipeline;

TEST_CASE("a stage is one 16 KB tile for every type, scanned 128 bytes a consumer lane") {
    CHECK(Shape<4>::kTileElems == 4096);
    CHECK(Shape<8>::kTileElems == 2048);
    CHECK(Shape<4>::kTileElems * 4 == kStageBytes);
    CHECK(Shape<8>::kTileElems * 8 == kStageBytes);
    CHECK(kLaneBytes == 128);
    CHECK(Shape<4>::kLaneElems % 4 == 0);  // whole 16-byte vectors a lane
    CHECK(Shape<8>::kLaneElems % 2 == 0);
    CHECK(kThreads == 7 * 32);  // producer, aggregator, look-back and four consumers
}

TEST_CASE("two blocks of scan-pipeline fit in an SM of an H100 or H200") {
    // 228 KB of shared memory an SM, of which a block may use at most 227 KB, and 1 KB the
    // system keeps for each block.
    for (unsigned bytes : {Shape<4>::kSharedBytes, Shape<8>::kSharedBytes}) {
        INFO(bytes);
        CHECK(2 * (bytes + 1024) <= 228u * 1024);
        CHECK(3 * (bytes + 1024) > 228u * 1024);  // and not three: the stages are the point
    }
    CHECK(Shape<4>::kBarriersOffset % 8 == 0);
    CHECK(Shape<8>::kBarriersOffset % 8 == 0);
    CHECK(Shape<8>::kValuesOffset % 16 == 0);  // the tiles before it: bulk copies need 16
    CHECK(status_words_per_tile(4) == 1);      // int and float sums, compaction counts
    CHECK(status_words_per_tile(8) == 2);      // flag and double in one 16-byte word
}

TEST_CASE("a launch has as many tiles as n needs, the last one partial") {
    CHECK(tiles_of<4>(0) == 0);
    CHECK(tiles_of<4>(1) == 1);
    CHECK(tiles_of<4>(4096) == 1);
    CHECK(tiles_of<4>(4097) == 2);
    CHECK(tiles_of<8>(4097) == 3);
    CHECK(tiles_of<4>(0xffffffffull) == 1048576);
}

TEST_CASE("a block loads every stage ahead when there are tiles enough, else its share") {
    CHECK(tiles_ahead(65536, 264) == kStages);  // 2^28 ints on 132 SMs
    CHECK(tiles_ahead(1024, 264) == 4);         // 2^22 ints: 3.9 tiles a block
    CHECK(tiles_ahead(256, 264) == 2);          // never fewer than two
    CHECK(tiles_ahead(1, 1) == 2);
    CHECK(tiles_ahead(100, 0) == kStages);
}

TEST_CASE("scan-pipeline is a rung of the catalog, its compaction a GPU-only baseline") {
    CHECK(ws::find_baseline("scan-pipeline") == nullptr);
    const ws::VariantInfo* v = ws::find_variant("scan-pipeline");
    REQUIRE(v != nullptr);
    CHECK(v->family == ws::Family::Scan);
    CHECK(v->persistent);
    CHECK(ws::accepts_block(v->block_rule, kThreads));
    CHECK_FALSE(ws::accepts_block(v->block_rule, 256));
    CHECK(ws::default_block(v->block_rule) == kThreads);
    CHECK(ws::tile_elements(*v, kThreads, ws::trace::DType::Int32) == Shape<4>::kTileElems);
    CHECK(ws::tile_elements(*v, kThreads, ws::trace::DType::Float64) == Shape<8>::kTileElems);
    CHECK(ws::smem_bytes_for(*v, kThreads, ws::trace::DType::Float32) == Shape<4>::kSharedBytes);
    CHECK(ws::smem_bytes_for(*v, kThreads, ws::trace::DType::Float64) == Shape<8>::kSharedBytes);
    CHECK(ws::status_words_per_tile(*v, ws::trace::DType::Float64) == status_words_per_tile(8));
    CHECK(ws::status_words_per_tile(*v, ws::trace::DType::Int32) == status_words_per_tile(4));
    // Two blocks an SM of 132: the grid is fixed so that both executors run one launch.
    CHECK(ws::grid_for(*v, 1ull << 28, kThreads, ws::trace::DType::Int32) == 264);
    CHECK(ws::grid_for(*v, 20780, kThreads, ws::trace::DType::Int32) == 6);
    const ws::Baseline* c = ws::find_baseline("compact-pipeline");
    REQUIRE(c != nullptr);
    CHECK(c->kind == ws::BaselineKind::GpuOnly);
    CHECK(c->family == ws::Family::Scan);
}

namespace {
bool is_launch_shape(ShapeChoice c) {
    for (ShapeChoice s : kLaunchShapes)
        if (s == c) return true;
    return false;
}
template <unsigned kStageCount, unsigned kBytes, unsigned kConsumers = kConsumerWarps>
void check_fits() {
    for (unsigned bytes : {Shape<4, kStageCount, kBytes, kConsumers>::kSharedBytes,
                           Shape<8, kStageCount, kBytes, kConsumers>::kSharedBytes}) {
        INFO(kStageCount << " x " << kBytes << ", " << kConsumers << " consumers: " << bytes
                         << " B");
        CHECK(bytes <= 227u * 1024);  // what a block of Hopper may hold
        CHECK(Shape<8, kStageCount, kBytes, kConsumers>::kValuesOffset % 16 == 0);
    }
    CHECK(Shape<4, kStageCount, kBytes, kConsumers>::kThreads == (3 + kConsumers) * 32);
}
}  // namespace

TEST_CASE("the shape chosen by size is one the launcher is built in, and fits an SM") {
    check_fits<kStages, kStageBytes>();
    check_fits<4, 16 * 1024>();
    check_fits<3, 16 * 1024>();
    check_fits<6, 32 * 1024>();
    check_fits<7, 32 * 1024>();
    check_fits<4, 48 * 1024>();
    check_fits<3, 64 * 1024>();
    check_fits<6, 16 * 1024, 8>();
    check_fits<6, 32 * 1024, 8>();
    check_fits<7, 32 * 1024, 8>();
    check_fits<3, 64 * 1024, 8>();
    CHECK(std::size(kLaunchShapes) == 11);
    CHECK(Shape<4>::kThreads == kThreads);  // the catalog's: 224
    for (unsigned row = 0; row <= kLastSizedLog2 - kFirstSizedLog2; ++row)
        for (ShapeChoice c : kShapeBySize[row]) CHECK(is_launch_shape(c));
}

TEST_CASE("the shape by size: the catalog's below 2^16, the table's row for each power of two") {
    CHECK(shape_for(0, 4, false) == kCatalogShape);
    CHECK(shape_for(65535, 8, true) == kCatalogShape);
    CHECK(shape_for(1u << 16, 4, false) == kShapeBySize[0][0]);
    // Row k holds 2^k .. 2^(k+1) - 1; each column its type and kind.
    CHECK(shape_for((1u << 22) - 1, 4, false) == kShapeBySize[21 - 16][0]);
    CHECK(shape_for(1u << 22, 4, false) == kShapeBySize[22 - 16][0]);
    CHECK(shape_for(1u << 22, 8, false) == kShapeBySize[22 - 16][1]);
    CHECK(shape_for(1u << 22, 4, true) == kShapeBySize[22 - 16][2]);
    CHECK(shape_for(1u << 22, 8, true) == kShapeBySize[22 - 16][3]);
    CHECK(shape_for(0xffffffffull, 4, false) == kShapeBySize[28 - 16][0]);  // past 2^28: the last
    // Where six 16 KB stages fall behind CUB the table takes another shape (measured: 2^22
    // floats with 1024 tiles on 264 blocks, 0.98x CUB; three 64 KB stages, 1.16x).
    CHECK_FALSE(shape_for(1u << 22, 4, false) == kCatalogShape);
    CHECK(floor_log2(1) == 0);
    CHECK(floor_log2((1u << 20) + 3) == 20);
}
