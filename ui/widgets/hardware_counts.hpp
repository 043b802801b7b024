// One line under a panel: the GPU's own counts of this block's whole launch beside ours, for the
// metrics the panel is about ("on NVIDIA H100 80GB HBM3 (2026-11-25) the hardware counted: load
// conflicts 70 ✓ ..."), or why there are none. Nothing when there is nothing to say.
#pragma once
#include <string>
#include <vector>

namespace ws::ui {

struct HardwareView;

void draw_hardware_counts(const HardwareView& hw, const std::vector<const char*>& metrics);

// The same as words to put at the end of a panel's own line ("H100 counted (2026-11-25): ld
// conflicts 70 ✓, st conflicts 35 ✓"); "" when there are none. `agree`: all equal ours.
std::string hardware_counts_text(const HardwareView& hw, const std::vector<const char*>& metrics,
                                 bool& agree);

}  // namespace ws::ui
