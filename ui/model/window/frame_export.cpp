// Step ranges and the names of their pictures.
#include "ui/model/window/frame_export.hpp"

namespace ws::ui {

std::optional<StepRange> step_range(std::optional<long> from, std::optional<long> to,
                                    std::size_t steps, std::string& error) {
    if (steps == 0) {
        error = "this run has no steps to export";
        return std::nullopt;
    }
    const std::size_t last = steps - 1;
    StepRange r{0, last};
    if (from) {
        if (*from < 0 || std::size_t(*from) > last) {
            error = "--from " + std::to_string(*from) + ": this run has " + std::to_string(steps) +
                    " steps (0.." + std::to_string(last) + ")";
            return std::nullopt;
        }
        r.from = std::size_t(*from);
    }
    if (to && *to != -1) {
        if (*to < 0 || std::size_t(*to) > last) {
            error = "--to " + std::to_string(*to) + ": this run has " + std::to_string(steps) +
                    " steps (0.." + std::to_string(last) + ")";
            return std::nullopt;
        }
        r.to = std::size_t(*to);
    }
    if (r.to < r.from) {
        error = "--from " + std::to_string(r.from) + " --to " + std::to_string(r.to) +
                ": the range ends before it starts";
        return std::nullopt;
    }
    error.clear();
    return r;
}

std::string default_frames_name(const TraceView& v, StepRange r, std::optional<PanelId> panel,
                                FramesKind kind) {
    std::string name = v.trace ? v.trace->request.algo : "warpscope";
    if (kind == FramesKind::Gif)
        name += "-steps-" + std::to_string(r.from) + "-" + std::to_string(r.to);
    if (panel) name += std::string("-") + panel_name(*panel);
    return name;
}

std::string numbered_png_name(const std::string& base, std::size_t step, StepRange r) {
    const std::size_t digits = std::to_string(r.to).size();
    std::string number = std::to_string(step);
    if (number.size() < digits) number.insert(0, digits - number.size(), '0');
    return base + "-step-" + number + ".png";
}

}  // namespace ws::ui
