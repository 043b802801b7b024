// The bandwidth lab's flags: its family, element type, page and recording, and its live sweep.
#pragma once
#include <optional>
#include <string>

#include "ui/flags/flag_row.hpp"
#include "ui/model/lab/lab_data.hpp"

namespace ws::ui {

struct LabArgs {
    std::optional<LabLines> lab_lines;    // the lab's family (--lab-family)
    std::optional<std::string> lab_type;  // the lab's element type (--lab-type)
    bool lab_fits = false;  // the multi-GPU family's second page: the fits, NCCL's choices
    std::optional<std::string> lab_file;  // the recording the lab shows (--lab-file NAME)
    bool sweep = false;                   // open the lab with its live sweep on the GPU started
    // Pictures of a sweep: taken once this fraction is measured (unset: when it ends).
    std::optional<double> sweep_until;
};

const FlagTable<LabArgs>& lab_flags();

}  // namespace ws::ui
