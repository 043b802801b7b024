// The bandwidth lab's multi-GPU family (issue 20) as plain data: the files of
// assets/measurements/multi-gpu (`warpscope bench --multi-gpu --json`, the schema of
// kernels/multi/multi_gpu_bench.hpp) and, for one element type, a line per algorithm of bus
// bandwidth against n, the title, the caption and NVLink's peak a direction.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/multi/latency_bandwidth.hpp"
#include "kernels/multi/multi_gpu_bench.hpp"

namespace ws::ui {

using multi::MultiGpuPoint;

// One file's measurements, and where they came from.
struct MultiGpuFile : multi::MultiGpuMeasurements {
    std::string path;
};

struct MultiGpuLab {
    std::vector<MultiGpuFile> files;
    std::vector<std::string> problems;  // one line per file that could not be read
};

// Every *.json in `dir`, sorted by name; an unreadable or bad file is one line in `problems`
// ("name.json: why"), and the others still load.
void load_multi_gpu(const std::string& dir, MultiGpuLab& out);

// NVLink's bandwidth a direction between two GPUs of `device` (its name as CUDA gives it), from
// a small table; nullopt for a device not in it.
std::optional<double> nvlink_peak_gbps(const std::string& device);

// One line of the plot: the ok points of one algorithm and type, by n.
struct MultiGpuSeries {
    std::string algo;      // multi::kNcclAllReduce, ...
    std::string label;     // the legend's words: "hand-written ring"
    unsigned colour = 0;   // index into the theme's series colours
    bool library = false;  // NCCL's: dashed, as the lab draws its libraries
    bool lesson = false;   // the hand ring: thicker, drawn last
    bool quiet = false;    // reduce-scatter and all-gather: thin, no markers
    std::vector<MultiGpuPoint> points;
};

struct MultiGpuPlot {
    std::string type;
    std::string title;  // "2 x NVIDIA H200, NCCL 2.28.3, 2026-11-26"; "" without a file
    unsigned gpus = 0;
    // The all-reduces first (NCCL, the hand ring, naive), then reduce-scatter and all-gather,
    // then any other algorithm a file names.
    std::vector<MultiGpuSeries> series;
    double peak_gbps = 0;               // NVLink a direction; 0: no line
    std::string peak_label;             // "NVLink peak 477 GB/s a direction"
    std::string note;                   // why there is no peak line (or no series)
    std::vector<std::string> problems;  // a wrong point is listed here, not drawn
    // Each all-reduce plan's alpha + n beta per step (kernels/multi/latency_bandwidth.hpp), in the
    // series' order, and in measured terms why the hand ring loses at small sizes and more GPUs.
    std::vector<multi::LatencyBandwidthFit> fits;
    std::string fits_text;  // one line: each fit's alpha, step bandwidth and worst error
    std::string why_nccl_wins;
    // NCCL's all-reduce forced to one algorithm and protocol (NCCL_ALGO, NCCL_PROTO), beside its
    // own choice at the same sizes: the file's points with an nccl_choice.
    std::vector<MultiGpuPoint> nccl_choices;
};

// The GPU count the explanation predicts for beyond the measured one.
inline constexpr unsigned kPredictedGpus = 4;

// why_nccl_wins's first sentence, the measured one ("Measured on 2 GPUs: ... on."): the line
// under the plot and in the ring view; the lab's second page has the rest.
std::string measured_summary(const MultiGpuPlot& plot);

// The bus bandwidth a fit gives at n (for drawing it beside the points).
double fitted_busbw_gbps(const multi::LatencyBandwidthFit& f, std::uint64_t n);

// NCCL's forced choices beside its own, a row a size: "2^12", NCCL's own time, then for each
// choice (in the order the file first names them) its time and its speed as a share of NCCL's
// own ("26.2 µs (1.02×)"; "—" where that size was not timed), the fastest marked.
struct NcclChoiceCell {
    std::string choice;  // "Ring/LL"
    std::string text;    // "26.2 µs (1.02×)"
    bool fastest = false;
};
struct NcclChoiceRow {
    std::string size;  // "2^12"
    std::string own;   // NCCL's own choice's time, or "—"
    std::vector<NcclChoiceCell> cells;
};
std::vector<NcclChoiceRow> nccl_choice_rows(const MultiGpuPlot& plot);

// The types some file measures, in the order int, float, double.
std::vector<std::string> multi_gpu_types(const MultiGpuLab& lab);

// The plot of `type` from the first file (by name) that measures it.
MultiGpuPlot multi_gpu_plot(const MultiGpuLab& lab, const std::string& type = "float");
// The plot of one file (the peak from its devices).
MultiGpuPlot multi_gpu_plot(const MultiGpuFile& file, const std::string& type = "float");

// The bus bandwidth a series reached at `n`, if it has that point.
std::optional<double> busbw_at(const MultiGpuPlot& plot, const std::string& algo, std::uint64_t n);

// The top of the plot's y axis for lines up to `top` (the peak line or the highest point): 8%
// above it, and high enough that `top` stays below the first `reserved` pixels of a frame
// `frame` pixels tall, where the legend sits (when the legend would need most of it, 8%).
double plot_y_max(double top, float reserved, float frame);

// The plot's caption: what bus bandwidth is (nccl-tests' definition) for `gpus` GPUs.
std::string bus_bandwidth_caption(unsigned gpus);

}  // namespace ws::ui
