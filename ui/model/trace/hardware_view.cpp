#include "ui/model/trace/hardware_view.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "kernels/io/data_file.hpp"
#include "kernels/run/request_parse.hpp"
#include "ui/model/trace/provenance.hpp"

namespace ws::ui {
namespace {

bool same_request(const trace::Request& a, const trace::Request& b) {
    return a.algo == b.algo && a.n == b.n && a.block == b.block && a.type == b.type &&
           a.pattern == b.pattern && a.seed == b.seed && a.kind == b.kind && a.stride == b.stride;
}

}  // namespace

std::string parse_hardware_file(const std::string& text, std::vector<RecordedHardware>& out) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("runs") || !j["runs"].is_array())
        return "not a hardware-counts file (no \"runs\")";
    const std::string device = j.value("device", ""), date = j.value("date", "");
    for (const auto& r : j["runs"]) {
        if (!r.is_object() || !r.contains("request") || !r["request"].is_string() ||
            !r.contains("counts") || !r["counts"].is_object())
            return "a run without a request or counts";
        // The request as the command line gives it: parsed by the one parser.
        run::RequestText text;
        std::string why;
        if (!run::request_text_from_flags(r["request"].get<std::string>(), text, why))
            return "a run's request: " + why;
        const run::ParsedRequest p = run::parse_request(text, {run::kMaxElementsGpu});
        if (!p.ok()) return "a run's request: " + p.error;
        RecordedHardware h;
        h.request = p.request;
        h.device = device;
        h.date = date;
        for (const auto& [metric, value] : r["counts"].items())
            if (value.is_number()) h.counts.push_back({metric, value.get<double>()});
        out.push_back(std::move(h));
    }
    return "";
}

HardwareLibrary load_hardware_library(const std::string& root) {
    HardwareLibrary lib;
    // In name order, so that where two GPUs recorded the same request the panels show the same
    // one every time (the H100's before the H200's).
    for (const std::string& file :
         io::data_files(root + "/assets/measurements", ".json", kHardwareCountsPrefix)) {
        std::string error;
        const std::string text = io::read_data_file(file, io::DataKind::HardwareCounts, error);
        if (!error.empty()) {  // already names the file
            lib.problems.push_back(error);
            continue;
        }
        if (std::string why = parse_hardware_file(text, lib.runs); !why.empty())
            lib.problems.push_back(std::filesystem::path(file).filename().string() + ": " + why);
    }
    return lib;
}

const HardwareLine* HardwareView::find(const std::string& metric) const {
    for (const HardwareLine& l : lines)
        if (metric == l.metric->metric) return &l;
    return nullptr;
}

HardwareView hardware_view(const trace::Trace& t, const HardwareLibrary& library) {
    HardwareView v;
    std::vector<GpuCounts> gpus;
    if (!t.hardware.empty()) {
        v.live = true;
        gpus.push_back(
            {short_device(t.device), "now", short_device(t.device) + " counted now", t.hardware});
    } else if (!t.hardware_error.empty()) {
        v.why_none = "the GPU's counters could not be read: " + t.hardware_error;
        return v;
    } else {
        for (const RecordedHardware& r : library.runs)
            if (same_request(r.request, t.request))
                gpus.push_back({short_device(r.device), r.date,
                                short_device(r.device) + " counted (" + r.date + ")", r.counts});
        if (gpus.empty()) return v;  // nothing recorded for this request: nothing to say
    }
    v.source = gpus.front().source;
    if (std::string why = run::hardware_refusal(t); !why.empty()) {
        v.why_none = "the GPU's counts: " + why;
        return v;
    }
    v.gpus = std::move(gpus);
    const std::vector<trace::HardwareCount>& counts = v.gpus.front().counts;
    for (const run::HardwareRow& r : run::hardware_rows(t, counts))
        if (r.counted) v.lines.push_back({r.metric, r.ours, *r.counted});
    const run::DivergenceComparison d = run::divergence_comparison(t, counts);
    if (d.branch_targets) v.divergence = v.source + ", " + run::divergence_text(d);
    return v;
}

}  // namespace ws::ui
