// Recorded measurements and the G80 table.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <tuple>

#include "kernels/baselines.hpp"
#include "tests/test_paths.hpp"
#include "ui/model/lab/lab_data.hpp"

using namespace ws::ui;

namespace {
const char* kSample = R"({
  "device": "NVIDIA H100 80GB HBM3", "date": "2025-01-02", "peak_gbps": 3352.3,
  "l2_bytes": 52428800,
  "points": [
    {"algo": "reduce-sequential", "type": "int", "n": 4194304, "ms": 0.02, "gbps": 840.0},
    {"algo": "reduce-sequential", "type": "int", "n": 1024, "ms": 0.004, "gbps": 1.0},
    {"algo": "copy", "type": "int", "n": 1024, "ms": 0.003, "gbps": 2.7},
    {"algo": "reduce-sequential", "type": "float", "n": 1024, "ms": 0.004, "gbps": 1.0},
    {"algo": "read-only", "type": "float", "n": 1024, "ms": 0.002, "gbps": 4.0}
  ]})";
}

TEST_CASE("a measurement file parses into series by algorithm", "[lab]") {
    MeasurementFile f;
    REQUIRE(parse_measurements(kSample, f).empty());
    CHECK(f.device == "NVIDIA H100 80GB HBM3");
    CHECK(f.l2_bytes == 52428800u);
    const std::vector<Series> s = series_of(f, "int");
    REQUIRE(s.size() == 3);
    CHECK(s[0].algo == "reduce-sequential");  // variants first, baselines after
    CHECK(s[0].points.front().n == 1024);     // sorted by n
    CHECK(s[1].baseline);
    // read-only was recorded for float only: still shown as a ceiling for int.
    CHECK(s[2].algo == "read-only");
    CHECK(s[2].type == "float");
    CHECK(series_of(f, "double").size() == 2);  // only the two ceilings
}

TEST_CASE("the lab turns to a file that measures the chosen algorithm", "[lab]") {
    LabData lab;
    lab.files.resize(3);
    auto measured = [&](std::size_t file, const char* algo) {
        ws::run::MeasuredPoint p;
        p.algo = algo;
        lab.files[file].points.push_back(p);
    };
    measured(0, "reduce-sequential");
    measured(1, "scan-decoupled-lookback-vector");
    measured(2, "reduce-sequential");
    measured(2, "scan-decoupled-lookback-vector");
    CHECK(file_measuring(lab, "scan-decoupled-lookback-vector", 0) == 1);  // the first with it
    CHECK(file_measuring(lab, "scan-decoupled-lookback-vector", 2) == 2);  // the shown one has it
    CHECK(file_measuring(lab, "reduce-sequential", 1) == 0);
    CHECK(file_measuring(lab, "scan-blelloch", 1) == 1);  // measured nowhere: unchanged
    // A file that measures it in the lab's type comes first.
    lab.files[1].points.back().type = "int";
    lab.files[2].points.back().type = "double";
    CHECK(file_measuring(lab, "scan-decoupled-lookback-vector", 1, "double") == 2);
    CHECK(file_measuring(lab, "scan-decoupled-lookback-vector", 2, "int") == 1);
    // none in float: the shown one, as without a type
    CHECK(file_measuring(lab, "scan-decoupled-lookback-vector", 2, "float") == 2);
    lab.files[1].scan_kind = ws::trace::ScanKind::Exclusive;  // inclusive runs come first
    CHECK(file_measuring(lab, "scan-decoupled-lookback-vector", 0) == 2);
    // The recorded files: the top rungs, measured in files of their own, are found.
    const LabData recorded = load_lab_data(WS_SOURCE_DIR);
    for (const char* algo : {"scan-decoupled-lookback-vector", "reduce-vector-atomic"}) {
        const std::size_t i = file_measuring(recorded, algo, 0);
        INFO(algo);
        REQUIRE(i < recorded.files.size());
        CHECK(std::any_of(recorded.files[i].points.begin(), recorded.files[i].points.end(),
                          [&](const MeasuredPoint& p) { return p.algo == algo; }));
    }
}

TEST_CASE("a file of exclusive scans says so in its name in the lab", "[lab]") {
    MeasurementFile f;
    REQUIRE(parse_measurements(kSample, f).empty());
    CHECK(f.scan_kind == ws::trace::ScanKind::Inclusive);  // files from before the field
    CHECK(file_label(f) == "NVIDIA H100 80GB HBM3, 2025-01-02");
    std::string text = kSample;
    text.insert(text.find('{') + 1, R"("scan_kind": "exclusive",)");
    MeasurementFile g;
    REQUIRE(parse_measurements(text, g).empty());
    CHECK(file_label(g) == "NVIDIA H100 80GB HBM3, 2025-01-02, exclusive scans");
    // Written back, it stays exclusive; an unknown kind is a bad file.
    MeasurementFile h;
    REQUIRE(parse_measurements(ws::run::measurements_json(g), h).empty());
    CHECK(h.scan_kind == ws::trace::ScanKind::Exclusive);
    text.replace(text.find("exclusive"), 9, "sideways");
    CHECK(parse_measurements(text, h) == "scan_kind \"sideways\" is not inclusive or exclusive");
}

TEST_CASE("bad measurement files are reported, not fatal", "[lab]") {
    MeasurementFile f;
    CHECK(!parse_measurements("[1,2]", f).empty());
    CHECK(!parse_measurements(R"({"points": [{"algo": "x"}]})", f).empty());
    CHECK(!parse_measurements(R"({"device": "d"})", f).empty());
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "warpscope-lab-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "a.json") << kSample;
    std::ofstream(dir / "b.json") << "{oops";
    std::ofstream(dir / "notes.txt") << "ignored";
    LabData lab;
    load_measurements(dir.string(), lab);
    CHECK(lab.files.size() == 1);
    REQUIRE(lab.problems.size() == 1);
    CHECK(lab.problems[0].rfind("b.json:", 0) == 0);
    fs::remove_all(dir);
}

TEST_CASE("Harris's G80 table", "[lab]") {
    HarrisTable t;
    REQUIRE(parse_harris("# caption here\nkernel,name,time_ms,bandwidth_gbps,step_speedup,"
                         "cumulative_speedup\n1,first,8.054,2.083,,\n2,second,3.456,4.854,2.33,"
                         "2.33\n",
                         t)
                .empty());
    CHECK(t.caption == "caption here");
    REQUIRE(t.rows.size() == 2);
    CHECK(t.rows[0].step_speedup == 0);
    CHECK(t.rows[1].cumulative_speedup == Approx(2.33));
    CHECK(std::string(harris_variant(3)) == "reduce-sequential");
    CHECK(std::string(harris_variant(8)).empty());
    // The copy in the repository is complete.
    const LabData lab = load_lab_data(WS_SOURCE_DIR);
    CHECK(lab.harris.rows.size() == 7);
}

TEST_CASE("the lab shows one family's lines with the ceilings and its library", "[lab]") {
    CHECK(lab_lines_for("reduce-warp-shuffle") == LabLines::Reductions);
    CHECK(lab_lines_for("scan-blelloch-padded") == LabLines::Scans);
    CHECK(lab_lines_for("not-an-algorithm") == LabLines::Reductions);
    for (const char* ceiling : {"copy", "read-only"})
        for (LabLines l : {LabLines::Reductions, LabLines::Scans, LabLines::All})
            CHECK(shows_series(l, ceiling));
    CHECK(shows_series(LabLines::Reductions, "reduce-sequential"));
    CHECK(shows_series(LabLines::Reductions, "cub-reduce"));
    CHECK(shows_series(LabLines::Reductions, "plain-warp-shuffle"));
    CHECK_FALSE(shows_series(LabLines::Reductions, "scan-kogge-stone"));
    CHECK_FALSE(shows_series(LabLines::Reductions, "cub-scan"));
    CHECK(shows_series(LabLines::Scans, "scan-decoupled-lookback"));
    CHECK(shows_series(LabLines::Scans, "cub-scan"));
    CHECK_FALSE(shows_series(LabLines::Scans, "reduce-first-add"));
    CHECK_FALSE(shows_series(LabLines::Scans, "thrust-reduce"));
    CHECK(shows_series(LabLines::All, "scan-sklansky"));
    CHECK(shows_series(LabLines::All, "thrust-reduce"));
}

TEST_CASE("every line the lab shows looks unlike the others, the chosen one marked",
          "[measurements]") {
    const LabData lab = load_lab_data(WS_SOURCE_DIR);
    REQUIRE_FALSE(lab.files.empty());
    for (const MeasurementFile& f : lab.files)
        for (const char* type : {"int", "float", "double"})
            for (LabLines lines : {LabLines::Reductions, LabLines::Scans, LabLines::All}) {
                std::vector<Series> shown;
                for (Series& s : series_of(f, type))
                    if (shows_series(lines, s.algo)) shown.push_back(s);
                if (shown.empty()) continue;
                const std::string chosen = shown.front().algo;
                const std::vector<SeriesLook> looks = series_looks(shown, chosen);
                REQUIRE(looks.size() == shown.size());
                std::set<std::tuple<unsigned, int>> variants;
                std::set<std::string> baselines;
                std::set<std::tuple<int, int>> baseline_looks;  // colour (its look) and marker
                for (std::size_t i = 0; i < looks.size(); ++i) {
                    INFO(f.device << " " << type << " " << lab_lines_name(lines) << " "
                                  << shown[i].algo);
                    // A variant's colour and marker, a baseline's colour (its look) and marker,
                    // never repeat; families of at most ten variants keep one colour each.
                    if (shown[i].baseline) {
                        CHECK(baselines.insert(shown[i].algo).second);
                        const ws::Baseline* b = ws::find_baseline(series_algo(shown[i].algo));
                        REQUIRE(b);
                        CHECK(baseline_looks.insert({int(b->look), looks[i].marker}).second);
                    } else
                        CHECK(variants.insert({looks[i].colour, looks[i].marker}).second);
                    if (!shown[i].baseline && lines != LabLines::All) CHECK(looks[i].marker == 0);
                    CHECK(looks[i].dashed == shown[i].baseline);
                    CHECK(looks[i].chosen == (shown[i].algo == chosen));
                }
            }
}

TEST_CASE("the lab says which bytes each line's GB/s counts", "[measurements]") {
    const LabData lab = load_lab_data(WS_SOURCE_DIR);
    REQUIRE_FALSE(lab.files.empty());
    // The file with the most lines: a whole-catalog run (others hold a few rungs).
    const MeasurementFile* whole = &lab.files.front();
    for (const MeasurementFile& f : lab.files)
        if (series_of(f, "int").size() > series_of(*whole, "int").size()) whole = &f;
    std::map<std::string, std::string> counted;
    for (const Series& s : series_of(*whole, "int")) counted[s.algo] = bytes_counted(s, 4);
    CHECK(counted["copy"] == "2n");
    CHECK(counted["read-only"] == "n");
    CHECK(counted["scan-then-fan"] == "4n");
    CHECK(counted["scan-reduce-then-scan"] == "3n");
    CHECK(counted["scan-decoupled-lookback"] == "2n");
    CHECK(counted["cub-scan"] == "2n");
    CHECK(counted["reduce-sequential"] == "n");
}

TEST_CASE("Harris's G80 table comes from the repository's assets, with its source",
          "[measurements]") {
    const LabData lab = load_lab_data(WS_SOURCE_DIR);
    CHECK(lab.harris_path == std::string(WS_SOURCE_DIR) + "/assets/reference/harris-g80.csv");
    CHECK(lab.harris.rows.size() == 7);
    CHECK(lab.harris.caption.find("Mark Harris") != std::string::npos);
    CHECK(lab.harris.caption.find("Optimizing Parallel Reduction in CUDA") != std::string::npos);
}

TEST_CASE("a point says its speed against the library's at the same n", "[measurements]") {
    MeasurementFile f;
    f.points = {{"reduce-warp-shuffle", "int", 1 << 28, 0.2, 3700},
                {"cub-reduce", "int", 1 << 28, 0.18, 4100},
                {"scan-then-fan", "int", 1 << 28, 1.3, 3300}};
    CHECK(versus_library(f, f.points[0]) == "0.90x the speed of cub-reduce (CUB 0.18 ms)");
    CHECK(versus_library(f, f.points[1]).empty());  // the library itself
    CHECK(versus_library(f, f.points[2]).empty());  // no cub-scan point in this file
    CHECK(library_of("scan-decoupled-lookback") == "cub-scan");
}

TEST_CASE("the GPU-only rungs are drawn as ours and measured against their library", "[lab]") {
    MeasurementFile f;
    f.points = {{"scan-pipeline", "int", 1 << 28, 0.5, 4300},
                {"cub-scan", "int", 1 << 28, 0.6, 3600},
                {"compact-pipeline", "float", 1 << 28, 0.6, 2000},
                {"cub-select-if", "float", 1 << 28, 0.69, 1700}};
    CHECK_FALSE(is_baseline("scan-pipeline"));  // a rung of the catalog
    CHECK_FALSE(is_gpu_only("scan-pipeline"));
    CHECK_FALSE(is_baseline("compact-pipeline"));  // solid, a variant's colour, not dashed
    CHECK(is_gpu_only("compact-pipeline"));
    CHECK_FALSE(is_gpu_only("scan-decoupled-lookback-vector"));
    CHECK(is_baseline("cub-scan"));
    CHECK(versus_library(f, f.points[0]) == "1.20x the speed of cub-scan (CUB 0.6 ms)");
    CHECK(versus_library(f, f.points[2]) == "1.15x the speed of cub-select-if (CUB 0.69 ms)");
    const std::vector<Series> s = series_of(f, "int");
    REQUIRE(s.size() == 2);
    CHECK(s[0].algo == "scan-pipeline");  // ours first, then the baselines
    CHECK_FALSE(s[0].baseline);
    CHECK(s[1].baseline);
    CHECK(shows_series(LabLines::Scans, "scan-pipeline"));
    CHECK_FALSE(shows_series(LabLines::Reductions, "compact-pipeline"));
}

TEST_CASE("a ladder rung opens the lab on a whole-catalog run, not on a run of a few variants",
          "[lab]") {
    // Runs of a few variants (roofline-*, variants-*) also measure the ladder's rungs; the files
    // sort after the whole-catalog runs so that the lab opens on the ladder.
    const LabData lab = load_lab_data(WS_SOURCE_DIR);
    REQUIRE(!lab.files.empty());
    for (const char* algo : {"reduce-warp-shuffle", "reduce-sequential", "scan-blelloch"}) {
        INFO(algo);
        const std::size_t i = file_measuring(lab, algo, lab.files.size());
        REQUIRE(i < lab.files.size());
        CHECK(lab.files[i].points.size() > 200);  // every algorithm at every size
    }
    // A variant measured only in its own runs opens one of them.
    const std::size_t cas = file_measuring(lab, "reduce-atomic-cas", lab.files.size());
    REQUIRE(cas < lab.files.size());
    CHECK(lab.files[cas].path.find("variants-atomics") != std::string::npos);
}

TEST_CASE("every file the lab reads from assets/measurements loads, without a problem line",
          "[lab]") {
    LabData lab;
    load_measurements(std::string(WS_SOURCE_DIR) + "/assets/measurements", lab);
    std::string problems;
    for (const std::string& problem : lab.problems) problems += problem + "\n";
    INFO(problems);
    CHECK(lab.problems.empty());  // the hardware-counts files are the hardware view's
    CHECK(lab.files.size() >= 10);
}
