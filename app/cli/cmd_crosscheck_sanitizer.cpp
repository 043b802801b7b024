// `warpscope crosscheck --gpu-recorder sanitizer`: the catalog recorded on the GPU twice, by each
// variant's compiled-in probe and by NVIDIA's Compute Sanitizer API on its unprobed kernel
// (kernels/cuda/sanitized_kernels.cuh), the two traces compared as a plain kernel's are
// (run/sanitizer_comparison.hpp): event for event, else access for access between barriers. A
// third witness of the GPU's trace, independent of the probe's code.
#include <cstdio>
#include <map>
#include <utility>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/catalog.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/run/sanitizer_comparison.hpp"
#include "kernels/run/verify_cases.hpp"
#include "kernels/trace/trace_file.hpp"

namespace ws::cli {

namespace {

// Both traces of a case that differs, into `dir`; a trace that cannot be written says so.
void save_pair(const std::string& dir, const trace::Request& r, const trace::Trace& probed,
               const trace::Trace& sanitized) {
    const std::string stem = dir + "/" + r.algo + "-" + trace::dtype_name(r.type) + "-" +
                             std::to_string(r.n) + "-" + std::to_string(r.block) +
                             (r.kind == trace::ScanKind::Exclusive ? "-excl" : "");
    for (const auto& [suffix, t] :
         {std::pair{".probe.wstrace", &probed}, std::pair{".sanitizer.wstrace", &sanitized}})
        if (std::string why = trace::save_trace(*t, stem + suffix); !why.empty())
            std::fprintf(stderr, "warpscope: %s\n", why.c_str());
}

// A verdict of traces that differ (lower case: a variant racy on purpose).
bool differs_verdict(const std::string& verdict) {
    return verdict == "DIFFERS" || verdict == "differs";
}

}  // namespace

int cmd_crosscheck_sanitizer(const std::string& algo, const std::string& save_dir) {
    const std::vector<const VariantInfo*> variants = select_variants(algo);
    const run::Backend* cuda = run::find_backend("cuda");
    // Before any CUDA call: the API sees the program's code as it is loaded.
    const std::string not_started =
        cuda ? cuda->start_sanitizer_recorder() : "this warpscope was built without CUDA";
    const run::Backend* gpu = run::usable_gpu();
    if (!not_started.empty() || !gpu) {
        std::fprintf(
            stderr, "warpscope: crosscheck --gpu-recorder sanitizer: %s\n",
            !not_started.empty() ? not_started.c_str() : run::unavailable_reason("cuda").c_str());
        return 2;
    }
    std::map<std::string, std::size_t> count;  // cases by verdict
    std::size_t skipped = 0;
    for (const VariantInfo* v : variants) {
        if (std::string why = gpu->variant_refusal(*v); !why.empty()) {
            std::printf("skip     %s\n", why.c_str());
            ++skipped;
            continue;
        }
        for (const trace::Request& r : run::sanitizer_crosscheck_cases(*v)) {
            const trace::Trace probed = gpu->run(r, run::RunOptions{});
            run::RunOptions patched;
            patched.sanitizer_recorder = true;
            const trace::Trace sanitized = gpu->run(r, patched);
            const std::string blind = run::sanitizer_blind_spot(*v, probed);
            const char* verdict = "same";
            std::string why;
            if (!probed.error.empty()) {  // nothing to compare the recording with
                verdict = "noprobe";
                why = "the probe's own run: " + probed.error;
            } else if (!blind.empty()) {
                verdict = "unseen";
                why = blind;
            } else if (!sanitized.error.empty()) {
                verdict = "DIFFERS";
                why = sanitized.error;
            } else {
                const run::SanitizerCrosscheck c =
                    run::compare_sanitizer_recording(*v, sanitized, probed, true);
                if (!c.difference.empty()) {
                    verdict = v->schedule_sensitive ? "differs" : "DIFFERS";
                    why = c.difference;
                } else if (!c.compiler_difference.empty()) {
                    verdict = "accesses";
                    why = c.compiler_difference;
                } else if (c.left_out) {
                    verdict = "optimized";
                    why = std::to_string(c.left_out) +
                          " accesses the probe records were left out of the unprobed code by its "
                          "optimizer";
                }
            }
            ++count[verdict];
            if (!save_dir.empty() && differs_verdict(verdict))
                save_pair(save_dir, r, probed, sanitized);
            std::size_t events = 0;
            for (const auto& b : sanitized.blocks) events += b.events.size();
            std::printf("%-9s %-31s %-6s %-4s n=%-6llu block=%-4u %zu blocks, %zu events%s%s\n",
                        verdict, v->id, trace::dtype_name(r.type),
                        r.kind == trace::ScanKind::Exclusive ? "excl" : "", (unsigned long long)r.n,
                        r.block, sanitized.blocks.size(), events, why.empty() ? "" : ": ",
                        why.c_str());
            std::fflush(stdout);
        }
    }
    std::printf(
        "%zu the same event for event, %zu the same accesses, %zu the same but accesses "
        "the optimizer left out, %zu failed, %zu not comparable (what the Sanitizer API does "
        "not see), %zu the probe could not record, %zu %s skipped\n",
        count["same"], count["accesses"], count["optimized"], count["DIFFERS"], count["unseen"],
        count["noprobe"], skipped, skipped == 1 ? "algorithm" : "algorithms");
    return count["DIFFERS"] ? 1 : 0;
}

}  // namespace ws::cli
