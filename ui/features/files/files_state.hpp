// Files and export: the trace file to open or save, what the last file operation said, the
// picture to export (the window or one panel, folder and name), a step range as GIF or PNGs, and
// the last link copied. Written by FilesFeature (the controls post their fields' edits) and the
// window's export (the renderer's: a PNG's or a step range's progress and message).
#pragma once
#include <optional>
#include <string>

#include "ui/layout.hpp"
#include "ui/model/window/frame_export.hpp"

namespace ws::ui {

struct FilesState {
    std::string path = "warpscope-trace.wstrace";
    std::string message;
    // Export PNG: the whole window or one panel, into a folder, under a name (empty: the one
    // default_png_name suggests for the algorithm, step and panel).
    std::optional<PanelId> export_panel;
    std::string export_folder = ".";
    std::string export_name;
    FramesExport frames;      // a step range as an animated GIF or numbered PNGs
    std::string link_copied;  // "Copy link": what was put on the clipboard
};

}  // namespace ws::ui
