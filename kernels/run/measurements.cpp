// Writing and reading measurement files (the schema is in measurements.hpp).
#include "kernels/run/measurements.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace ws::run {

MeasuredPoint median_round(std::vector<MeasuredPoint> rounds) {
    std::sort(rounds.begin(), rounds.end(),
              [](const MeasuredPoint& a, const MeasuredPoint& b) { return a.ms < b.ms; });
    MeasuredPoint p = rounds[(rounds.size() - 1) / 2];
    p.reps = 0;
    for (const MeasuredPoint& r : rounds) {
        p.reps += r.reps;
        p.ms_min = std::min(p.ms_min, r.ms_min);
        p.ms_max = std::max(p.ms_max, r.ms_max);
        p.ok = p.ok && r.ok;
    }
    return p;
}

std::string measurements_json(const Measurements& m) {
    nlohmann::ordered_json j;
    j["device"] = m.device;
    j["date"] = m.date;
    j["driver_version"] = m.driver_version;
    j["runtime_version"] = m.runtime_version;
    j["sm_count"] = m.sm_count;
    j["l2_bytes"] = m.l2_bytes;
    j["peak_gbps"] = m.peak_gbps;
    if (m.block) j["block"] = m.block;
    j["scan_kind"] = trace::scan_kind_name(m.scan_kind);
    if (!m.timing.empty()) j["timing"] = m.timing;
    auto& pts = j["points"] = nlohmann::ordered_json::array();
    for (const auto& p : m.points) {
        pts.push_back({{"algo", p.algo},
                       {"type", p.type},
                       {"n", p.n},
                       {"bytes", p.bytes},
                       {"ms", p.ms},
                       {"ms_min", p.ms_min},
                       {"ms_max", p.ms_max},
                       {"gbps", p.gbps},
                       {"reps", p.reps},
                       {"l2_resident", p.l2_resident},
                       {"ok", p.ok}});
        if (p.stride != 1) pts.back()["stride"] = p.stride;
    }
    if (!m.skipped.empty()) j["skipped"] = m.skipped;
    if (!m.error.empty()) j["error"] = m.error;
    return j.dump(1);
}

std::string parse_measurements(const std::string& text, Measurements& out) {
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return "not a JSON object";
    try {
        out.device = j.value("device", std::string("unknown device"));
        out.date = j.value("date", std::string("undated"));
        out.sm_count = j.value("sm_count", 0);
        out.l2_bytes = j.value("l2_bytes", std::uint64_t(0));
        out.peak_gbps = j.value("peak_gbps", 0.0);
        out.driver_version = j.value("driver_version", 0);
        out.runtime_version = j.value("runtime_version", 0);
        out.block = j.value("block", 0u);
        const std::string kind = j.value("scan_kind", std::string("inclusive"));
        const auto scan_kind = trace::parse_scan_kind(kind);
        if (!scan_kind) return "scan_kind \"" + kind + "\" is not inclusive or exclusive";
        out.scan_kind = *scan_kind;
        out.timing = j.value("timing", std::string());
        out.error = j.value("error", std::string());
        out.skipped = j.value("skipped", std::vector<std::string>());
        if (!j.contains("points") || !j["points"].is_array()) return "no \"points\" array";
        for (const auto& p : j["points"]) {
            MeasuredPoint m;
            m.algo = p.at("algo").get<std::string>();
            m.type = p.value("type", std::string("int"));
            m.n = p.at("n").get<std::uint64_t>();
            m.stride = p.value("stride", 1u);
            if (m.stride == 0) return "a point with stride 0";
            m.bytes = p.value("bytes", std::uint64_t(0));
            m.ms = p.value("ms", 0.0);
            m.ms_min = p.value("ms_min", 0.0);
            m.ms_max = p.value("ms_max", 0.0);
            m.gbps = p.at("gbps").get<double>();
            m.reps = p.value("reps", 0u);
            m.l2_resident = p.value("l2_resident", false);
            m.ok = p.value("ok", true);
            if (m.n == 0) return "a point with n = 0";
            out.points.push_back(std::move(m));
        }
    } catch (const std::exception& e) {
        return std::string("bad field: ") + e.what();
    }
    return "";
}

}  // namespace ws::run
