#include "app/cli/request_options.hpp"

#include "app/cli/arguments.hpp"

namespace ws::cli {

void RequestOptions::add_to(CLI::App& c, bool algo_required) {
    run::add_request_flags(c, text, algo_required);
    c.add_option("--backend", backend, "cpu|cuda (default: cuda when a device is usable)");
}

trace::Request RequestOptions::to_request() const {
    run::RequestRules rules;
    if (backend == "cuda") rules.max_elements = run::kMaxElementsGpu;
    run::ParsedRequest p = run::parse_request(text, rules);
    if (!p.ok()) throw UsageError{p.error};
    if (!backend.empty() && backend != "cpu" && backend != "cuda")
        throw UsageError{"--backend " + backend + ": not a backend (cpu or cuda)"};
    return p.request;
}

}  // namespace ws::cli
