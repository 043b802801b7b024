// The options that describe one run (--algo, --n, --block, ...), shared by trace and stats: the
// request's fields from kernels/run/request_parse.hpp (the window's flags use the same table),
// and the command line's --backend.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "kernels/run/request_parse.hpp"

namespace ws::cli {

struct RequestOptions {
    run::RequestText text;
    std::string backend;

    void add_to(CLI::App& command, bool algo_required);
    // Checks every field; throws UsageError with the parser's one line.
    trace::Request to_request() const;
};

}  // namespace ws::cli
