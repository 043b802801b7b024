// The controls' request as the user edits it, and the check that turns it into a
// trace::Request or one line saying what is wrong: the one request parser of
// kernels/run/request_parse.hpp, which the commands and the window's flags use too. Pure; no
// ImGui.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/run/request_parse.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::ui {

struct RequestForm {
    std::string algo = "reduce-sequential";
    std::string n = "64";  // as typed: 1000, 2^20, 2^20+3
    std::uint32_t block = 32;
    trace::DType type = trace::DType::Int32;
    std::string pattern = "ramp";
    std::uint64_t seed = 1;
    std::string schedule = "lockstep";  // lockstep | sequential | random:SEED | converged
    std::uint32_t traced_block = 0;
    trace::ScanKind kind = trace::ScanKind::Inclusive;  // scans only
    std::uint32_t stride = 1;                           // copy-strided only
    bool gpu = false;  // run on the GPU backend (only offered when one is registered)
    friend bool operator==(const RequestForm& a, const RequestForm& b);
    friend bool operator!=(const RequestForm& a, const RequestForm& b) { return !(a == b); }
};

// error, request, and grid (blocks of the first pass, for the traced-block control).
using FormCheck = run::ParsedRequest;
FormCheck check_form(const RequestForm& form);

run::RequestText form_text(const RequestForm& form);
// The form for an existing request (a loaded trace).
RequestForm form_of(const trace::Request& r);
// On switching the form to the variant `f.algo`: n moves to the next count it takes (aos-vs-soa:
// whole structs of 3) and a block below its lesson's block up to it (the strided index: bank
// conflicts from 64 threads). What moved, in a line for the note under the result ("" : none).
std::string adopt_variant_rules(RequestForm& f);
// The block the window opens variant `v` at when no --block names one: the form's default
// (RequestForm::block) raised to where its lesson shows, or the one size it takes.
unsigned window_opening_block(const VariantInfo& v);
// The window's --block default in words, from the catalog: "default 32
// (reduce-interleaved-strided: 64, where its lesson shows), or the one size allowed".
std::string window_block_default();

}  // namespace ws::ui
