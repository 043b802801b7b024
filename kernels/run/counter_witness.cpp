#include "kernels/run/counter_witness.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "kernels/run/hardware_compare.hpp"

namespace ws::run {

const std::vector<std::string>& witness_metrics() {
    static const std::vector<std::string> m = {metric::kLdConflicts, metric::kStConflicts,
                                               metric::kLds, metric::kSts};
    return m;
}

bool witnessed_field(const std::string& field) {
    return field == "bank_conflicts" || field == "bank_conflicts_ld" ||
           field == "bank_conflicts_st";
}

ConflictWitness witness_conflicts(const trace::Counters& recorded,
                                  const std::vector<trace::HardwareCount>& gpu,
                                  const std::string& gpu_error) {
    ConflictWitness w;
    double values[4] = {0, 0, 0, 0};
    bool found[4] = {false, false, false, false};
    for (const trace::HardwareCount& h : gpu)
        for (std::size_t i = 0; i < 4; ++i)
            if (h.metric == witness_metrics()[i] && std::isfinite(h.value) && h.value >= 0) {
                values[i] = h.value;
                found[i] = true;
            }
    if (!(found[0] && found[1] && found[2] && found[3])) {
        w.why = gpu_error.empty() ? "the GPU's counters did not come back"
                : gpu_error.find("MULTIPLE_SUBSCRIBERS") != std::string::npos
                    ? std::string(kNoWitnessBesideSanitizer) + " (" + gpu_error + ")"
                    : gpu_error;
        return w;
    }
    w.counted = true;
    w.gpu = values[0] + values[1];
    const double ours = double(recorded.bank_conflicts_ld + recorded.bank_conflicts_st);
    const double allowed = std::floor(kWitnessExcess * (values[2] + values[3]));
    w.agrees = w.gpu <= ours + allowed;
    if (!w.agrees) {
        char b[300];
        std::snprintf(b, sizeof b,
                      "the recorder counted %.0f bank conflicts where the GPU's own counters count "
                      "%.0f (at most %.0f more would be other warps' traffic): the recording was "
                      "changed",
                      ours, w.gpu, allowed);
        w.why = b;
    }
    return w;
}

std::string encode_witness(const std::vector<trace::HardwareCount>& gpu, const std::string& error) {
    std::ostringstream out;
    if (!error.empty()) out << "error: " << error << "\n";
    for (const trace::HardwareCount& h : gpu) {
        char b[64];
        std::snprintf(b, sizeof b, " %.17g\n", h.value);
        out << h.metric << b;
    }
    return out.str();
}

void decode_witness(const std::string& text, std::vector<trace::HardwareCount>& gpu,
                    std::string& error) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("error: ", 0) == 0) {
            if (error.empty()) error = line.substr(7);
            continue;
        }
        const std::size_t space = line.find(' ');
        if (space == std::string::npos || space == 0) continue;
        char* end = nullptr;
        const std::string number = line.substr(space + 1);
        const double v = std::strtod(number.c_str(), &end);
        if (end == number.c_str() || *end != '\0') continue;
        gpu.push_back({line.substr(0, space), v});
    }
}

}  // namespace ws::run
