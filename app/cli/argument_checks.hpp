// Checks of the command line that CLI11 does not make: a number written in digits only (CLI11
// reads "-5" into an unsigned as 2^64 - 5), and an argument that starts with one "-" but is no
// option of its command (CLI11 would take "-dash.cu" apart as short flags and drop it).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

namespace ws::cli {

// A validator: the value is 0, 1, 2, ... in digits; else "--flag VALUE: not WHAT".
CLI::Validator digits_only(const std::string& what);

// "" or the one line for the first argument of the command that starts with a single "-" and is
// not one of its options (before any "--"): how to give a file whose name starts with "-".
std::string dash_named_file(CLI::App& app, int argc, char** argv);

}  // namespace ws::cli
