// Provenance and result wording.
#include "ui/model/trace/provenance.hpp"

#include <filesystem>

#include "kernels/trace/modelled_gpu.hpp"

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
    return "emulated on the CPU as " + std::string(trace::kModelledGpu) + ", " +
           t.request.schedule + " schedule";
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

}  // namespace ws::ui
