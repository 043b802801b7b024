// Numbers as ranges, for one-line messages: "0-2, 5" ("lanes 0-2, 5", "blocks 6-7").
#pragma once
#include <string>
#include <vector>

namespace ws::trace {

// `ids` sorted ascending, each once: runs of consecutive numbers as "a-b", joined by ", ".
std::string id_ranges(const std::vector<unsigned>& ids);
// "block 3" / "blocks 0-2, 5" (sorts its copy); `none` when there are none.
std::string counted_ranges(std::vector<unsigned> ids, const char* one, const char* many,
                           const char* none = "none");

}  // namespace ws::trace
