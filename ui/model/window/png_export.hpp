// Exporting a picture of the window or of one panel: the file name it suggests (from the
// algorithm, the step and the panel), where it goes (a folder and a name the user may change),
// and the crop of the window's pixels that holds the panel. Plain data.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ui/layout.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

// "reduce-sequential-step-3-0-banks.png"; "...-step-1-0.4-shared.png" for an access-step;
// no panel: the whole window ("reduce-sequential-step-3-0.png").
std::string default_png_name(const TraceView& v, std::size_t step, std::optional<PanelId> panel);

// folder/name with `extension` (".png", ".gif") added where missing; a one-line error where the
// folder does not exist or is not a folder, or the name holds a '/' ("" otherwise).
std::string export_path(const std::string& folder, const std::string& name,
                        const std::string& extension, std::string* error);
inline std::string png_path(const std::string& folder, const std::string& name,
                            std::string* error) {
    return export_path(folder, name, ".png", error);
}

// The part of a window picture (RGBA, `width` x `height` pixels, top row first) inside `r`
// (window coordinates times `scale`, the framebuffer's pixels per window unit).
std::vector<std::uint8_t> crop_rgba(const std::vector<std::uint8_t>& rgba, int width, int height,
                                    const Rect& r, float scale, int* out_w, int* out_h);

}  // namespace ws::ui
