// The lab's multi-GPU family: the recorded files of assets/measurements/multi-gpu as bus
// bandwidth lines, bad files and wrong points as problems, NVLink's peak by device, the type.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "tests/test_paths.hpp"
#include "ui/model/lab/lab_data.hpp"
#include "ui/model/lab/multi_gpu_lab.hpp"

using namespace ws::ui;
namespace fs = std::filesystem;

namespace {

const std::string kDir = std::string(WS_SOURCE_DIR) + "/assets/measurements/multi-gpu";
const std::string kFloatFile = kDir + "/multi-gpu-float-nvidia-h200x2.json";

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The file's busbw by (algo, n), read here with nlohmann::json rather than the model's parser.
std::map<std::pair<std::string, std::uint64_t>, double> busbw_in(const std::string& path,
                                                                 const std::string& type) {
    std::map<std::pair<std::string, std::uint64_t>, double> out;
    const nlohmann::json j = nlohmann::json::parse(read(path));
    for (const auto& p : j.at("points"))
        if (p.at("type") == type && !p.contains("nccl_choice"))  // NCCL forced: its own table
            out[{p.at("algo").get<std::string>(), p.at("n").get<std::uint64_t>()}] =
                p.at("busbw_gbps").get<double>();
    return out;
}

// A fresh folder under the temporary directory.
fs::path scratch(const char* name) {
    const fs::path dir = fs::temp_directory_path() / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

const MultiGpuSeries* series(const MultiGpuPlot& plot, const std::string& algo) {
    for (const MultiGpuSeries& s : plot.series)
        if (s.algo == algo) return &s;
    return nullptr;
}

}  // namespace

TEST_CASE("the recorded multi-GPU files give a float line for each of the five algorithms",
          "[lab]") {
    MultiGpuLab lab;
    load_multi_gpu(kDir, lab);
    CHECK(lab.problems.empty());
    REQUIRE(lab.files.size() == 3);
    const MultiGpuPlot plot = multi_gpu_plot(lab);  // float by default
    CHECK(plot.type == "float");
    CHECK(plot.gpus == 2);
    CHECK(plot.title == "2 \xc3\x97 NVIDIA H200, NCCL 2.28.3, 2026-11-28");
    CHECK(plot.problems.empty());
    // The all-reduces first, NCCL's the library (dashed), the hand ring the lesson; then the
    // quieter reduce-scatter and all-gather.
    REQUIRE(plot.series.size() == 5);
    const char* order[] = {ws::multi::kNcclAllReduce, ws::multi::kHandRing, ws::multi::kHandNaive,
                           ws::multi::kNcclReduceScatter, ws::multi::kNcclAllGather};
    std::set<unsigned> colours;
    for (std::size_t i = 0; i < 5; ++i) {
        INFO(i);
        CHECK(plot.series[i].algo == order[i]);
        CHECK(plot.series[i].library == (plot.series[i].algo.rfind("nccl-", 0) == 0));
        CHECK(plot.series[i].lesson == (i == 1));
        CHECK(plot.series[i].quiet == (i >= 3));
        colours.insert(plot.series[i].colour);
    }
    CHECK(colours.size() == 5);  // each its own colour
    // Every point of the file, with its busbw, and no other; sorted by n.
    const auto file = busbw_in(kFloatFile, "float");
    std::size_t drawn = 0;
    for (const MultiGpuSeries& s : plot.series) {
        INFO(s.algo);
        CHECK(s.points.size() == 17);  // 2^12 .. 2^28
        CHECK(s.points.front().n == 4096u);
        CHECK(s.points.back().n == (std::uint64_t(1) << 28));
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            const MultiGpuPoint& p = s.points[i];
            if (i > 0) CHECK(s.points[i - 1].n < p.n);
            CHECK(p.type == "float");
            REQUIRE(file.count({s.algo, p.n}) == 1);
            CHECK(p.busbw_gbps == file.at({s.algo, p.n}));
            ++drawn;
        }
    }
    CHECK(drawn == file.size());
}

TEST_CASE("the hand ring is within 10% of NCCL's all-reduce at 2^28 floats", "[lab]") {
    MultiGpuLab lab;
    load_multi_gpu(kDir, lab);
    const MultiGpuPlot plot = multi_gpu_plot(lab, "float");
    const std::uint64_t n = std::uint64_t(1) << 28;
    const auto ring = busbw_at(plot, ws::multi::kHandRing, n);
    const auto nccl = busbw_at(plot, ws::multi::kNcclAllReduce, n);
    const auto naive = busbw_at(plot, ws::multi::kHandNaive, n);
    REQUIRE(ring);
    REQUIRE(nccl);
    REQUIRE(naive);
    const auto file = busbw_in(kFloatFile, "float");
    CHECK(*ring == file.at({ws::multi::kHandRing, n}));
    CHECK(*nccl == file.at({ws::multi::kNcclAllReduce, n}));
    CHECK(std::abs(*ring / *nccl - 1) < 0.10);
    CHECK(*naive < 0.75 * *ring);  // one link, one direction at a time
    // Under NVLink's peak a direction, every line.
    for (const MultiGpuSeries& s : plot.series)
        for (const MultiGpuPoint& p : s.points) CHECK(p.busbw_gbps < plot.peak_gbps);
    CHECK_FALSE(busbw_at(plot, ws::multi::kHandRing, 12345));
    CHECK_FALSE(busbw_at(plot, "no-such-algo", n));
}

TEST_CASE("each all-reduce plan is fitted, and NCCL's forced choices stand beside its own",
          "[lab]") {
    MultiGpuLab lab;
    load_multi_gpu(kDir, lab);
    const MultiGpuPlot plot = multi_gpu_plot(lab, "float");
    // A fit for NCCL, the hand ring and naive, each from its 17 points, close to the ring's.
    REQUIRE(plot.fits.size() == 3);
    for (const ws::multi::LatencyBandwidthFit& f : plot.fits) {
        INFO(f.algo);
        CHECK(f.points == 17);
        CHECK(f.gpus == 2);
        CHECK(f.alpha_us > 1);
        CHECK(f.alpha_us < 100);
        CHECK(f.step_gbps() > 100);
        CHECK(f.step_gbps() < plot.peak_gbps * 1.2);
        if (f.algo == ws::multi::kHandRing) CHECK(f.worst_error < 0.15);
        // The curve drawn is the fit's: its bus bandwidth at n from its time at n.
        const std::uint64_t n = std::uint64_t(1) << 20;
        CHECK(fitted_busbw_gbps(f, n) ==
              Approx(double(n) * 4 / (ws::multi::fitted_ms(f, n, 2) * 1e-3) / 1e9));
    }
    CHECK(plot.fits_text.rfind("Each plan fitted as steps", 0) == 0);
    CHECK(plot.why_nccl_wins.rfind("Measured on 2 GPUs: the hand ring runs at ", 0) == 0);
    CHECK(plot.why_nccl_wins.find("no machine of more than 2 GPUs was lent") != std::string::npos);
    // The measured ratio at 2^12 in the sentence is the file's.
    const auto ring = busbw_at(plot, ws::multi::kHandRing, 4096);
    const auto nccl = busbw_at(plot, ws::multi::kNcclAllReduce, 4096);
    REQUIRE(ring);
    REQUIRE(nccl);
    char at_small[64];
    std::snprintf(at_small, sizeof at_small, "runs at %.2f\xc3\x97 NCCL's speed at 2^12",
                  *ring / *nccl);
    CHECK(plot.why_nccl_wins.find(at_small) != std::string::npos);
    // NCCL forced to Ring/Tree x LL/LL128/Simple at 2^12, 2^20 and 2^28: a line a size.
    CHECK(plot.nccl_choices.size() == 18);
    const std::vector<NcclChoiceRow> rows = nccl_choice_rows(plot);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].size == "2^12");
    CHECK(rows[2].size == "2^28");
    const std::set<std::string> want = {"Ring/LL", "Ring/LL128", "Ring/Simple",
                                        "Tree/LL", "Tree/LL128", "Tree/Simple"};
    for (const NcclChoiceRow& r : rows) {
        INFO(r.size);
        REQUIRE(r.cells.size() == 6);
        std::set<std::string> seen;
        unsigned fastest = 0;
        for (const NcclChoiceCell& c : r.cells) {
            seen.insert(c.choice);
            fastest += c.fastest;
            CHECK(c.text.find("\xc3\x97)") != std::string::npos);  // its ratio to NCCL's own
        }
        CHECK(seen == want);
        CHECK(fastest == 1);
    }
    // The ratio is NCCL's own time over the forced one's, as the file has them.
    const MultiGpuPoint& first = plot.nccl_choices.front();
    const auto own = busbw_at(plot, ws::multi::kNcclAllReduce, first.n);
    REQUIRE(own);
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "(%.2f\xc3\x97)", first.busbw_gbps / *own);
    bool found = false;
    for (const NcclChoiceRow& r : rows)
        for (const NcclChoiceCell& c : r.cells)
            found |= c.choice == first.nccl_choice && c.text.find(ratio) != std::string::npos;
    CHECK(found);
}

TEST_CASE("a bad multi-GPU file is one problem line and the others still load", "[lab]") {
    const fs::path dir = scratch("warpscope-multi-gpu-lab-test");
    fs::copy_file(kFloatFile, dir / "a.json");
    std::ofstream(dir / "b.json") << "{oops";
    std::ofstream(dir / "c.json") << R"({"devices": ["NVIDIA H200"], "points": [{"algo": 1}]})";
    std::ofstream(dir / "notes.txt") << "ignored";
    MultiGpuLab lab;
    load_multi_gpu(dir.string(), lab);
    REQUIRE(lab.files.size() == 1);
    REQUIRE(lab.problems.size() == 2);
    CHECK(lab.problems[0].rfind("b.json: ", 0) == 0);
    CHECK(lab.problems[1].rfind("c.json: ", 0) == 0);
    for (const std::string& p : lab.problems) CHECK(p.find('\n') == std::string::npos);
    CHECK(multi_gpu_plot(lab).series.size() == 5);
    // A folder that is not there: nothing, and no problem.
    MultiGpuLab none;
    load_multi_gpu((dir / "missing").string(), none);
    CHECK(none.files.empty());
    CHECK(none.problems.empty());
    fs::remove_all(dir);
}

TEST_CASE("a wrong point is listed as a problem, not drawn", "[lab]") {
    MultiGpuFile f;
    REQUIRE(ws::multi::parse_multi_gpu(read(kFloatFile), f).empty());
    f.path = "/somewhere/x.json";
    const std::uint64_t n = std::uint64_t(1) << 20;
    for (MultiGpuPoint& p : f.points)
        if (p.algo == ws::multi::kHandRing && p.n == n && p.type == "float") {
            p.ok = false;
            p.why = "GPU 1 element 7: 3 != 4";
        }
    const MultiGpuPlot plot = multi_gpu_plot(f, "float");
    REQUIRE(plot.problems.size() == 1);
    CHECK(plot.problems[0] ==
          "x.json: ring float n=1048576 gave a wrong result (GPU 1 element 7: 3 != 4); not drawn");
    const MultiGpuSeries* ring = series(plot, ws::multi::kHandRing);
    REQUIRE(ring);
    CHECK(ring->points.size() == 16);
    CHECK_FALSE(busbw_at(plot, ws::multi::kHandRing, n));
    CHECK(busbw_at(plot, ws::multi::kNcclAllReduce, n));
}

TEST_CASE("NVLink's peak line for an H200, none and a note for an unknown device", "[lab]") {
    CHECK(nvlink_peak_gbps("NVIDIA H200") == 477.0);
    CHECK(nvlink_peak_gbps("NVIDIA H100 80GB HBM3") == 477.0);
    CHECK_FALSE(nvlink_peak_gbps("NVIDIA H200 NVL"));  // PCIe boards: bridges, not NV18
    CHECK_FALSE(nvlink_peak_gbps("Some GPU"));
    MultiGpuFile f;
    REQUIRE(ws::multi::parse_multi_gpu(read(kFloatFile), f).empty());
    const MultiGpuPlot h200 = multi_gpu_plot(f, "float");
    CHECK(h200.peak_gbps == 477.0);
    CHECK(h200.peak_label == "NVLink peak 477 GB/s a direction");
    CHECK(h200.note.empty());
    f.devices = {"Some GPU", "Some GPU"};
    const MultiGpuPlot unknown = multi_gpu_plot(f, "float");
    CHECK(unknown.peak_gbps == 0);
    CHECK(unknown.peak_label.empty());
    CHECK(unknown.note.find("Some GPU") != std::string::npos);
    CHECK(unknown.series.size() == 5);  // the lines are still drawn
    CHECK(unknown.title.rfind("2 \xc3\x97 Some GPU, ", 0) == 0);
    f.devices = {"NVIDIA H200", "Some GPU"};  // one GPU without a known link: no line
    CHECK(multi_gpu_plot(f, "float").peak_gbps == 0);
    CHECK(multi_gpu_plot(f, "float").title.rfind("NVIDIA H200 + Some GPU, ", 0) == 0);
}

TEST_CASE("the multi-GPU lines of each type", "[lab]") {
    MultiGpuLab lab;
    load_multi_gpu(kDir, lab);
    CHECK(multi_gpu_types(lab) == std::vector<std::string>{"int", "float", "double"});
    for (const char* type : {"int", "double"}) {
        INFO(type);
        const MultiGpuPlot plot = multi_gpu_plot(lab, type);
        CHECK(plot.type == type);
        REQUIRE(plot.series.size() == 5);
        const auto file = busbw_in(kDir + "/multi-gpu-" + type + "-nvidia-h200x2.json", type);
        for (const MultiGpuSeries& s : plot.series) {
            REQUIRE(s.points.size() == 3);
            for (const MultiGpuPoint& p : s.points) {
                CHECK(p.type == type);
                CHECK(p.busbw_gbps == file.at({s.algo, p.n}));
            }
        }
        const std::uint64_t largest = std::string(type) == "double" ? 1u << 27 : 1u << 28;
        CHECK(plot.series[0].points.back().n == largest);
    }
    const MultiGpuPlot none = multi_gpu_plot(lab, "half");
    CHECK(none.series.empty());
    CHECK(none.title.empty());
    CHECK(none.note.find("half") != std::string::npos);
    CHECK(multi_gpu_types(MultiGpuLab{}).empty());
}

TEST_CASE("the caption says what bus bandwidth is, once", "[lab]") {
    const std::string two = bus_bandwidth_caption(2);
    CHECK(two.find("nccl-tests") != std::string::npos);
    CHECK(two.find("2(k \xe2\x88\x92 1)/k for an all-reduce") != std::string::npos);
    CHECK(two.find("k = 2: an all-reduce's bus and algorithm bandwidths are equal") !=
          std::string::npos);
    CHECK(two.find('\n') == std::string::npos);
    CHECK(bus_bandwidth_caption(4).find("k = 4.") != std::string::npos);
    CHECK(bus_bandwidth_caption(0).find("k = ") == std::string::npos);
}

TEST_CASE("the lab's families include the multi-GPU all-reduce", "[lab]") {
    bool listed = false;
    for (LabLines l : kAllLabLines) listed |= l == LabLines::MultiGpu;
    CHECK(listed);
    CHECK(std::string(lab_lines_name(LabLines::MultiGpu)) == "multi-GPU all-reduce");
    for (LabLines l : kAllLabLines) CHECK(parse_lab_lines(lab_lines_word(l)) == l);
    CHECK(parse_lab_lines("multi-gpu") == LabLines::MultiGpu);
    CHECK_FALSE(parse_lab_lines("everything"));
    CHECK(lab_lines_words() == "reductions, scans, memory, all or multi-gpu");
    // No single-GPU series belongs to it, not even the ceilings.
    for (const char* algo : {"reduce-sequential", "copy", "cub-reduce", "scan-sklansky"})
        CHECK_FALSE(shows_series(LabLines::MultiGpu, algo));
    CHECK(shows_series(LabLines::All, "copy"));
    // The session's lab data carries the multi-GPU folder.
    const LabData data = load_lab_data(WS_SOURCE_DIR);
    CHECK(data.multi_gpu.files.size() == 3);
    CHECK(data.multi_gpu.problems.empty());
}

TEST_CASE("the y axis leaves the legend's pixels above the peak line", "[lab]") {
    CHECK(plot_y_max(477, 0, 800) == Approx(477 * 1.08));  // legend beside: 8% above
    // 200 of 800 pixels kept clear: the peak line at 3/4 of the frame's height.
    const double y = plot_y_max(477, 200, 800);
    CHECK(y == Approx(636));
    CHECK((1 - 477 / y) * 800 == Approx(200));
    CHECK(plot_y_max(477, 20, 800) == Approx(477 * 1.08));   // a small legend: 8% is room enough
    CHECK(plot_y_max(477, 500, 800) == Approx(477 * 1.08));  // more than half: not squashed
    CHECK(plot_y_max(477, 100, 0) == Approx(477 * 1.08));
}
