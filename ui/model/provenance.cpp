// Provenance and result wording.
#include "ui/model/provenance.hpp"

#include <cstdio>
#include <filesystem>

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

std::string result_line(const trace::Trace& t) {
    std::string out = "result " + t.result.to_string() + ", expected " + t.expected.to_string();
    if (t.result.type != trace::DType::Int32 && t.tolerance > 0) {
        char buf[48];
        std::snprintf(buf, sizeof buf, " (within %.2g)", t.tolerance);
        out += buf;
    }
    return out + (t.ok ? ": ok" : ": WRONG");
}

}  // namespace ws::ui
