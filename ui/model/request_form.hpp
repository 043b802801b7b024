// The controls' request as the user edits it, and the check that turns it into a
// trace::Request or one line saying what is wrong (the same rules as the command line's
// app/cli/request_options.cpp, without CLI11: counts are read by kernels/run/request_text.hpp
// and sizes and kinds checked by the catalog, as there). Pure; no ImGui.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/trace/trace.hpp"

namespace ws::ui {

struct RequestForm {
    std::string algo = "reduce-sequential";
    std::string n = "64";  // as typed: 1000, 2^20, 2^20+3
    std::uint32_t block = 32;
    trace::DType type = trace::DType::Int32;
    std::string pattern = "ramp";
    std::uint64_t seed = 1;
    std::string schedule = "lockstep";  // lockstep | sequential | random:SEED
    std::uint32_t traced_block = 0;
    trace::ScanKind kind = trace::ScanKind::Inclusive;  // scans only
    bool gpu = false;  // run on the GPU backend (only offered when one is registered)
    friend bool operator==(const RequestForm& a, const RequestForm& b);
    friend bool operator!=(const RequestForm& a, const RequestForm& b) { return !(a == b); }
};

struct FormCheck {
    std::string error;  // empty when the form makes a valid request
    trace::Request request;
    std::uint32_t grid = 0;  // blocks of the first pass (for the traced-block control)
    bool ok() const { return error.empty(); }
};
FormCheck check_form(const RequestForm& form);

// The form for an existing request (a loaded trace), and a request's command line.
RequestForm form_of(const trace::Request& r);
std::string command_line(const trace::Request& r);

}  // namespace ws::ui
