// A TraceView of a request run on the emulator, for the window's tests.
#pragma once
#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/request_text.hpp"
#include "ui/model/trace/trace_view.hpp"
#include "ui/model/window/request_form.hpp"

namespace ws::ui::testing {

// The form's n moves to the next count its algorithm accepts (aos-vs-soa: a multiple of 3), and
// its block to one it takes (scan-pipeline: 224), so that a test's sizes serve every kernel.
inline std::shared_ptr<const TraceView> emulated_view(RequestForm f) {
    const VariantInfo* v = find_variant(f.algo);
    const auto n = run::parse_count(f.n);
    if (v && n) f.n = std::to_string(accepted_count(*v, *n));
    if (v) f.block = usable_block(v->block_rule, f.block);
    const FormCheck c = check_form(f);
    INFO(c.error);
    REQUIRE(c.ok());
    return make_trace_view(std::make_shared<trace::Trace>(run::run_on_emulator(c.request)));
}

inline std::shared_ptr<const TraceView> emulated_view(const std::string& algo, const std::string& n,
                                                      std::uint32_t block) {
    RequestForm f;
    f.algo = algo;
    f.n = n;
    f.block = block;
    return emulated_view(f);
}

}  // namespace ws::ui::testing
