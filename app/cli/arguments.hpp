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

// "all" (every algorithm in catalog order) or one id; throws UsageError for an unknown id.
std::vector<const VariantInfo*> select_variants(const std::string& algo);

}  // namespace ws::cli
