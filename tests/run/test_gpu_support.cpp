// The GPU generations each variant runs on, and the one line that says why not, forced on the
// CPU for GPUs CI does not have: a T4 (sm_75), an A100 (sm_80), an RTX 3080 (sm_86), an L4
// (sm_89), an H100 (sm_90) running this build's sm_90 code or compute_75 PTX.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>

#include "kernels/baselines.hpp"
#include "kernels/catalog.hpp"
#include "kernels/run/gpu_support.hpp"
#include "kernels/trace/modelled_gpu.hpp"
#include "tests/test_paths.hpp"

namespace {

using ws::run::gpu_refusal;
using ws::run::GpuFacts;

constexpr std::uint64_t kKB = 1024;
const GpuFacts kT4{"Tesla T4", 75, 75, 64 * kKB};
const GpuFacts kA100{"NVIDIA A100-SXM4-80GB", 80, 80, 163 * kKB};
const GpuFacts kRtx3080{"NVIDIA GeForce RTX 3080", 86, 86, 99 * kKB};
const GpuFacts kL4{"NVIDIA L4", 89, 89, 99 * kKB};
const GpuFacts kH100{"NVIDIA H100 80GB HBM3", 90, 90, 227 * kKB};
const GpuFacts kH100Ptx75{"NVIDIA H100 80GB HBM3", 90, 75, 227 * kKB};

const ws::VariantInfo& variant(const char* id) {
    const ws::VariantInfo* v = ws::find_variant(id);
    REQUIRE(v != nullptr);
    return *v;
}

}  // namespace

TEST_CASE("scan-pipeline is refused below Hopper in one line naming the GPU and what to run",
          "[gpu-support]") {
    const ws::VariantInfo& pipeline = variant("scan-pipeline");
    CHECK(gpu_refusal(pipeline, kA100) ==
          "scan-pipeline needs sm_90 or newer (bulk copies and transaction barriers); this NVIDIA "
          "A100-SXM4-80GB is sm_80 (Ampere): scan-decoupled-lookback-vector (the single pass it "
          "rebuilds, without them) runs here");
    for (const GpuFacts& gpu : {kT4, kRtx3080, kL4}) {
        INFO(gpu.name);
        const std::string why = gpu_refusal(pipeline, gpu);
        CHECK(why.find("needs sm_90 or newer") != std::string::npos);
        CHECK(why.find(gpu.name + " is " + ws::run::sm_name(gpu.sm)) != std::string::npos);
        CHECK(why.find('\n') == std::string::npos);
    }
    CHECK(gpu_refusal(pipeline, kT4).find("(Turing)") != std::string::npos);
    CHECK(gpu_refusal(pipeline, kL4).find("(Ada)") != std::string::npos);
    // A request of it: the same line.
    CHECK(gpu_refusal(pipeline, kA100, 224, ws::trace::DType::Float32) ==
          gpu_refusal(pipeline, kA100));
    CHECK(gpu_refusal(pipeline, kH100).empty());
    CHECK(gpu_refusal(pipeline, kH100, 224, ws::trace::DType::Float64).empty());
}

TEST_CASE(
    "On a Hopper GPU running older code (compute_75 PTX), scan-pipeline says the build "
    "lacks it",
    "[gpu-support]") {
    const std::string why = gpu_refusal(variant("scan-pipeline"), kH100Ptx75);
    CHECK(why ==
          "scan-pipeline needs code built for sm_90 (bulk copies and transaction barriers); this "
          "build runs compute_75 code on this NVIDIA H100 80GB HBM3 (sm_90): build it where the "
          "GPU is, or with the all-gpus preset: scan-decoupled-lookback-vector (the single pass it "
          "rebuilds, without them) runs here");
    // Every other variant runs on that code.
    for (const ws::VariantInfo& v : ws::catalog())
        if (v.min_sm == 0) CHECK(gpu_refusal(v, kH100Ptx75).empty());
}

TEST_CASE("Every variant but the Hopper-only ones runs on a T4 at every block and type",
          "[gpu-support]") {
    std::size_t hopper_only = 0;
    for (const ws::VariantInfo& v : ws::catalog()) {
        INFO(v.id);
        if (v.min_sm > 75) {
            ++hopper_only;
            CHECK(!gpu_refusal(v, kT4).empty());
            continue;
        }
        CHECK(gpu_refusal(v, kT4).empty());
        for (unsigned block : ws::block_presets(v.block_rule))
            for (ws::trace::DType type : ws::trace::kAllDTypes)
                CHECK(gpu_refusal(v, kT4, block, type).empty());
    }
    CHECK(hopper_only == 1);
}

TEST_CASE("A variant's stand-in is of its family and runs everywhere", "[gpu-support]") {
    for (const ws::VariantInfo& v : ws::catalog()) {
        INFO(v.id);
        if (v.min_sm == 0) {
            CHECK(std::string(v.instead).empty());
            continue;
        }
        CHECK(*v.min_sm_uses);
        const ws::VariantInfo& instead = variant(v.instead);
        CHECK(instead.family == v.family);
        CHECK(instead.min_sm == 0);
        CHECK(instead.scan_op == v.scan_op);
    }
}

TEST_CASE("A GPU whose blocks cannot have the shared memory a variant needs is told so",
          "[gpu-support]") {
    // A Hopper-class GPU with a T4's 64 KB a block: the pipeline's six 16 KB stages do not fit.
    const GpuFacts small{"a small GPU", 90, 90, 64 * kKB};
    const std::string why = gpu_refusal(variant("scan-pipeline"), small);
    CHECK(why.rfind("scan-pipeline needs 96.", 0) == 0);
    CHECK(why.find("KB of shared memory a block; this a small GPU is sm_90 (Hopper) and gives a "
                   "block at most 64.0 KB") != std::string::npos);
    // A request of a block that asks for more than the GPU gives: the request named.
    const GpuFacts tiny{"a tiny GPU", 75, 75, 4 * kKB};
    const std::string request =
        gpu_refusal(variant("reduce-sequential"), tiny, 1024, ws::trace::DType::Float64);
    CHECK(request.rfind("reduce-sequential at block 1024 (double) needs 8.0 KB", 0) == 0);
    CHECK(request.find("a smaller block needs less") != std::string::npos);
    CHECK(gpu_refusal(variant("reduce-sequential"), tiny, 256, ws::trace::DType::Int32).empty());
}

TEST_CASE("compact-pipeline, a baseline on scan-pipeline's kernel, has its needs",
          "[gpu-support]") {
    const ws::Baseline* b = ws::find_baseline("compact-pipeline");
    REQUIRE(b != nullptr);
    REQUIRE(b->runs_kernel_of != nullptr);
    const std::string why = gpu_refusal(variant(b->runs_kernel_of), kA100, b->name);
    CHECK(why.rfind("compact-pipeline needs sm_90 or newer", 0) == 0);
    for (const ws::Baseline& other : ws::baselines())
        if (other.runs_kernel_of) CHECK(ws::find_variant(other.runs_kernel_of) != nullptr);
}

TEST_CASE("The generations are named", "[gpu-support]") {
    CHECK(std::string(ws::run::generation_name(75)) == "Turing");
    CHECK(std::string(ws::run::generation_name(80)) == "Ampere");
    CHECK(std::string(ws::run::generation_name(86)) == "Ampere");
    CHECK(std::string(ws::run::generation_name(89)) == "Ada");
    CHECK(std::string(ws::run::generation_name(90)) == "Hopper");
    CHECK(std::string(ws::run::generation_name(120)) == "Blackwell");
}

TEST_CASE("The docs list the emulator's generation rules as the program states them",
          "[gpu-support]") {
    std::ifstream in(std::string(WS_SOURCE_DIR) + "/docs/how-it-works.md");
    REQUIRE(in);
    const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(doc.find(std::string("It models ") + ws::trace::kModelledGpu) != std::string::npos);
    for (const ws::trace::GenerationRule& r : ws::trace::kGenerationRules) {
        INFO(r.rule);
        CHECK(doc.find(std::string("| ") + r.rule + " | " + r.holds_for + " |") !=
              std::string::npos);
    }
}
