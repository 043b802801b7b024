// The bandwidth lab's parts shared by its two plots: the family picker (lab.cpp) and the
// multi-GPU family's plot (lab_multi_gpu.cpp), which has files, axes and lines of its own.
#pragma once
#include "ui/model/lab/lab_data.hpp"
#include "ui/ui_state.hpp"

namespace ws::ui {

// The combo box of kAllLabLines (`lines`: the family on show); choosing one posts
// act::SetLabFamily.
void lab_family_picker(PanelContext& ctx, LabLines lines);
// Its width: the longest family's name and the arrow.
float lab_family_width();

// Bus bandwidth against n for NCCL's all-reduce, the hand ring and the naive all-reduce (and
// NCCL's reduce-scatter and all-gather, quieter), with NVLink's peak a direction, in the lab's
// type; with its row of pickers above and the caption and problems below.
void draw_lab_multi_gpu(const MultiGpuLab& lab, PanelContext& ctx);

}  // namespace ws::ui
