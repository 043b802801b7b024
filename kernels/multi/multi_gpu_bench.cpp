// The plain side of the multi-GPU bench (multi_gpu_bench.hpp): the registry, JSON and lines.
#include "kernels/multi/multi_gpu_bench.hpp"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace ws::multi {
namespace {
MultiGpuBench g_bench = nullptr;
}  // namespace

void register_multi_gpu_bench(MultiGpuBench bench) {
    g_bench = bench;
}
MultiGpuBench multi_gpu_bench() {
    return g_bench;
}

std::string nccl_choice_from_environment() {
    const char* algo = std::getenv("NCCL_ALGO");
    const char* proto = std::getenv("NCCL_PROTO");
    auto given = [](const char* v) { return v && *v; };
    if (!given(algo) && !given(proto)) return "";
    return std::string(given(algo) ? algo : "default") + "/" + (given(proto) ? proto : "default");
}

Collective collective_of(const std::string& algo) {
    if (algo == kNcclReduceScatter) return Collective::ReduceScatter;
    if (algo == kNcclAllGather) return Collective::AllGather;
    return Collective::AllReduce;
}

std::string multi_gpu_json(const MultiGpuMeasurements& m) {
    nlohmann::ordered_json j;
    j["devices"] = m.devices;
    j["date"] = m.date;
    j["nccl_version"] = m.nccl_version;
    j["peer_access"] = m.peer_access;
    j["driver_version"] = m.driver_version;
    j["runtime_version"] = m.runtime_version;
    j["timing"] = m.timing;
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const MultiGpuPoint& p : m.points) {
        nlohmann::ordered_json q = {{"algo", p.algo},
                                    {"type", p.type},
                                    {"n", p.n},
                                    {"gpus", p.gpus},
                                    {"ms", p.ms},
                                    {"ms_min", p.ms_min},
                                    {"ms_max", p.ms_max},
                                    {"reps", p.reps},
                                    {"algbw_gbps", p.algbw_gbps},
                                    {"busbw_gbps", p.busbw_gbps},
                                    {"ok", p.ok}};
        if (!p.why.empty()) q["why"] = p.why;
        if (!p.step_ms.empty()) q["step_ms"] = p.step_ms;
        if (!p.nccl_choice.empty()) q["nccl_choice"] = p.nccl_choice;
        points.push_back(q);
    }
    j["points"] = points;
    if (!m.error.empty()) j["error"] = m.error;
    return j.dump(2) + "\n";
}

std::string parse_multi_gpu(const std::string& text, MultiGpuMeasurements& out) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return "not a JSON object";
    try {
        MultiGpuMeasurements m;
        m.devices = j.at("devices").get<std::vector<std::string>>();
        m.date = j.value("date", "");
        m.nccl_version = j.value("nccl_version", "");
        m.peer_access = j.value("peer_access", "");
        m.driver_version = j.value("driver_version", 0);
        m.runtime_version = j.value("runtime_version", 0);
        m.timing = j.value("timing", "");
        m.error = j.value("error", "");
        for (const nlohmann::json& q : j.at("points")) {
            MultiGpuPoint p;
            p.algo = q.at("algo").get<std::string>();
            p.type = q.at("type").get<std::string>();
            p.n = q.at("n").get<std::uint64_t>();
            p.gpus = q.at("gpus").get<unsigned>();
            p.ms = q.at("ms").get<double>();
            p.ms_min = q.value("ms_min", 0.0);
            p.ms_max = q.value("ms_max", 0.0);
            p.reps = q.value("reps", 0u);
            p.algbw_gbps = q.at("algbw_gbps").get<double>();
            p.busbw_gbps = q.at("busbw_gbps").get<double>();
            p.ok = q.at("ok").get<bool>();
            p.why = q.value("why", "");
            if (q.contains("step_ms")) p.step_ms = q.at("step_ms").get<std::vector<double>>();
            p.nccl_choice = q.value("nccl_choice", "");
            if (p.gpus < kMinRingGpus || p.gpus > kMaxRingGpus || p.ms < 0)
                return "a point of " + p.algo + " has " + std::to_string(p.gpus) +
                       " GPUs or a negative time";
            m.points.push_back(std::move(p));
        }
        out = std::move(m);
    } catch (const nlohmann::json::exception& e) {
        return std::string("a field is missing or of the wrong kind: ") + e.what();
    }
    return "";
}

std::string multi_gpu_line(const MultiGpuPoint& p) {
    char b[320];
    std::snprintf(b, sizeof b,
                  "%-20s %-6s n=%-10llu %u GPUs %9.4f ms  algbw %7.1f GB/s  busbw %7.1f GB/s  %s%s",
                  p.algo.c_str(), p.type.c_str(), (unsigned long long)p.n, p.gpus, p.ms,
                  p.algbw_gbps, p.busbw_gbps, p.ok ? "ok" : ("WRONG: " + p.why).c_str(),
                  p.nccl_choice.empty() ? "" : ("  NCCL " + p.nccl_choice).c_str());
    return b;
}

}  // namespace ws::multi
