// Reading the multi-GPU measurements and making the lab's bus-bandwidth lines from them.
#include "ui/model/lab/multi_gpu_lab.hpp"

#include "ui/model/lab/lab_data.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "kernels/io/data_file.hpp"

namespace ws::ui {
namespace {

// NVLink between two GPUs of one host, a direction. Source: README "Above the grid: the
// all-reduce across GPUs" (the H200s of assets/measurements/multi-gpu, NV18 in `nvidia-smi topo
// -m`, recorded by tests/device/multi_gpu.sh): NVLink 4, 18 links, 477 GB/s a direction on H100
// and H200 SXM. Names as CUDA gives them; PCIe and NVL boards (bridges) are left out.
struct LinkPeak {
    const char* device;
    double gbps;
};
constexpr LinkPeak kNvlinkPeaks[] = {
    {"NVIDIA H100 80GB HBM3", 477.0},
    {"NVIDIA H200", 477.0},
};

// The algorithms the lab knows, in the legend's order, and how it draws them.
struct AlgoLook {
    const char* algo;
    const char* label;
    bool library, lesson, quiet;
};
const AlgoLook kLooks[] = {
    {multi::kNcclAllReduce, "NCCL all-reduce", true, false, false},
    {multi::kHandRing, "hand-written ring", false, true, false},
    {multi::kHandNaive, "naive, through GPU 0", false, false, false},
    {multi::kNcclReduceScatter, "NCCL reduce-scatter", true, false, true},
    {multi::kNcclAllGather, "NCCL all-gather", true, false, true},
};
constexpr std::size_t kKnown = sizeof kLooks / sizeof kLooks[0];

std::size_t rank_of(const std::string& algo) {
    for (std::size_t i = 0; i < kKnown; ++i)
        if (algo == kLooks[i].algo) return i;
    return kKnown;
}

std::string gbps_text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f GB/s", v);
    return buf;
}

// "2 × NVIDIA H200", or the names joined with " + " when they differ.
std::string devices_text(const std::vector<std::string>& devices) {
    if (devices.empty()) return "no devices named";
    const bool same = std::all_of(devices.begin(), devices.end(),
                                  [&](const std::string& d) { return d == devices[0]; });
    if (same) return std::to_string(devices.size()) + " \xc3\x97 " + devices[0];
    std::string out;
    for (const std::string& d : devices) out += (out.empty() ? "" : " + ") + d;
    return out;
}

std::string ms_text(double ms) {
    char b[32];
    std::snprintf(b, sizeof b, ms < 0.1 ? "%.1f \xc2\xb5s" : "%.3g ms", ms < 0.1 ? ms * 1e3 : ms);
    return b;
}

std::string ratio_text(double r) {
    char b[32];
    std::snprintf(b, sizeof b, "%.2f\xc3\x97", r);
    return b;
}

// The fits of the all-reduce plans drawn (their points as measured), a line of their terms, and
// the explanation of the ring against NCCL.
void add_fits(const MultiGpuFile& f, MultiGpuPlot& out) {
    std::string text;
    for (const MultiGpuSeries& s : out.series) {
        const auto fit = multi::fit_latency_bandwidth(f.points, s.algo, out.type, out.gpus);
        if (!fit) continue;
        out.fits.push_back(*fit);
        char b[160];
        std::snprintf(b, sizeof b,
                      "%s %.1f \xc2\xb5s + a step's bytes at %.0f GB/s (within %.0f%%)",
                      s.label.c_str(), fit->alpha_us, fit->step_gbps(), fit->worst_error * 100);
        text += (text.empty() ? "" : "; ") + std::string(b);
    }
    if (!text.empty())
        out.fits_text =
            "Each plan fitted as steps \xc3\x97 (\xce\xb1 + a step's bytes \xc3\x97 "
            "\xce\xb2), dotted on the plot: " +
            text + ".";
    std::optional<multi::LatencyBandwidthFit> ring, nccl;
    for (const multi::LatencyBandwidthFit& fit : out.fits) {
        if (fit.algo == multi::kHandRing) ring = fit;
        if (fit.algo == multi::kNcclAllReduce) nccl = fit;
    }
    out.why_nccl_wins =
        multi::ring_against_nccl(f.points, ring, nccl, std::max(kPredictedGpus, out.gpus + 1));
}

}  // namespace

void load_multi_gpu(const std::string& dir, MultiGpuLab& out) {
    namespace fs = std::filesystem;
    for (const std::string& path : json_files(dir)) {
        std::string error;
        const std::string text = io::read_data_file(path, io::DataKind::Measurements, error);
        if (!error.empty()) {  // already names the file
            out.problems.push_back(error);
            continue;
        }
        MultiGpuFile f;
        f.path = path;
        error = multi::parse_multi_gpu(text, f);
        if (error.empty())
            out.files.push_back(std::move(f));
        else
            out.problems.push_back(fs::path(path).filename().string() + ": " + error);
    }
}

std::optional<double> nvlink_peak_gbps(const std::string& device) {
    for (const LinkPeak& p : kNvlinkPeaks)
        if (device == p.device) return p.gbps;
    return std::nullopt;
}

std::vector<std::string> multi_gpu_types(const MultiGpuLab& lab) {
    std::vector<std::string> out;
    for (const char* t : {"int", "float", "double"})
        for (const MultiGpuFile& f : lab.files)
            if (std::any_of(f.points.begin(), f.points.end(),
                            [&](const MultiGpuPoint& p) { return p.type == t; })) {
                out.push_back(t);
                break;
            }
    return out;
}

MultiGpuPlot multi_gpu_plot(const MultiGpuLab& lab, const std::string& type) {
    for (const MultiGpuFile& f : lab.files)
        for (const MultiGpuPoint& p : f.points)
            if (p.type == type) return multi_gpu_plot(f, type);
    MultiGpuPlot out;
    out.type = type;
    out.note = "No multi-GPU measurements of " + type +
               " (assets/measurements/multi-gpu, `warpscope bench --multi-gpu --json FILE`).";
    return out;
}

MultiGpuPlot multi_gpu_plot(const MultiGpuFile& f, const std::string& type) {
    MultiGpuPlot out;
    out.type = type;
    out.title = devices_text(f.devices) +
                (f.nccl_version.empty() ? "" : ", NCCL " + f.nccl_version) +
                (f.date.empty() ? "" : ", " + f.date.substr(0, 10));
    const std::string file = std::filesystem::path(f.path).filename().string();
    if (!f.error.empty()) out.problems.push_back(file + ": stopped early: " + f.error);
    for (const MultiGpuPoint& p : f.points) {
        if (p.type != type) continue;
        if (!p.nccl_choice.empty()) {  // NCCL forced: a table of its own, not a line
            if (p.ok && p.algo == multi::kNcclAllReduce) out.nccl_choices.push_back(p);
            continue;
        }
        out.gpus = std::max(out.gpus, p.gpus);
        if (!p.ok) {  // listed, never drawn: a wrong result's time means nothing
            out.problems.push_back(file + ": " + p.algo + " " + p.type +
                                   " n=" + std::to_string(p.n) + " gave a wrong result" +
                                   (p.why.empty() ? "" : " (" + p.why + ")") + "; not drawn");
            continue;
        }
        auto it = std::find_if(out.series.begin(), out.series.end(),
                               [&](const MultiGpuSeries& s) { return s.algo == p.algo; });
        if (it == out.series.end()) {
            MultiGpuSeries s;
            s.algo = s.label = p.algo;
            const std::size_t r = rank_of(p.algo);
            if (r < kKnown) {
                s.label = kLooks[r].label;
                s.library = kLooks[r].library;
                s.lesson = kLooks[r].lesson;
                s.quiet = kLooks[r].quiet;
            }
            it = out.series.insert(out.series.end(), std::move(s));
        }
        it->points.push_back(p);
    }
    std::stable_sort(out.series.begin(), out.series.end(),
                     [](const MultiGpuSeries& a, const MultiGpuSeries& b) {
                         return rank_of(a.algo) < rank_of(b.algo);
                     });
    for (std::size_t i = 0; i < out.series.size(); ++i) {
        MultiGpuSeries& s = out.series[i];
        s.colour = unsigned(i % 10);
        std::stable_sort(s.points.begin(), s.points.end(),
                         [](const MultiGpuPoint& a, const MultiGpuPoint& b) { return a.n < b.n; });
    }
    // The peak: every GPU's link known, the slowest of them.
    double peak = 0;
    for (const std::string& d : f.devices) {
        const std::optional<double> g = nvlink_peak_gbps(d);
        if (!g) {
            out.note = "No NVLink peak known for " + d + ", so no peak line.";
            peak = 0;
            break;
        }
        peak = peak > 0 ? std::min(peak, *g) : *g;
    }
    if (f.devices.empty()) out.note = "The file names no devices, so no peak line.";
    if (peak > 0) {
        out.peak_gbps = peak;
        out.peak_label = "NVLink peak " + gbps_text(peak) + " a direction";
    }
    if (out.series.empty() && out.note.empty()) out.note = "No correct points of " + type + ".";
    add_fits(f, out);
    return out;
}

std::string measured_summary(const MultiGpuPlot& plot) {
    const std::size_t end = plot.why_nccl_wins.find(". ");
    return end == std::string::npos ? plot.why_nccl_wins : plot.why_nccl_wins.substr(0, end + 1);
}

double fitted_busbw_gbps(const multi::LatencyBandwidthFit& f, std::uint64_t n) {
    const double ms = multi::fitted_ms(f, n, f.gpus);
    if (!(ms > 0)) return 0;
    const double bytes = double(n) * f.element_bytes;
    return multi::bus_bandwidth(multi::Collective::AllReduce, f.gpus, std::uint64_t(bytes),
                                ms * 1e-3) /
           1e9;
}

std::vector<NcclChoiceRow> nccl_choice_rows(const MultiGpuPlot& plot) {
    std::vector<std::uint64_t> sizes;
    std::vector<std::string> choices;
    for (const MultiGpuPoint& p : plot.nccl_choices) {
        if (std::find(sizes.begin(), sizes.end(), p.n) == sizes.end()) sizes.push_back(p.n);
        if (std::find(choices.begin(), choices.end(), p.nccl_choice) == choices.end())
            choices.push_back(p.nccl_choice);
    }
    std::sort(sizes.begin(), sizes.end());
    const std::string none = "\xe2\x80\x94";
    std::vector<NcclChoiceRow> out;
    for (std::uint64_t n : sizes) {
        NcclChoiceRow row;
        row.size = size_name(n);
        std::optional<double> own;
        for (const MultiGpuSeries& s : plot.series)
            if (s.algo == multi::kNcclAllReduce)
                for (const MultiGpuPoint& p : s.points)
                    if (p.n == n) own = p.ms;
        row.own = own ? ms_text(*own) : none;
        const MultiGpuPoint* best = nullptr;
        for (const std::string& c : choices) {
            NcclChoiceCell cell;
            cell.choice = c;
            cell.text = none;
            for (const MultiGpuPoint& p : plot.nccl_choices)
                if (p.n == n && p.nccl_choice == c) {
                    cell.text = ms_text(p.ms) +
                                (own && p.ms > 0 ? " (" + ratio_text(*own / p.ms) + ")" : "");
                    if (!best || p.ms < best->ms) best = &p;
                }
            row.cells.push_back(cell);
        }
        for (NcclChoiceCell& cell : row.cells)
            cell.fastest = best && cell.choice == best->nccl_choice;
        out.push_back(std::move(row));
    }
    return out;
}

std::optional<double> busbw_at(const MultiGpuPlot& plot, const std::string& algo, std::uint64_t n) {
    for (const MultiGpuSeries& s : plot.series)
        if (s.algo == algo)
            for (const MultiGpuPoint& p : s.points)
                if (p.n == n) return p.busbw_gbps;
    return std::nullopt;
}

double plot_y_max(double top, float reserved, float frame) {
    const double above = top * 1.08;
    if (!(frame > 0) || !(reserved > 0) || reserved > frame * 0.5f) return above;
    return std::max(above, top / (1.0 - double(reserved) / double(frame)));
}

std::string bus_bandwidth_caption(unsigned gpus) {
    std::string out =
        "Bus bandwidth (nccl-tests' definition) = algorithm bandwidth (one GPU's array in bytes "
        "\xc3\xb7 the time) \xc3\x97 2(k \xe2\x88\x92 1)/k for an all-reduce of k GPUs, "
        "\xc3\x97 (k \xe2\x88\x92 1)/k for reduce-scatter and all-gather: the figure to set "
        "beside one link's speed.";
    if (gpus >= 2)
        out += " Here k = " + std::to_string(gpus) +
               (gpus == 2 ? ": an all-reduce's bus and algorithm bandwidths are equal." : ".");
    return out;
}

}  // namespace ws::ui
