#include "app/cli/arguments.hpp"

namespace ws::cli {

std::vector<const VariantInfo*> select_variants(const std::string& algo) {
    std::vector<const VariantInfo*> out;
    if (algo == "all") {
        for (const auto& v : catalog()) out.push_back(&v);
    } else if (const VariantInfo* v = find_variant(algo)) {
        out.push_back(v);
    } else {
        throw UsageError{"--algo " + algo + ": no such algorithm (see `warpscope list`)"};
    }
    return out;
}

}  // namespace ws::cli
