// The runs feature's flags: the request (the commands' one table, kernels/run/request_parse.hpp,
// as rows), the compare side, the side-by-side networks, the backend and the memory limit.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/run/request_parse.hpp"
#include "ui/flags/flag_row.hpp"
#include "ui/model/window/request_form.hpp"

namespace ws::ui {

struct RunsArgs {
    run::RequestText request = form_text(RequestForm{});  // as typed, over the form's defaults
    std::vector<std::string> request_flags;  // the request's flags given, in table order
    RequestForm form;                        // the request checked (when request_given)
    bool request_given = false;  // some request flag was given (overrides saved settings)
    std::optional<std::string> compare;
    bool side_by_side = false;  // the circuit view's Kogge-Stone | Brent-Kung | Sklansky
    // --backend: cuda runs the request, a student's kernel and the lab's sweep on the GPU (true),
    // cpu on the emulator (false); unset: as last time (the saved settings).
    std::optional<bool> gpu;
    std::uint64_t max_memory = 0;  // --max-memory in bytes; 0: the memory free
};

const FlagTable<RunsArgs>& runs_flags();

}  // namespace ws::ui
