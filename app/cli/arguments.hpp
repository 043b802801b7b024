// The command line's argument helpers: the request text parsers (shared with the window) and the
// error type for bad input.
#pragma once
#include <string>
#include <vector>

#include "kernels/catalog.hpp"

#include "kernels/run/request_text.hpp"

namespace ws::cli {

using run::BlockList;
using run::parse_block_list;
using run::parse_count;

// The error type the command handlers throw for bad input (exit code 2).
struct UsageError {
    std::string message;
};

// "all" (every algorithm in catalog order), one id, or ids separated by commas (in that order,
// each once: "scan-decoupled-lookback,scan-decoupled-lookback-vector", to compare them in one
// run); throws UsageError for an unknown id or an empty item.
std::vector<const VariantInfo*> select_variants(const std::string& algo);
// The help of the --algo that select_variants reads.
inline constexpr const char* kAlgoListHelp = "an algorithm id, ids separated by commas, or all";

}  // namespace ws::cli
