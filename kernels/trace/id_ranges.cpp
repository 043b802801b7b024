#include "kernels/trace/id_ranges.hpp"

#include <algorithm>

namespace ws::trace {

std::string id_ranges(const std::vector<unsigned>& ids) {
    std::string text;
    for (std::size_t i = 0; i < ids.size();) {
        std::size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
        if (i > 0) text += ", ";
        text += std::to_string(ids[i]);
        if (j > i) text += "-" + std::to_string(ids[j]);
        i = j + 1;
    }
    return text;
}

std::string counted_ranges(std::vector<unsigned> ids, const char* one, const char* many,
                           const char* none) {
    if (ids.empty()) return none;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return std::string(ids.size() == 1 ? one : many) + " " + id_ranges(ids);
}

}  // namespace ws::trace
