#include "app/cli/arguments.hpp"

#include "kernels/run/request_parse.hpp"

namespace ws::cli {

std::vector<const VariantInfo*> select_variants(const std::string& algo) {
    std::vector<const VariantInfo*> out;
    if (algo == "all") {
        for (const auto& v : catalog()) out.push_back(&v);
    } else {
        std::string error;
        const VariantInfo* v = run::parse_algo(algo, error);
        if (!v) throw UsageError{error};
        out.push_back(v);
    }
    return out;
}

}  // namespace ws::cli
