// The options that describe one run (--algo, --n, --block, ...), shared by trace and stats: the
// request's fields from kernels/run/request_parse.hpp (the window's flags use the same table),
// and the command line's --backend.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "kernels/run/backend.hpp"
#include "kernels/run/request_parse.hpp"

namespace ws::cli {

struct RequestOptions {
    run::RequestText text;
    std::string backend;
    std::string max_memory;  // --max-memory as typed

    void add_to(CLI::App& command, bool algo_required);
    // Chooses the backend, then checks every field against it and the request's memory against
    // the limit; throws UsageError with the parser's (or the backend choice's, or the memory
    // check's) one line.
    struct Resolved {
        trace::Request request;
        run::BackendChoice backend;
    };
    Resolved resolve() const;
};

}  // namespace ws::cli
