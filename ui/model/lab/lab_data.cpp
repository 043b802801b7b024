// Reading recorded measurements and the G80 reference table.
#include "ui/model/lab/lab_data.hpp"

#include "ui/model/trace/hardware_view.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "kernels/baselines.hpp"
#include "kernels/catalog.hpp"
#include "kernels/io/data_file.hpp"

namespace ws::ui {
namespace {

std::vector<std::string> split_csv(const std::string& line) {
    std::vector<std::string> out;
    std::string cell;
    std::istringstream in(line);
    while (std::getline(in, cell, ',')) out.push_back(cell);
    if (!line.empty() && line.back() == ',') out.emplace_back();
    return out;
}

double number_or_zero(const std::string& s) {
    try {
        return s.empty() ? 0.0 : std::stod(s);
    } catch (...) {
        return 0.0;
    }
}

}  // namespace

std::vector<std::string> json_files(const std::string& dir) {
    return io::data_files(dir, ".json");
}

void load_measurements(const std::string& dir, LabData& out) {
    namespace fs = std::filesystem;
    for (const std::string& path : json_files(dir)) {
        // The GPU's counts beside them are the hardware view's, not a bench's points.
        if (fs::path(path).filename().string().rfind(kHardwareCountsPrefix, 0) == 0) continue;
        std::string error;
        const std::string text = io::read_data_file(path, io::DataKind::Measurements, error);
        if (!error.empty()) {  // already names the file
            out.problems.push_back(error);
            continue;
        }
        MeasurementFile f;
        f.path = path;
        error = run::parse_measurements(text, f);
        if (error.empty())
            out.files.push_back(std::move(f));
        else
            out.problems.push_back(fs::path(path).filename().string() + ": " + error);
    }
}

std::string parse_harris(const std::string& text, HarrisTable& out) {
    std::istringstream in(text);
    std::string line;
    bool header = false;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (line[0] == '#') {
            out.caption = line.substr(line.find_first_not_of("# "));
            continue;
        }
        if (!header) {
            header = true;
            continue;
        }
        std::vector<std::string> cells = split_csv(line);
        if (cells.size() < 6) return "a row with fewer than 6 columns: " + line;
        HarrisRow r;
        r.kernel = static_cast<int>(number_or_zero(cells[0]));
        r.name = cells[1];
        r.time_ms = number_or_zero(cells[2]);
        r.gbps = number_or_zero(cells[3]);
        r.step_speedup = number_or_zero(cells[4]);
        r.cumulative_speedup = number_or_zero(cells[5]);
        out.rows.push_back(std::move(r));
    }
    return out.rows.empty() ? "no rows" : "";
}

bool is_gpu_only(const std::string& algo) {
    const Baseline* b = find_baseline(algo);
    return b && b->kind == BaselineKind::GpuOnly;
}

bool is_baseline(const std::string& algo) {
    const Baseline* b = find_baseline(algo);
    return b && b->kind != BaselineKind::GpuOnly;  // the GPU-only rungs are ours
}

namespace {
bool is_ceiling(const std::string& algo) {
    const Baseline* b = find_baseline(algo);
    return b && b->kind == BaselineKind::Ceiling;
}
}  // namespace

namespace {
// Each family's name in the lab's picker and its word on the command line.
struct LabLinesNames {
    LabLines lines;
    const char* name;
    const char* word;
};
constexpr LabLinesNames kLabLinesNames[] = {
    {LabLines::Reductions, "reductions", "reductions"},
    {LabLines::Scans, "scans", "scans"},
    {LabLines::Memory, "memory", "memory"},
    {LabLines::All, "all lines", "all"},
    {LabLines::MultiGpu, "multi-GPU all-reduce", "multi-gpu"},
};
const LabLinesNames& names_of(LabLines l) {
    for (const LabLinesNames& n : kLabLinesNames)
        if (n.lines == l) return n;
    return kLabLinesNames[3];
}
}  // namespace

const char* lab_lines_name(LabLines l) {
    return names_of(l).name;
}

const char* lab_lines_word(LabLines l) {
    return names_of(l).word;
}

std::optional<LabLines> parse_lab_lines(const std::string& word) {
    for (const LabLinesNames& n : kLabLinesNames)
        if (word == n.word) return n.lines;
    return std::nullopt;
}

std::string lab_lines_words() {
    std::string out;
    const std::size_t count = sizeof kLabLinesNames / sizeof kLabLinesNames[0];
    for (std::size_t i = 0; i < count; ++i)
        out += std::string(i == 0 ? "" : i + 1 == count ? " or " : ", ") + kLabLinesNames[i].word;
    return out;
}

namespace {
LabLines lines_of(Family f) {
    switch (f) {
        case Family::Reduce:
            return LabLines::Reductions;
        case Family::Scan:
            return LabLines::Scans;
        case Family::Memory:
            return LabLines::Memory;
    }
    return LabLines::Reductions;
}
constexpr const char* kStrideWord = " stride ";
}  // namespace

std::string series_name(const MeasuredPoint& p) {
    return p.stride == 1 ? p.algo : p.algo + kStrideWord + std::to_string(p.stride);
}

std::string series_algo(const std::string& series) {
    return series.substr(0, series.find(kStrideWord));
}

LabLines lab_lines_for(const std::string& algo) {
    const VariantInfo* v = find_variant(algo);
    return v ? lines_of(v->family) : LabLines::Reductions;
}

bool shows_series(LabLines lines, const std::string& series) {
    const std::string algo = series_algo(series);
    if (lines == LabLines::MultiGpu) return false;  // a plot of its own files
    if (lines == LabLines::All || is_ceiling(algo)) return true;
    // Our variants by the catalog's family, the baselines by theirs.
    const VariantInfo* v = find_variant(algo);
    const Baseline* b = find_baseline(algo);
    const Family family = v ? v->family : b && b->family ? *b->family : Family::Reduce;
    return lines_of(family) == lines;
}

std::vector<Series> series_of(const MeasurementFile& f, const std::string& type) {
    // Points of `type`; a ceiling (copy, read-only) recorded for another type only is still
    // shown, from the first type it was recorded for: it bounds every variant alike in GB/s.
    std::vector<Series> out;
    auto series = [&](const MeasuredPoint& p) -> Series& {
        const std::string name = series_name(p);
        auto it =
            std::find_if(out.begin(), out.end(), [&](const Series& s) { return s.algo == name; });
        if (it == out.end())
            it = out.insert(out.end(), Series{name, p.type, is_baseline(p.algo), {}});
        return *it;
    };
    for (const MeasuredPoint& p : f.points)
        if (p.type == type) series(p).points.push_back(p);
    for (const MeasuredPoint& p : f.points) {
        if (!is_ceiling(p.algo) || p.type == type) continue;
        Series& s = series(p);
        if (s.type == p.type) s.points.push_back(p);
    }
    for (Series& s : out)
        std::sort(s.points.begin(), s.points.end(),
                  [](const MeasuredPoint& a, const MeasuredPoint& b) { return a.n < b.n; });
    // Variants in ladder order (the catalog's), then the baselines by name.
    auto rank = [](const Series& s) {
        const auto& c = catalog();
        for (std::size_t i = 0; i < c.size(); ++i)
            if (series_algo(s.algo) == c[i].id) return i;
        return c.size();
    };
    // copy-strided's lines by their stride: 1 (the plain name), 2, 4, ... 32
    auto stride = [](const Series& s) {
        const std::size_t at = s.algo.find(kStrideWord);
        return at == std::string::npos ? 1ul
                                       : std::stoul(s.algo.substr(at + std::strlen(kStrideWord)));
    };
    std::stable_sort(out.begin(), out.end(), [&](const Series& a, const Series& b) {
        if (a.baseline != b.baseline) return b.baseline;
        const std::size_t ra = rank(a), rb = rank(b);
        if (ra != rb) return ra < rb;
        const unsigned long sa = stride(a), sb = stride(b);
        return sa != sb ? sa < sb : a.algo < b.algo;
    });
    return out;
}

std::vector<SeriesLook> series_looks(const std::vector<Series>& shown, const std::string& chosen) {
    std::vector<SeriesLook> out;
    unsigned variants = 0, baselines = 0;
    std::vector<const Baseline*> drawn;  // the baselines so far: one look, one colour
    for (const Series& s : shown) {
        unsigned& k = s.baseline ? baselines : variants;
        SeriesLook look;
        look.colour = k % 10;
        look.marker = static_cast<int>(k / 10 % 4);
        if (s.baseline) {  // baselines of one look (cub-scan, cub-select-if) differ by marker
            const Baseline* b = find_baseline(series_algo(s.algo));
            look.marker =
                int(std::count_if(drawn.begin(), drawn.end(),
                                  [&](const Baseline* d) { return d && b && d->look == b->look; }) %
                    4);
            drawn.push_back(b);
        }
        look.dashed = s.baseline;
        look.chosen = s.algo == chosen;
        out.push_back(look);
        ++k;
    }
    return out;
}

std::string bytes_counted(const Series& s, std::size_t element_size) {
    const MeasuredPoint* last = nullptr;
    for (const MeasuredPoint& p : s.points)
        if (p.bytes && (!last || p.n > last->n)) last = &p;
    if (!last || !last->n || !element_size) return "";
    const double per = double(last->bytes) / (double(last->n) * double(element_size));
    char buf[32];
    if (std::fabs(per - std::round(per)) < 0.02)
        std::snprintf(buf, sizeof buf, "%.0fn", std::round(per));
    else
        std::snprintf(buf, sizeof buf, "%.2fn", per);
    return std::string(buf) == "1n" ? "n" : buf;
}

std::string size_name(std::uint64_t n) {
    if (n && (n & (n - 1)) == 0) {
        int k = 0;
        while ((std::uint64_t(1) << k) < n) ++k;
        return "2^" + std::to_string(k);
    }
    return std::to_string(n);
}

std::string library_of(const std::string& algo) {
    if (const VariantInfo* v = find_variant(algo)) return reference_for(*v).name;
    const Baseline* b = find_baseline(algo);
    return b && b->compared_with ? b->compared_with : "";
}

std::vector<std::string> hidden_baselines() {
    std::vector<std::string> out;
    for (const Baseline& b : baselines())
        if (!b.shown) out.push_back(b.name);
    return out;
}

namespace {
// "CUB", "Thrust", or for a ceiling (the memory family's copy) its name: what the ms is of.
const char* library_word(const std::string& baseline) {
    const Baseline* b = find_baseline(baseline);
    if (!b) return "";
    switch (b->look) {
        case BaselineLook::Cub:
            return "CUB";
        case BaselineLook::Thrust:
            return "Thrust";
        default:
            return b->name;
    }
}
}  // namespace

std::string versus_library(const MeasurementFile& f, const MeasuredPoint& p) {
    const std::string lib = library_of(p.algo);
    if (lib.empty() || p.ms <= 0) return "";
    for (const MeasuredPoint& q : f.points)
        if (q.algo == lib && q.stride == 1 && q.type == p.type && q.n == p.n && q.ms > 0) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "%.2fx the speed of %s (%s %.4g ms)", q.ms / p.ms,
                          lib.c_str(), library_word(lib), q.ms);
            return buf;
        }
    return "";
}

std::size_t file_measuring(const LabData& lab, const std::string& algo, std::size_t current,
                           const std::string& type) {
    auto measures = [&](std::size_t i, bool typed) {
        const auto& points = lab.files[i].points;
        return std::any_of(points.begin(), points.end(), [&](const MeasuredPoint& p) {
            return p.algo == algo && (!typed || p.type == type);
        });
    };
    for (bool typed : {true, false}) {
        if (typed && type.empty()) continue;
        if (current < lab.files.size() && measures(current, typed)) return current;
        for (bool inclusive : {true, false})  // the default kind's runs first
            for (std::size_t i = 0; i < lab.files.size(); ++i)
                if (measures(i, typed) &&
                    (lab.files[i].scan_kind == trace::ScanKind::Inclusive) == inclusive)
                    return i;
    }
    return current;
}

std::string file_label(const MeasurementFile& f) {
    const bool exclusive = f.scan_kind == trace::ScanKind::Exclusive;
    return f.device + ", " + f.date + (exclusive ? ", exclusive scans" : "");
}

std::string measurement_path(const std::string& root, const MeasurementFile& f) {
    std::string name = f.device + "-" + f.date.substr(0, 10);
    if (f.scan_kind == trace::ScanKind::Exclusive) name += "-exclusive";
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') c = '_';
    return root + "/assets/measurements/" + name + ".json";
}

const char* harris_variant(int kernel) {
    static const char* const kIds[] = {"reduce-interleaved-divergent",
                                       "reduce-interleaved-strided",
                                       "reduce-sequential",
                                       "reduce-first-add",
                                       "reduce-unroll-last-warp",
                                       "reduce-complete-unroll",
                                       "reduce-multi-element"};
    return kernel >= 1 && kernel <= 7 ? kIds[kernel - 1] : "";
}

LabData load_lab_data(const std::string& root) {
    LabData out;
    load_measurements(root + "/assets/measurements", out);
    load_multi_gpu(root + "/assets/measurements/multi-gpu", out.multi_gpu);
    for (const std::string& path : {root + "/assets/reference/harris-g80.csv"}) {
        std::string unread;
        const std::string text = io::read_data_file(path, io::DataKind::Reference, unread);
        if (!unread.empty()) {
            if (std::filesystem::exists(path)) out.problems.push_back(unread);
            continue;
        }
        HarrisTable t;
        if (std::string error = parse_harris(text, t); !error.empty()) {
            out.problems.push_back(path + ": " + error);
            continue;
        }
        out.harris = std::move(t);
        out.harris_path = path;
        break;
    }
    return out;
}

}  // namespace ws::ui
