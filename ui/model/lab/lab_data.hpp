// Recorded GPU measurements (assets/measurements/*.json, the schema of
// kernels/run/measurements.hpp) and Harris's G80 table, as plain data for the bandwidth lab.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/run/measurements.hpp"
#include "ui/model/lab/multi_gpu_lab.hpp"

namespace ws::ui {

using run::MeasuredPoint;

// One file's measurements, and where they came from.
struct MeasurementFile : run::Measurements {
    std::string path;  // the file, or "this session" for a live sweep
    std::string text;  // the JSON it was read from (kept for a sweep's result, to save it)
};

// One line of the plot: the points of one algo and type, by n.
struct Series {
    std::string algo, type;
    bool baseline = false;  // copy, read-only, cub-*, thrust-*, plain-*
    std::vector<MeasuredPoint> points;
};

struct HarrisRow {
    int kernel = 0;
    std::string name;
    double time_ms = 0, gbps = 0, step_speedup = 0, cumulative_speedup = 0;  // 0: none
};

struct HarrisTable {
    std::string caption;  // the '#' comment line of the file
    std::vector<HarrisRow> rows;
};

struct LabData {
    std::vector<MeasurementFile> files;
    std::vector<std::string> problems;  // one line per file that could not be read
    HarrisTable harris;
    std::string harris_path;
    MultiGpuLab multi_gpu;  // assets/measurements/multi-gpu: the multi-GPU family's own files
};

// The file the lab shows for `algo`: `current` if it measures algo, else the first file that
// does (the top rungs are measured in files of their own), of inclusive scans if one does, else
// `current`. With a `type` ("int"), a file that measures algo in that type comes first (the
// variants' files are one a type).
std::size_t file_measuring(const LabData& lab, const std::string& algo, std::size_t current,
                           const std::string& type = "");

// Every *.json in `dir`, sorted by name; unreadable files go to `problems`.
// The *.json files directly in `dir`, sorted by name; none when it is not a folder.
std::vector<std::string> json_files(const std::string& dir);
void load_measurements(const std::string& dir, LabData& out);
// Parses the CSV (kernel,name,time_ms,bandwidth_gbps,step_speedup,cumulative_speedup).
std::string parse_harris(const std::string& text, HarrisTable& out);

// A baseline drawn as one (dashed, its look's colour): not the GPU-only rungs, which are ours.
bool is_baseline(const std::string& algo);
// One of our kernels that only the GPU runs (compact-pipeline): no catalog entry, so never the
// chosen line; the lab says at its largest n how it stands against its library, as for the chosen
// one.
bool is_gpu_only(const std::string& algo);
// The series of a file for one element type, reductions and baselines, sorted by algo then n.
std::vector<Series> series_of(const MeasurementFile& f, const std::string& type);

// Which lines the lab draws: one family with its ceilings and library (the plot is unreadable
// with all of them), or everything; or, on a plot of its own (bus bandwidth of its own files),
// the all-reduce across GPUs.
enum class LabLines { Reductions, Scans, Memory, All, MultiGpu };
inline constexpr LabLines kAllLabLines[] = {LabLines::Reductions, LabLines::Scans, LabLines::Memory,
                                            LabLines::All, LabLines::MultiGpu};
// A series' name: the point's algorithm, and for copy-strided at a stride other than 1 the
// stride ("copy-strided stride 8"): one line a stride, so the lab shows bandwidth against the
// stride as a fan of lines. series_algo gives the algorithm back.
std::string series_name(const MeasuredPoint& p);
std::string series_algo(const std::string& series);
const char* lab_lines_name(LabLines l);
// The word `--lab-family` takes for it ("reductions", "scans", "memory", "all", "multi-gpu"),
// and back; lab_lines_words() lists them for the flag's help and error.
const char* lab_lines_word(LabLines l);
std::optional<LabLines> parse_lab_lines(const std::string& word);
std::string lab_lines_words();
// The family of `algo` (a catalog id; anything else counts as a reduction).
LabLines lab_lines_for(const std::string& algo);
// Whether a series belongs to those lines: its variants, copy and read-only, and the family's
// library (cub-reduce, thrust-reduce, plain-* / cub-scan).
bool shows_series(LabLines lines, const std::string& algo);
// How the lab draws each series it shows: variants solid, each in its own of the theme's ten
// series colours (past ten, the same colours with the next marker shape); baselines dashed, in
// the colours the theme gives each (copy, read-only, CUB, Thrust, plain); the chosen algorithm
// thicker, on top and marked in the legend.
struct SeriesLook {
    unsigned colour = 0;  // variants: index into the theme's series colours
    bool dashed = false;
    int marker = 0;  // 0 circle, 1 square, 2 triangle, 3 diamond
    bool chosen = false;
};
std::vector<SeriesLook> series_looks(const std::vector<Series>& shown, const std::string& chosen);

// What a series' GB/s counts, per element of its input, from its largest measured point:
// "2n" for a copy (read and written), "4n" for scan-then-fan, "n" for a reduction (its later
// passes add a few partial sums); "" when the file records no bytes.
std::string bytes_counted(const Series& s, std::size_t element_size);

// How a size reads: "2^28", "1000".
std::string size_name(std::uint64_t n);

// The library a series is measured against (kernels/baselines.hpp: cub-reduce for reductions,
// cub-scan for scans, the GPU-only rungs' compared_with; "" for the other baselines).
std::string library_of(const std::string& algo);

// The baselines the lab leaves out until the user ticks them (kernels/baselines.hpp: shown).
std::vector<std::string> hidden_baselines();
// Its time over the library's at the same n and type in the file: "0.90x CUB" means the
// library takes 0.90 of this one's time (it is 1.11 times faster); "" when either is missing.
std::string versus_library(const MeasurementFile& f, const MeasuredPoint& p);

// How the lab names a measurement file: "NVIDIA H100 80GB HBM3, 2026-11-22T21:30:28Z", and
// ", exclusive scans" after it when its scans (CUB's too) are exclusive.
std::string file_label(const MeasurementFile& f);

// "assets/measurements/NVIDIA_H100_80GB_HBM3-2026-01-02.json" under `root`: a file name from
// the device and the date (and "-exclusive" for exclusive scans) with anything but letters,
// digits, '-' and '.' made '_'.
std::string measurement_path(const std::string& root, const MeasurementFile& f);
// Our variant that matches Harris's kernel k (1..7), or "".
const char* harris_variant(int kernel);

// Everything the lab shows: measurements from `<root>/assets/measurements`, and the G80 table
// from `<root>/assets/reference/harris-g80.csv` (nothing outside the repository is read).
LabData load_lab_data(const std::string& root);

}  // namespace ws::ui
