// The command line for scans: --kind, the work and depth fields of stats --json, and refusals.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "kernels/algorithms/memory/all.cuh"
#include "kernels/algorithms/reduce/all.cuh"
#include "kernels/algorithms/visit_variant.hpp"
#include "kernels/catalog.hpp"
#include "tests/cli/run_command.hpp"

using nlohmann::json;
using namespace ws;

TEST_CASE("list shows every reduction and every scan", "[cli]") {
    const auto r = run_warpscope("list --json");
    REQUIRE(r.code == 0);
    const json j = json::parse(r.out);
    REQUIRE(j.size() == catalog().size());
    std::size_t scans = 0, memory = 0;
    for (const auto& v : j) {
        scans += v["family"] == "scan";
        memory += v["family"] == "memory";
    }
    CHECK(scans == variant_count<scan::AllVariants>);
    CHECK(memory == variant_count<memory::AllVariants>);
    CHECK(j.size() - scans - memory == variant_count<reduce::AllVariants>);
    CHECK(j.back()["id"] == catalog().back().id);
    // Each row its step in its family's ladder, and why that step is faster.
    for (std::size_t i = 0; i < j.size(); ++i) {
        INFO(j[i]["id"]);
        CHECK(j[i]["step"] == catalog()[i].ladder_step);
        CHECK_FALSE(j[i]["why"].get<std::string>().empty());
    }
    CHECK(find_variant("scan-decoupled-lookback")->ladder_step == 10);
}

TEST_CASE("stats --json for a block-level scan has kind, work, depth and the formulas", "[cli]") {
    const auto r = run_warpscope(
        "stats --algo scan-brent-kung --n 512 --block 128 --kind "
        "exclusive --pattern random --backend cpu --json");
    REQUIRE(r.code == 0);
    const json j = json::parse(r.out);
    CHECK(j["kind"] == "exclusive");
    CHECK(j["ok"] == true);
    CHECK(j["result"] == j["expected"]);
    CHECK(j["tile"] == 256);
    CHECK(j["work"] == 2 * 256 - 8 - 2);
    CHECK(j["depth"] == 2 * 8 - 2);  // the longest chain: one less than the steps that add
    CHECK(j["work_formula"] == j["work"]);
    CHECK(j["depth_formula"] == j["depth"]);
    CHECK(j["work_formula_text"] == "2*m - log2(m) - 2");
    CHECK(j["grid"] == 2);
    CHECK(j["passes"] == 3);  // tile scan, the totals' scan, the fan

    const auto racy = run_warpscope(
        "stats --algo scan-kogge-stone-inplace --n 64 --block 64 "
        "--backend cpu --json");
    REQUIRE(racy.code == 0);
    const json k = json::parse(racy.out);
    CHECK(k["work"].get<int>() > 0);
    CHECK(k["work_formula"].is_null());  // no textbook formula for the hierarchical version

    const auto device = run_warpscope(
        "stats --algo scan-then-fan --n 5000 --block 64 "
        "--backend cpu --json");
    REQUIRE(device.code == 0);
    const json d = json::parse(device.out);
    CHECK_FALSE(d.contains("work"));  // device-level scans: no network to count
    CHECK(d["kind"] == "inclusive");
    const auto reduce = run_warpscope("stats --algo reduce-sequential --n 64 --backend cpu --json");
    CHECK_FALSE(json::parse(reduce.out).contains("kind"));
}

TEST_CASE("a scan trace file keeps its kind through stats --trace", "[cli]") {
    const std::string file = "/tmp/ws_cli_scan_" + std::to_string(::getpid()) + ".wstrace";
    const auto t = run_warpscope(
        "trace --algo scan-sklansky --n 300 --block 64 --kind exclusive "
        "--backend cpu -o " +
        file);
    REQUIRE(t.code == 0);
    const auto s = run_warpscope("stats --trace " + file + " --json");
    std::remove(file.c_str());
    REQUIRE(s.code == 0);
    const json j = json::parse(s.out);
    CHECK(j["kind"] == "exclusive");
    CHECK(j["work"] == 64 * 7);
}

TEST_CASE("bad kinds are refused in one line with exit code 2", "[cli]") {
    const auto bad =
        run_warpscope("stats --algo scan-blelloch --n 100 --kind sideways --backend cpu");
    CHECK(bad.code == 2);
    CHECK(bad.err.find("--kind sideways") != std::string::npos);
    CHECK(count_lines(bad.err) == 1);
    const auto reduce =
        run_warpscope("stats --algo reduce-sequential --n 100 --kind exclusive --backend cpu");
    CHECK(reduce.code == 2);
    CHECK(reduce.err.find("--kind exclusive") != std::string::npos);
    CHECK(reduce.err.find("scans only") != std::string::npos);
    const auto wrong = run_warpscope(
        "stats --algo scan-kogge-stone-inplace --n 512 --block 128 --pattern random "
        "--schedule sequential --backend cpu");
    CHECK(wrong.code == 1);
    CHECK(wrong.out.find("WRONG") != std::string::npos);
}

TEST_CASE("verify runs both kinds of a scan", "[cli]") {
    const auto r = run_warpscope("verify --algo scan-warp-shuffle --backend cpu --quick");
    INFO(r.out);
    REQUIRE(r.code == 0);
    CHECK(r.out.find(" incl n=") != std::string::npos);
    CHECK(r.out.find(" excl n=") != std::string::npos);
    CHECK(r.out.find(" last ") != std::string::npos);
}
