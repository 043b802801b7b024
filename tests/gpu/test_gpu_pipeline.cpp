// [gpu] tests of scan-pipeline, the scans' top rung for Hopper (GPU only): warp-specialised,
// persistent, loaded by the copy engine. Its races would hide in the hand-offs between warps
// (a stage refilled before its consumers are done, a prefix read before it is written, a
// status read torn), so it runs thousands of times at odd sizes, every element checked.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include "kernels/algorithms/scan/pipeline_shape.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "tests/gpu/gpu_refusal.hpp"

using namespace ws;

namespace {
const trace::DType kTypes[] = {trace::DType::Int32, trace::DType::Float32, trace::DType::Float64};
}

TEST_CASE("scan-pipeline is right thousands of times at odd sizes in every type",
          "[gpu][pipeline]") {
    if (test::refused_here("scan-pipeline")) {  // and the launcher says so
        CHECK(cuda::repeat_pipeline_for_test(4097, trace::DType::Int32, 1)
                  .rfind("scan-pipeline needs", 0) == 0);
        return;
    }
    // Around one, two, a few and thousands of tiles (4096 4-byte or 2048 8-byte elements), and
    // the sizes where a block loads fewer tiles ahead than it has stages: 11 sizes x 3 types x
    // 60 runs = 1980 device-wide scans, inclusive and exclusive in turn.
    const std::uint64_t sizes[] = {1,     3,      2047,   2049,    4095,          4097,
                                   12289, 100003, 999999, 4194301, (1u << 24) + 7};
    unsigned runs = 0;
    for (std::uint64_t n : sizes)
        for (trace::DType type : kTypes) {
            INFO("n=" << n << " " << trace::dtype_name(type));
            CHECK(cuda::repeat_pipeline_for_test(n, type, 60) == "");
            runs += 60;
        }
    CHECK(runs == 1980);
}

TEST_CASE("scan-pipeline is right from a misaligned input (every tile copied by the lanes)",
          "[gpu][pipeline]") {
    if (test::refused_here("scan-pipeline")) {  // and the launcher says so
        CHECK(cuda::repeat_pipeline_for_test(4097, trace::DType::Int32, 1)
                  .rfind("scan-pipeline needs", 0) == 0);
        return;
    }
    for (std::uint64_t n : {std::uint64_t(5), std::uint64_t(65537), std::uint64_t(3000001)})
        for (trace::DType type : kTypes) {
            INFO("n=" << n << " " << trace::dtype_name(type));
            CHECK(cuda::repeat_pipeline_for_test(n, type, 10, 1) == "");
        }
}

TEST_CASE("scan-pipeline fills the GPU with its shape's blocks and loads ahead as it says",
          "[gpu][pipeline]") {
    if (test::refused_here("scan-pipeline")) {  // and the launcher says so
        CHECK(cuda::repeat_pipeline_for_test(4097, trace::DType::Int32, 1)
                  .rfind("scan-pipeline needs", 0) == 0);
        return;
    }
    cuda::DeviceInfo device;
    REQUIRE(cuda::query_device(device) == "");
    const unsigned sms = unsigned(device.sm_count);
    // The catalog's shape: 2 x 96 KB of stages an SM (pipeline_shape.hpp's claim).
    const cuda::PipelineLaunch catalog{0, 0, 0, scan::pipeline::kStages,
                                       scan::pipeline::kStageBytes};
    cuda::PipelineLaunch big, mid, small, sized;
    REQUIRE(cuda::repeat_pipeline_for_test(1u << 26, trace::DType::Int32, 1, 0, &big, &catalog) ==
            "");
    CHECK(big.blocks_per_sm == 2);
    CHECK(big.grid == 2u * sms);
    CHECK(big.ahead == scan::pipeline::kStages);
    // 2^22 ints are 1024 tiles: 4 a block, not 6 for some blocks and none for others.
    REQUIRE(cuda::repeat_pipeline_for_test(1u << 22, trace::DType::Int32, 1, 0, &mid, &catalog) ==
            "");
    CHECK(mid.ahead == scan::pipeline::tiles_ahead(1024, mid.grid));
    CHECK(mid.ahead < scan::pipeline::kStages);
    REQUIRE(cuda::repeat_pipeline_for_test(3, trace::DType::Float64, 1, 0, &small) == "");
    CHECK(small.grid == 1);  // one tile, one block
    // By size (the default): 2^26 ints take the table's shape, seven 32 KB stages, one block an
    // SM (224 KB of its 228).
    REQUIRE(cuda::repeat_pipeline_for_test(1u << 26, trace::DType::Int32, 1, 0, &sized) == "");
    const scan::pipeline::ShapeChoice want = scan::pipeline::shape_for(1u << 26, 4, false);
    CHECK(sized.stages == want.stages);
    CHECK(sized.stage_bytes == want.stage_bytes);
    CHECK(sized.blocks_per_sm == 1);
    CHECK(sized.grid == sms);
    CHECK(sized.ahead == want.stages);
}

TEST_CASE("every shape the launcher may choose by size scans and compacts right",
          "[gpu][pipeline]") {
    if (test::refused_here("scan-pipeline")) return;  // the cases above say how it refuses
    // Around one, two and many tiles of each shape (a 64 KB tile is 16384 ints or 8192 doubles),
    // misaligned once; compactions keeping half.
    for (const scan::pipeline::ShapeChoice c : scan::pipeline::kLaunchShapes) {
        const cuda::PipelineLaunch shape{0, 0, 0, c.stages, c.stage_bytes, c.consumers};
        for (trace::DType type : kTypes) {
            const std::uint64_t tile = c.stage_bytes / trace::dtype_size(type);
            for (std::uint64_t n : {tile - 1, tile + 1, 2 * tile + 5, 300 * tile + 7}) {
                INFO(c.stages << " x " << c.stage_bytes << " B, " << c.consumers
                              << " consumers, n=" << n << " " << trace::dtype_name(type));
                cuda::PipelineLaunch ran;
                CHECK(cuda::repeat_pipeline_for_test(n, type, 4, 0, &ran, &shape) == "");
                CHECK(ran.stages == c.stages);
                CHECK(ran.stage_bytes == c.stage_bytes);
                CHECK(ran.consumers == c.consumers);
                CHECK(cuda::repeat_compact_pipeline_for_test(n, type, 3, "keep:50", &shape) == "");
            }
            INFO("misaligned, " << c.stages << " x " << c.stage_bytes << " B");
            CHECK(cuda::repeat_pipeline_for_test(3 * tile + 1, type, 2, 1, nullptr, &shape) == "");
        }
    }
    // A shape the launcher is not built in is refused in one line.
    const cuda::PipelineLaunch odd{0, 0, 0, 5, 16 * 1024};
    const std::string why =
        cuda::repeat_pipeline_for_test(4097, trace::DType::Int32, 1, 0, nullptr, &odd);
    CHECK(why.find("not a shape the pipeline is built in") != std::string::npos);
}

TEST_CASE("compact-pipeline keeps std::copy_if's elements thousands of times at odd sizes",
          "[gpu][pipeline]") {
    if (test::refused_here("scan-pipeline")) {  // and the launcher says so
        CHECK(cuda::repeat_compact_pipeline_for_test(4097, trace::DType::Int32, 1, "random")
                  .rfind("compact-pipeline needs", 0) == 0);
        return;
    }
    // 8 sizes x 3 types x 3 keep rates x 30 runs = 2160 compactions, every kept element and
    // the count checked; none kept and all kept included.
    const std::uint64_t sizes[] = {1, 2, 4095, 4097, 100003, 999999, 4194301, (1u << 24) + 7};
    unsigned runs = 0;
    for (std::uint64_t n : sizes)
        for (trace::DType type : kTypes)
            for (const char* pattern : {"keep:50", "keep:0", "keep:100"}) {
                INFO("n=" << n << " " << trace::dtype_name(type) << " " << pattern);
                CHECK(cuda::repeat_compact_pipeline_for_test(n, type, 30, pattern) == "");
                runs += 30;
            }
    CHECK(runs == 2160);
}

TEST_CASE("scan-pipeline refuses more than 2^32 - 1 elements in one line and does nothing for 0",
          "[gpu][pipeline]") {
    if (test::refused_here("scan-pipeline")) {  // and the launcher says so
        CHECK(cuda::repeat_pipeline_for_test(4097, trace::DType::Int32, 1)
                  .rfind("scan-pipeline needs", 0) == 0);
        return;
    }
    CHECK(cuda::repeat_pipeline_for_test(0, trace::DType::Int32, 2) == "");
    const std::string big =
        cuda::repeat_pipeline_for_test(std::uint64_t(1) << 32, trace::DType::Int32, 1);
    CHECK(big.find("more than 2^32 - 1 elements") != std::string::npos);
    CHECK(big.find('\n') == std::string::npos);
}
#endif
