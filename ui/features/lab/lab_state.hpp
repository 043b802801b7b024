// The bandwidth lab's state for the panels: the recorded measurements (read once by the
// feature), the family and type it plots, the lines left out, the file on show, and the live
// sweep on a GPU (progress, cancel, its result). Written by LabFeature only: the lab panel posts
// what its pickers choose (family, type, file, lines, the sweep's range).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ui/model/lab/lab_data.hpp"

namespace ws::ui {

struct SweepStatus {
    bool running = false;
    double fraction = 0;
    std::string line;   // the last point measured
    std::string error;  // why the last sweep stopped early ("cancelled", a CUDA error)
};

struct LabState {
    const LabData* data = nullptr;
    std::string type = "int";
    // The lab's lines: a family (none chosen: the chosen algorithm's), less the ones left out
    // (the user ticks them back).
    std::optional<LabLines> lines;
    std::vector<std::string> hidden = hidden_baselines();
    std::size_t file = 0;
    bool multi_gpu_fits = false;  // the multi-GPU family's page: the plot (false) or the fits
    std::string file_chosen_for;  // the algorithm the lab last picked a file for
    // Live sweeps (only with a GPU backend that times).
    bool sweep_available = false;
    SweepStatus sweep;
    int sweep_from = 10, sweep_to = 26;  // log2 of the smallest and largest n
    std::string sweep_message;           // where the last sweep was saved, or why not
};

}  // namespace ws::ui
