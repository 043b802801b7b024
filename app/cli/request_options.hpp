// The options that describe one run (--algo, --n, --block, ...), shared by trace and stats.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "kernels/trace/trace.hpp"

namespace ws::cli {

struct RequestOptions {
    std::string algo, n, block = "256", type = "int", pattern = "ramp", seed = "1", blocks = "0",
                         schedule = "lockstep", backend, kind = "inclusive";

    void add_to(CLI::App& command, bool algo_required);
    // Checks every field; throws UsageError with a one-line message.
    trace::Request to_request() const;
};

}  // namespace ws::cli
