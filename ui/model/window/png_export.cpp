// Picture export: names, paths, crops.
#include "ui/model/window/png_export.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace ws::ui {

std::string default_png_name(const TraceView& v, std::size_t step, std::optional<PanelId> panel) {
    std::string name = v.trace ? v.trace->request.algo : "warpscope";
    if (step < v.steps.size()) {
        const StepView& s = v.steps[step];
        name += "-step-" + std::to_string(s.id.phase) + "-" + std::to_string(s.id.substep);
        if (s.micro) name += "." + std::to_string(s.micro);
    }
    if (panel) name += std::string("-") + panel_name(*panel);
    return name + ".png";
}

std::string export_path(const std::string& folder, const std::string& name,
                        const std::string& extension, std::string* error) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const std::string dir = folder.empty() ? "." : folder;
    if (!fs::exists(dir, ec)) {
        *error = "cannot export to " + dir + ": no such folder";
        return "";
    }
    if (!fs::is_directory(dir, ec)) {
        *error = "cannot export to " + dir + ": it is not a folder";
        return "";
    }
    if (name.empty() || name.find('/') != std::string::npos) {
        *error = "give the picture a file name without '/' (the folder is chosen apart)";
        return "";
    }
    std::string file = name;
    if (file.size() < extension.size() ||
        file.compare(file.size() - extension.size(), extension.size(), extension) != 0)
        file += extension;
    error->clear();
    return (fs::path(dir) / file).string();
}

std::vector<std::uint8_t> crop_rgba(const std::vector<std::uint8_t>& rgba, int width, int height,
                                    const Rect& r, float scale, int* out_w, int* out_h) {
    const int x0 = std::clamp(int(std::lround(r.x * scale)), 0, width);
    const int y0 = std::clamp(int(std::lround(r.y * scale)), 0, height);
    const int x1 = std::clamp(int(std::lround(r.right() * scale)), x0, width);
    const int y1 = std::clamp(int(std::lround(r.bottom() * scale)), y0, height);
    *out_w = x1 - x0;
    *out_h = y1 - y0;
    std::vector<std::uint8_t> out(std::size_t(*out_w) * std::size_t(*out_h) * 4);
    for (int y = y0; y < y1; ++y)
        std::copy_n(&rgba[(std::size_t(y) * std::size_t(width) + std::size_t(x0)) * 4],
                    std::size_t(*out_w) * 4, &out[std::size_t(y - y0) * std::size_t(*out_w) * 4]);
    return out;
}

}  // namespace ws::ui
