#include "app/cli/request_options.hpp"

#include "app/cli/arguments.hpp"
#include "kernels/run/memory_estimate.hpp"

namespace ws::cli {

void RequestOptions::add_to(CLI::App& c, bool algo_required) {
    run::add_request_flags(c, text, algo_required);
    c.add_option("--backend", backend, run::backend_flag_help());
    c.add_option(run::kMaxMemoryFlag, max_memory, run::kMaxMemoryHelp);
}

RequestOptions::Resolved RequestOptions::resolve() const {
    run::BackendChoice choice = run::choose_backend(backend);
    if (!choice.error.empty()) throw UsageError{choice.error};
    run::RequestRules rules;
    rules.max_elements = choice.backend->max_elements();
    run::ParsedRequest p = run::parse_request(text, rules);
    if (!p.ok()) throw UsageError{p.error};
    std::uint64_t limit = 0;
    std::string error;
    if (!run::parse_max_memory(max_memory, limit, error)) throw UsageError{error};
    if (std::string e = run::check_memory(p.request, p.grid, limit); !e.empty())
        throw UsageError{e};
    return {p.request, std::move(choice)};
}

}  // namespace ws::cli
