#include <cstdio>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/io/atomic_file.hpp"
#include "kernels/run/hardware_compare.hpp"
#include "kernels/run/stats_report.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/trace_file.hpp"

namespace ws::cli {
namespace {

trace::Trace run_from_options(const RequestOptions& opts, bool hardware = false) {
    const RequestOptions::Resolved r = opts.resolve();
    if (hardware && r.backend.backend->name() != "cuda") {
        const std::string why = run::unavailable_reason("cuda");
        throw UsageError{"--hardware: the GPU's counters need the CUDA backend (" +
                         (why.empty() ? std::string("this run was asked of the emulator") : why) +
                         ")"};
    }
    if (!r.backend.note.empty()) std::fprintf(stderr, "%s\n", r.backend.note.c_str());
    run::RunOptions options;
    options.hardware = hardware;
    return r.backend.backend->run(r.request, options);
}

// Ours beside the GPU's, a row a counter; false when a counter that must agree does not.
bool print_hardware(const trace::Trace& t, bool json) {
    if (!t.hardware_error.empty()) {
        std::fprintf(stderr, "warpscope: the GPU's counters could not be read: %s\n",
                     t.hardware_error.c_str());
        if (t.hardware.empty()) return false;  // else a group was read: shown, and a failure
    }
    bool comparable = false;
    const std::vector<run::HardwareRow> rows = run::hardware_rows(t, &comparable);
    if (json) {
        bool agree = true;
        for (const run::HardwareRow& r : rows) agree = agree && (r.agree() || r.known);
        return t.hardware_error.empty() && (!comparable || agree);
    }
    std::printf("\nthe GPU's own counters (CUPTI) for the traced pass, unprobed, on %s:\n",
                t.device.c_str());
    std::printf("%-32s %10s %12s %10s  %s\n", "counter", "ours", "GPU counted", "difference",
                "metric");
    bool agree = true;
    for (const run::HardwareRow& r : rows) {
        const double counted = r.counted.value_or(-1);
        std::printf("%-32s %10llu %12.0f %10.0f  %s\n", r.metric->what, (unsigned long long)r.ours,
                    counted, counted - double(r.ours), r.metric->metric);
        if (!r.agree() && r.known) std::printf("%34s known: %s\n", "", r.known);
        agree = agree && (r.agree() || r.known);
    }
    std::printf("divergence: %s\n",
                run::divergence_text(run::divergence_comparison(t, t.hardware)).c_str());
    if (!t.hardware_error.empty()) return false;
    if (!comparable) return true;
    std::printf(agree ? "every counter agrees (or differs as known)\n"
                      : "some counters differ that must agree\n");
    return agree;
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

int cmd_stats(const RequestOptions& opts, const std::string& trace_file, bool json, bool hardware) {
    trace::Trace t;
    if (!trace_file.empty()) {
        trace::LoadResult loaded = trace::load_trace(trace_file);
        if (!loaded.ok) throw UsageError{"--trace " + trace_file + ": " + loaded.error};
        t = std::move(loaded.trace);
    } else {
        if (opts.text.algo.empty())
            throw UsageError{"give --algo ID --n N (and --block ...), or --trace FILE"};
        t = run_from_options(opts, hardware);
        if (t.grid == 0) {
            std::fprintf(stderr, "warpscope: %s\n", t.error.c_str());
            return 1;
        }
        if (hardware) {
            if (std::string why = run::hardware_refusal(t); !why.empty())
                throw UsageError{"--hardware: " + why};
        }
    }
    return print_stats(t, json, hardware);
}

int print_stats(const trace::Trace& t, bool json, bool hardware, const VariantInfo* foreign) {
    std::printf("%s\n",
                json ? run::stats_json(t, foreign).c_str() : run::stats_table(t, foreign).c_str());
    // With --json the counts are in the object ("hardware"); the table is for people.
    const bool hardware_agrees = !hardware || print_hardware(t, json);
    if (!t.ok && !t.error.empty()) std::fprintf(stderr, "warpscope: %s\n", t.error.c_str());
    return t.ok && hardware_agrees ? 0 : 1;
}

}  // namespace ws::cli
