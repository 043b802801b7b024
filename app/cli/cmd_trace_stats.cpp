#include <cstdio>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/io/atomic_file.hpp"
#include "kernels/run/stats_report.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/trace_file.hpp"

namespace ws::cli {
namespace {

trace::Trace run_from_options(const RequestOptions& opts) {
    const RequestOptions::Resolved r = opts.resolve();
    if (!r.backend.note.empty()) std::fprintf(stderr, "%s\n", r.backend.note.c_str());
    return r.backend.backend->run(r.request, run::RunOptions{});
}

}  // namespace

int cmd_trace(const RequestOptions& opts, const std::string& output) {
    // A folder that is not there is bad input, found before the run rather than after it.
    if (std::string why = io::check_output_path(output); !why.empty()) throw UsageError{why};
    const trace::Trace t = run_from_options(opts);
    if (t.grid == 0) {  // nothing ran: the request itself was refused
        std::fprintf(stderr, "warpscope: %s\n", t.error.c_str());
        return 1;
    }
    if (std::string err = trace::save_trace(t, output); !err.empty()) {
        std::fprintf(stderr, "warpscope: %s\n", err.c_str());
        return 1;
    }
    std::size_t events = 0, steps = 0;
    for (const auto& b : t.blocks) events += b.events.size();
    if (!t.blocks.empty()) steps = trace::block_steps(t.blocks[0]).size();
    std::printf("%s n=%llu block=%u %s on %s: %zu block%s traced, %zu steps, %zu events -> %s\n",
                t.request.algo.c_str(), (unsigned long long)t.request.n, t.request.block,
                trace::dtype_name(t.request.type), t.device.c_str(), t.blocks.size(),
                t.blocks.size() == 1 ? "" : "s", steps, events, output.c_str());
    if (t.ok) {
        std::printf("result %s (matches the CPU reference)\n", t.result.to_string().c_str());
        return 0;
    }
    std::printf("result %s, expected %s: %s\n", t.result.to_string().c_str(),
                t.expected.to_string().c_str(), t.error.c_str());
    return 1;
}

int cmd_stats(const RequestOptions& opts, const std::string& trace_file, bool json) {
    trace::Trace t;
    if (!trace_file.empty()) {
        trace::LoadResult loaded = trace::load_trace(trace_file);
        if (!loaded.ok) throw UsageError{"--trace " + trace_file + ": " + loaded.error};
        t = std::move(loaded.trace);
    } else {
        if (opts.text.algo.empty())
            throw UsageError{"give --algo ID --n N (and --block ...), or --trace FILE"};
        t = run_from_options(opts);
        if (t.grid == 0) {
            std::fprintf(stderr, "warpscope: %s\n", t.error.c_str());
            return 1;
        }
    }
    std::printf("%s\n", json ? run::stats_json(t).c_str() : run::stats_table(t).c_str());
    if (!t.ok && !t.error.empty()) std::fprintf(stderr, "warpscope: %s\n", t.error.c_str());
    return t.ok ? 0 : 1;
}

}  // namespace ws::cli
