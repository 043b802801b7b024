// The multi-GPU bench's files (issue 20): what multi_gpu_json writes reads back the same; the
// recorded files in assets/measurements/multi-gpu parse, every point is right, and each size has
// every algorithm with bus bandwidth = algorithm bandwidth × nccl-tests' factor; damaged files
// are one line.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "kernels/multi/multi_gpu_bench.hpp"
#include "tests/test_paths.hpp"

using namespace ws::multi;

TEST_CASE("a multi-GPU measurement file reads back as written", "[multi]") {
    MultiGpuMeasurements m;
    m.devices = {"GPU A", "GPU B"};
    m.date = "2026-11-26T01:22:15Z";
    m.nccl_version = "2.28.3";
    m.peer_access = "every pair";
    MultiGpuPoint p;
    p.algo = kHandRing;
    p.type = "float";
    p.n = 1000003;
    p.gpus = 2;
    p.ms = 0.25;
    p.algbw_gbps = 16.0;
    p.busbw_gbps = 16.0;
    p.ok = true;
    p.step_ms = {0.125, 0.12};
    m.points = {p};
    p.algo = kNcclAllGather;
    p.ok = false;
    p.why = "GPU 1: GPU 0's element 3 did not arrive";
    p.step_ms.clear();
    m.points.push_back(p);
    MultiGpuMeasurements back;
    REQUIRE(parse_multi_gpu(multi_gpu_json(m), back) == "");
    CHECK(back.devices == m.devices);
    CHECK(back.nccl_version == "2.28.3");
    REQUIRE(back.points.size() == 2);
    CHECK(back.points[0].step_ms == m.points[0].step_ms);
    CHECK(back.points[0].n == 1000003);
    CHECK(back.points[1].why == m.points[1].why);
    CHECK_FALSE(back.points[1].ok);
    for (const char* bad : {"", "[]", "{\"devices\": []}", "{\"devices\": [], \"points\": [{}]}",
                            "{\"devices\": [], \"points\": [{\"algo\": \"ring\", \"type\": "
                            "\"float\", \"n\": 1, \"gpus\": 1, \"ms\": 1, \"algbw_gbps\": 1, "
                            "\"busbw_gbps\": 1, \"ok\": true}]}"}) {
        INFO(bad);
        MultiGpuMeasurements ignored;
        const std::string why = parse_multi_gpu(bad, ignored);
        CHECK_FALSE(why.empty());
        CHECK(why.find('\n') == std::string::npos);
    }
}

TEST_CASE("the recorded multi-GPU files parse and every point in them is right", "[multi]") {
    const std::string dir = std::string(WS_SOURCE_DIR) + "/assets/measurements/multi-gpu";
    unsigned files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        INFO(e.path());
        std::ifstream in(e.path());
        std::stringstream text;
        text << in.rdbuf();
        MultiGpuMeasurements m;
        REQUIRE(parse_multi_gpu(text.str(), m) == "");
        CHECK(m.error.empty());
        CHECK(m.devices.size() >= 2);
        std::set<std::uint64_t> sizes;
        for (const MultiGpuPoint& p : m.points) {
            CHECK(p.ok);
            CHECK(p.gpus == m.devices.size());
            sizes.insert(p.n);
            const double factor = bus_bandwidth_factor(collective_of(p.algo), p.gpus);
            CHECK(p.busbw_gbps == Approx(p.algbw_gbps * factor).epsilon(1e-9));
            if (p.algo == kHandRing) CHECK(p.step_ms.size() == 2 * (p.gpus - 1));
        }
        for (std::uint64_t n : sizes)
            for (const char* algo :
                 {kNcclAllReduce, kNcclReduceScatter, kNcclAllGather, kHandRing, kHandNaive}) {
                bool found = false;
                for (const MultiGpuPoint& p : m.points) found |= p.n == n && p.algo == algo;
                INFO(algo << " n=" << n);
                CHECK(found);
            }
        ++files;
    }
    CHECK(files >= 3);
}
