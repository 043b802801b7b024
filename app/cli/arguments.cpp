#include "app/cli/arguments.hpp"

#include <algorithm>

#include "kernels/run/request_parse.hpp"

namespace ws::cli {

std::vector<const VariantInfo*> select_variants(const std::string& algo) {
    std::vector<const VariantInfo*> out;
    if (algo == "all") {
        for (const auto& v : catalog()) out.push_back(&v);
        return out;
    }
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = algo.find(',', start);
        const std::string id = algo.substr(start, comma - start);
        std::string error;
        const VariantInfo* v = run::parse_algo(id, error);
        if (!v) throw UsageError{id.empty() ? "--algo " + algo + ": an empty id" : error};
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

}  // namespace ws::cli
