// The runs feature's rows, and the request they make together.
#include "ui/features/runs/runs_flags.hpp"

#include <algorithm>

#include "kernels/run/backend.hpp"
#include "kernels/run/memory_estimate.hpp"
#include "ui/flags/flag_values.hpp"
#include "ui/window_args.hpp"

namespace ws::ui {
namespace {

using Row = FlagRow<RunsArgs>;

// A request field as a row: stored as typed, written into a link where it differs from the
// commands' default (the algorithm always).
Row request_row(const run::RequestField& f) {
    const run::RequestTextField field = f.text;
    const bool algo = field == &run::RequestText::algo;
    Row r = value_row<RunsArgs>(f.flag, f.help);
    if (field == &run::RequestText::block)
        r.help = run::block_rules_help() + "; " + window_block_default();
    else if (!algo && field != &run::RequestText::n)
        r.default_shown = run::RequestText{}.*field;
    r.store = [field, flag = std::string(f.flag)](RunsArgs& a, const std::string& v) {
        a.request.*field = v;
        a.request_flags.push_back(flag);
        a.request_given = true;
        return std::string();
    };
    r.in_link = true;
    r.write = [field, algo](const RunsArgs& a) -> std::optional<std::string> {
        if (!a.request_given) return std::nullopt;
        const run::RequestText text = form_text(a.form);
        if (!algo && text.*field == run::RequestText{}.*field) return std::nullopt;
        return text.*field;
    };
    r.example = {f.flag, run::RequestText{}.*field};
    if (algo) r.example = {"--algo", "scan-brent-kung"};
    if (field == &run::RequestText::n) r.example = {"--n", "2^7+3"};
    if (field == &run::RequestText::block) r.example = {"--block", "128"};
    if (field == &run::RequestText::type) r.example = {"--type", "double"};
    if (field == &run::RequestText::pattern) r.example = {"--pattern", "random"};
    if (field == &run::RequestText::seed) r.example = {"--pattern", "random", "--seed", "11"};
    if (field == &run::RequestText::blocks) r.example = {"--n", "5000", "--blocks", "3"};
    if (field == &run::RequestText::schedule) r.example = {"--schedule", "sequential"};
    if (field == &run::RequestText::kind)
        r.example = {"--algo", "scan-kogge-stone", "--kind", "exclusive"};
    if (field == &run::RequestText::stride)
        r.example = {"--algo", "copy-strided", "--n", "4096", "--stride", "8"};
    return r;
}

std::vector<Row> rows() {
    std::vector<Row> r;
    for (const run::RequestField& f : run::request_fields()) r.push_back(request_row(f));
    Row compare =
        value_row<RunsArgs>("--compare", "the algorithm the compare view sets beside the request");
    compare.store = [](RunsArgs& a, const std::string& v) {
        std::string error;
        if (!run::parse_algo(v, error, "--compare")) return error;
        a.compare = v;
        return std::string();
    };
    compare.in_link = true;
    compare.write = [](const RunsArgs& a) { return a.compare; };
    compare.example = {"--view", "compare", "--compare", "scan-blelloch"};
    r.push_back(compare);
    Row side = switch_row("--side-by-side",
                          "circuit view: Kogge-Stone, Brent-Kung and Sklansky side by side",
                          &RunsArgs::side_by_side, true);
    side.example = {"--view", "circuit", "--side-by-side"};
    r.push_back(side);
    Row backend = value_row<RunsArgs>(
        "--backend",
        "where the request, your kernel and the lab's sweep run: cpu (the emulator) or "
        "cuda (the GPU; the window says why not where there is none)");
    backend.store = [](RunsArgs& a, const std::string& v) {
        const auto& names = run::backend_names();
        if (std::find(names.begin(), names.end(), v) == names.end())
            return run::choose_backend(v).error;  // the registry's one line
        a.gpu = v != "cpu";
        return std::string();
    };
    r.push_back(backend);
    Row memory = value_row<RunsArgs>(run::kMaxMemoryFlag, run::kMaxMemoryHelp);
    memory.store = [](RunsArgs& a, const std::string& v) {
        std::string error;
        run::parse_max_memory(v, a.max_memory, error);
        return error;
    };
    r.push_back(memory);
    return r;
}

// The request the flags make: checked as the controls check it, its block where the variant's
// lesson shows when none was given.
std::string finish(RunsArgs& r, const WindowArgs& a) {
    if (!a.trace_file.empty() && !r.request_flags.empty())
        return run::trace_brings_its_request(a.trace_file, r.request_flags.front());
    if (!r.request_given) return "";
    // No --block: the window's own default, raised to where the variant's lesson shows, or the
    // one size a variant takes (224), as choosing it in the controls does.
    const bool block_given = std::find(r.request_flags.begin(), r.request_flags.end(), "--block") !=
                             r.request_flags.end();
    run::RequestText text = r.request;
    if (!block_given)
        if (const VariantInfo* v = find_variant(text.algo))
            text.block = std::to_string(window_opening_block(*v));
    run::RequestRules rules;
    rules.max_elements = run::kMaxElementsGpu;  // the controls check the backend chosen
    rules.one_block = true;
    const run::ParsedRequest p = run::parse_request(text, rules);
    if (!p.ok()) return p.error;
    r.form = form_of(p.request);
    r.form.n = text.n;  // as typed: 2^20 stays 2^20 in the controls
    return "";
}

}  // namespace

const FlagTable<RunsArgs>& runs_flags() {
    static const FlagTable<RunsArgs> table{"The request and where it runs", rows(), finish};
    return table;
}

}  // namespace ws::ui
