// The bandwidth lab's multi-GPU family (issue 20) as plain data: the files of
// assets/measurements/multi-gpu (`warpscope bench --multi-gpu --json`, the schema of
// kernels/multi/multi_gpu_bench.hpp) and, for one element type, a line per algorithm of bus
// bandwidth against n, the title, the caption and NVLink's peak a direction.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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
};

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
