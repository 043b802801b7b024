// For the [gpu] tests: a variant this GPU, or this build's code for it, cannot run (scan-pipeline
// below Hopper, or in a build of compute_75 PTX) is refused in one line that names it; the test
// says the line and leaves the variant out, as verify, crosscheck and bench do.
#pragma once
#include <catch2/catch.hpp>

#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/backend.hpp"

namespace ws::test {

inline bool refused_here(const VariantInfo& v) {
    const run::Backend* gpu = run::usable_gpu();
    REQUIRE(gpu != nullptr);
    const std::string why = gpu->variant_refusal(v);
    if (why.empty()) return false;
    CHECK(why.rfind(v.id, 0) == 0);
    CHECK(why.find('\n') == std::string::npos);
    WARN(why);
    return true;
}

inline bool refused_here(const char* id) {
    const VariantInfo* v = find_variant(id);
    REQUIRE(v != nullptr);
    return refused_here(*v);
}

}  // namespace ws::test
