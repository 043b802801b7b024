// Provenance and result wording.
#include "ui/model/provenance.hpp"

#include <cstdio>
#include <filesystem>

#include "kernels/catalog.hpp"
#include "kernels/run/input_data.hpp"

namespace ws::ui {

std::string provenance(const trace::Trace& t, const std::string& replayed_from) {
    const bool gpu = t.backend != "emulator";
    const std::string where =
        gpu ? t.device : "the CPU emulator (" + t.request.schedule + " schedule)";
    if (!replayed_from.empty()) {
        const std::string date = t.recorded_at.substr(0, 10);
        return "recorded on " + where + (date.empty() ? "" : ", " + date) + " (replayed from " +
               std::filesystem::path(replayed_from).filename().string() + ")";
    }
    if (gpu) return "measured now on " + t.device;
    return "emulated on the CPU (" + t.request.schedule + " schedule)";
}

std::string short_device(const std::string& device) {
    const std::string d = device.rfind("NVIDIA ", 0) == 0 ? device.substr(7) : device;
    return d.substr(0, d.find(' '));
}

std::string provenance_badge(const trace::Trace& t, const std::string& replayed_from) {
    const bool gpu = t.backend != "emulator";
    if (!gpu) return "emulated";
    if (replayed_from.empty()) return short_device(t.device) + " now";
    return short_device(t.device) + " " + t.recorded_at.substr(0, 10);
}

namespace {
std::string short_text(double v, trace::DType type) {
    char buf[48];
    if (type == trace::DType::Int32 && v == double(static_cast<long long>(v)))
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    else
        std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}
}  // namespace

std::string result_line(const trace::Trace& t) {
    if (!t.results.empty()) {
        std::string out;
        for (const trace::ResultValue& r : t.results)
            out += (out.empty() ? "" : ", ") + r.name + " " +
                   short_text(r.result.as_double(), r.result.type);
        return out + (t.ok ? ": ok" : ": WRONG");
    }
    const VariantInfo* v = find_variant(t.request.algo);
    if (v && v->scan_op == ScanOp::CompactPositive)
        return "kept " + t.result.to_string() + " of " + std::to_string(t.request.n) +
               ", expected " + t.expected.to_string() + (t.ok ? ": ok" : ": WRONG");
    const std::string label =
        v && v->family == Family::Memory ? run::array_result_label(*v) : "result";
    std::string out = label + " " + t.result.to_string() + ", expected " + t.expected.to_string();
    if (t.result.type != trace::DType::Int32 && t.tolerance > 0) {
        char buf[48];
        std::snprintf(buf, sizeof buf, " (within %.2g)", t.tolerance);
        out += buf;
    }
    return out + (t.ok ? ": ok" : ": WRONG");
}

std::string average_line(const trace::Trace& t) {
    for (const trace::ResultValue& r : t.results) {
        if (r.exact != r.exact) continue;
        const std::string got = short_text(r.result.as_double(), r.result.type);
        const std::string mean = short_text(r.exact, trace::DType::Float64);
        const std::string how = "sum / n = " + short_text(t.result.as_double(), t.result.type) +
                                " / " + std::to_string(t.request.n);
        const auto power_of_two = [](std::uint64_t x) { return x != 0 && (x & (x - 1)) == 0; };
        if (got == mean && power_of_two(t.request.n) && power_of_two(t.request.block))
            return r.name + " " + got + " is the true average (" + how +
                   "): every pair the tree averaged counted the same number of elements";
        if (got == mean)
            return r.name + " " + got + " equals the true average (" + how +
                   ") only because these values are evenly spread: the halves counted "
                   "different numbers of elements; try random data";
        return r.name + " " + got + " is the wiki's average of averages, wrong where the halves " +
               "count different numbers of elements; the true average, " + how + ", is " + mean;
    }
    return "";
}

}  // namespace ws::ui
