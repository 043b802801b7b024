// [gpu] tests of the scans: the single-pass look-back is where races hide, so it runs thousands
// of times at odd sizes, every output checked; the traced scans match the emulator.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>

#include "kernels/run/block_circuit.hpp"

#include "kernels/catalog.hpp"
#include "kernels/cuda/cuda_backend.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/analysis.hpp"
#include "tests/gpu/gpu_refusal.hpp"

using namespace ws;

// The single-pass scans: the teaching look-back and the one at the roofline.
const char* const kLookbacks[] = {"scan-decoupled-lookback", "scan-decoupled-lookback-vector"};

TEST_CASE("the look-back scan is right thousands of times in a row at odd sizes", "[gpu]") {
    // Per variant 8 sizes x 3 block sizes x 2 types x 70 runs = 3360 device-wide scans (every
    // element checked, inclusive and exclusive in turn), and 480 more in double for the vector
    // variant, whose 8-byte status keeps its value beside the flag word. The big sizes need
    // thousands of tiles in flight at once.
    const std::uint64_t sizes[] = {1, 2, 255, 2049, 65537, 100003, (1u << 20) + 1, (3u << 20) + 5};
    for (const char* algo : kLookbacks) {
        unsigned runs = 0;
        for (std::uint64_t n : sizes)
            for (unsigned block : {32u, 256u, 1024u}) {
                for (trace::DType type : {trace::DType::Int32, trace::DType::Float32}) {
                    INFO(algo << " n=" << n << " block=" << block << " "
                              << trace::dtype_name(type));
                    CHECK(cuda::repeat_scan_for_test(algo, n, block, type, 70) == "");
                    runs += 70;
                }
                if (std::string(algo) == kLookbacks[1]) {
                    INFO(algo << " n=" << n << " block=" << block << " double");
                    CHECK(cuda::repeat_scan_for_test(algo, n, block, trace::DType::Float64, 20) ==
                          "");
                }
            }
        CHECK(runs == 3360);
    }
}

TEST_CASE("the blockIdx look-back and the decoupled fallback are right at odd sizes", "[gpu]") {
    // NVIDIA GPUs start blocks in order, so the blockIdx look-back completes here (the emulator
    // shows the block orders under which it cannot); the fallback must be right whether or not
    // a block falls back. 8 sizes x 3 blocks x 2 types x 20 runs each, every element checked.
    const std::uint64_t sizes[] = {1, 2, 255, 2049, 65537, 100003, (1u << 20) + 1, (3u << 20) + 5};
    for (const char* algo : {"scan-lookback-blockidx", "scan-lookback-fallback"}) {
        unsigned runs = 0;
        for (std::uint64_t n : sizes)
            for (unsigned block : {32u, 256u, 1024u})
                for (trace::DType type : {trace::DType::Int32, trace::DType::Float64}) {
                    INFO(algo << " n=" << n << " block=" << block << " "
                              << trace::dtype_name(type));
                    CHECK(cuda::repeat_scan_for_test(algo, n, block, type, 20) == "");
                    runs += 20;
                }
        CHECK(runs == 960);
    }
}

TEST_CASE("every device-level scan is right repeatedly on the same buffers", "[gpu]") {
    for (const char* algo : {"scan-then-fan", "scan-reduce-then-scan", "scan-warp-shuffle",
                             "scan-brent-kung", "scan-reduce-then-scan-2level"}) {
        for (std::uint64_t n : {std::uint64_t(3), std::uint64_t(1000003)}) {
            INFO(algo << " n=" << n);
            CHECK(cuda::repeat_scan_for_test(algo, n, 256, trace::DType::Float64, 20) == "");
            CHECK(cuda::repeat_scan_for_test(algo, n, 64, trace::DType::Int32, 20) == "");
        }
    }
}

TEST_CASE("the memory family is right repeatedly on the same buffers, at odd sizes", "[gpu]") {
    for (const VariantInfo& v : catalog()) {
        if (v.family != Family::Memory) continue;
        for (std::uint64_t n : {std::uint64_t(3), std::uint64_t(999999), std::uint64_t(3) << 20}) {
            INFO(v.id << " n=" << n);
            CHECK(cuda::repeat_scan_for_test(v.id, n, 256, trace::DType::Float64, 10) == "");
            CHECK(cuda::repeat_scan_for_test(v.id, n, 64, trace::DType::Int32, 10) == "");
            CHECK(cuda::repeat_scan_for_test(v.id, n, 128, trace::DType::Float32, 10) == "");
        }
    }
}

TEST_CASE("the compactions keep std::copy_if's elements thousands of times at odd sizes", "[gpu]") {
    // Per variant 7 sizes x 3 block sizes x 2 types x 40 runs, every kept element and the count
    // checked; the big sizes put thousands of tiles' look-backs in flight.
    const std::uint64_t sizes[] = {1, 2, 255, 8193, 100003, (1u << 20) + 1, (3u << 20) + 5};
    for (const char* algo : {"compact-scan", "compact-ballot"}) {
        unsigned runs = 0;
        for (std::uint64_t n : sizes)
            for (unsigned block : {32u, 256u, 1024u})
                for (trace::DType type : {trace::DType::Int32, trace::DType::Float64}) {
                    INFO(algo << " n=" << n << " block=" << block << " "
                              << trace::dtype_name(type));
                    CHECK(cuda::repeat_scan_for_test(algo, n, block, type, 40) == "");
                    runs += 40;
                }
        CHECK(runs == 1680);
    }
}

TEST_CASE("a compaction counts past 2^24 exactly in float, and keeps none or all", "[gpu]") {
    for (const char* algo : {"compact-scan", "compact-ballot"}) {
        for (const char* pattern : {"keep:100", "keep:0", "keep:61"}) {
            trace::Request r;
            r.algo = algo;
            r.n = (1u << 25) + 3;  // a float holds every integer up to 2^24 only
            r.block = 256;
            r.type = trace::DType::Float32;
            r.pattern = pattern;
            run::RunOptions o;  // the result only: no recording, no totals over 8193 blocks
            o.record = false;
            o.count_totals = false;
            const trace::Trace t = cuda::run_on_gpu(r, o);
            INFO(algo << " " << pattern << ": " << t.error);
            CHECK(t.ok);  // the count (an integer in the status word) and every element
        }
    }
}

TEST_CASE("a traced look-back on the GPU equals the emulator's once blocks are named by tile",
          "[gpu]") {
    for (const char* algo : kLookbacks) {
        const VariantInfo& v = *find_variant(algo);
        trace::Request r;
        r.algo = v.id;
        r.n = 40 * v.elems_per_thread * 128 + 3;  // 41 tiles
        r.block = 128;
        r.pattern = "random";
        r.all_blocks = true;
        for (auto kind : {trace::ScanKind::Inclusive, trace::ScanKind::Exclusive}) {
            INFO(algo << " " << trace::scan_kind_name(kind));
            r.kind = kind;
            const trace::Trace gpu = cuda::run_on_gpu(r);
            const trace::Trace cpu = run::run_on_emulator(r);
            REQUIRE(gpu.error == "");
            REQUIRE(cpu.error == "");
            REQUIRE(gpu.blocks.size() == 41);
            CHECK(run::crosscheck_difference(v, gpu, cpu) == "");
            CHECK(gpu.output_digest == cpu.output_digest);
        }
    }
}

TEST_CASE("the scans' work and depth measured on the GPU equal the emulator's", "[gpu]") {
    for (const auto& v : catalog()) {
        if (!measures_work_depth(v) || test::refused_here(v)) continue;
        trace::Request r;
        r.algo = v.id;
        r.block = 256;
        r.n = v.elems_per_thread * 256;
        const trace::Trace gpu = cuda::run_on_gpu(r);
        const trace::Trace cpu = run::run_on_emulator(r);
        INFO(v.id << ": " << gpu.error);
        REQUIRE(gpu.ok);
        const auto a = run::measured_work_depth(gpu, v);
        const auto b = run::measured_work_depth(cpu, v);
        CHECK(a.work == b.work);
        CHECK(a.depth == b.depth);
        if (const auto f = textbook_work_depth(v, unsigned(r.n))) CHECK(a.work == f->work);
    }
}
#endif
