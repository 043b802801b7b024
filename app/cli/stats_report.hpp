// What `warpscope stats` prints: one JSON object (a contract for scripts), or a table.
#pragma once
#include <string>

#include "kernels/trace/trace.hpp"

namespace ws::cli {
std::string stats_json(const trace::Trace& t);   // one JSON object, pretty-printed
std::string stats_table(const trace::Trace& t);  // the same numbers for people
std::string value_json(const trace::Value& v);   // a JSON number
}  // namespace ws::cli
