// [gpu] The GPU's own counters (CUPTI, the metrics Nsight Compute names) against ours, for every
// catalog kernel at one block: int, random data, blocks of 256 and 64 threads (or the one size a
// variant takes), the largest n
// whose traced pass is one block. Every counter agrees but the known differences, each named
// with its reason in kernels/run/hardware_compare.cpp; each of those must still differ.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/run/hardware_compare.hpp"
#include "kernels/run/request_parse.hpp"
#include "tests/gpu/gpu_refusal.hpp"

using namespace ws;

namespace {

// The largest of 32, 16, ..., 1 blocks' worth of elements whose traced pass is one block.
trace::Request one_block(const VariantInfo& v, unsigned block) {
    for (unsigned mult : {32u, 16u, 8u, 4u, 2u, 1u}) {
        run::RequestText text;
        text.algo = v.id;
        text.block = std::to_string(block);
        // aos-vs-soa reads whole structs: the largest multiple of 3 (accepted_count rounds up).
        std::uint64_t n = std::uint64_t(mult) * block;
        if (accepted_count(v, n) != n) n = accepted_count(v, n) - 3;
        text.n = std::to_string(n);
        text.pattern = "random";
        const run::ParsedRequest p = run::parse_request(text);
        if (p.ok() && p.grid == 1) return p.request;
    }
    FAIL(v.id << ": no one-block request at block " << block);
    return {};
}

}  // namespace

TEST_CASE("hardware counters: ours equal the GPU's for every catalog kernel at one block",
          "[gpu]") {
    run::RunOptions options;
    options.hardware = true;
    unsigned compared = 0;
    std::map<std::string, bool> differed;  // an excepted counter of the algorithm differed
    std::map<std::string, bool> refused;   // this GPU or this build cannot run it
    for (const VariantInfo& v : catalog()) {
        if ((refused[v.id] = test::refused_here(v))) continue;
        // 256 and 64 threads, or the one size a variant takes (scan-pipeline's 224), once.
        const unsigned wide = usable_block(v.block_rule, 256),
                       narrow = usable_block(v.block_rule, 64);
        std::vector<unsigned> blocks{wide};
        if (narrow != wide) blocks.push_back(narrow);
        for (unsigned block : blocks) {
            if (!accepts_block(v.block_rule, block)) continue;
            const trace::Request r = one_block(v, block);
            const trace::Trace t = cuda::run_on_gpu(r, options);
            INFO(v.id << " n=" << r.n << " block=" << block << ": " << t.error);
            REQUIRE(t.hardware_error == "");
            REQUIRE(run::hardware_refusal(t) == "");
            for (const run::HardwareRow& row : run::hardware_rows(t)) {
                INFO(row.metric->what << " (" << row.metric->metric << "): ours " << row.ours
                                      << ", GPU " << row.counted.value_or(-1));
                REQUIRE(row.counted);
                if (run::known_difference(v.id, row.metric->metric))
                    differed[v.id] = differed[v.id] || !row.agree();
                else
                    CHECK(row.agree());
                ++compared;
            }
        }
    }
    CHECK(compared >= 2 * 40 * 10);
    for (const run::KnownDifference& e :
         run::known_differences()) {  // each still holds somewhere: else remove it
        INFO(e.algo << ": " << e.why);
        if (!refused[e.algo]) CHECK(differed[e.algo]);
    }
}

#endif
