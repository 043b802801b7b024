// `warpscope crosscheck`: trace the catalog on the GPU and on the emulator and compare them
// step by step, event by event. A difference is printed where it first appears. The look-back
// scan's blocks are renamed after the tiles they drew first (kernels/run/crosscheck.hpp).
#include <cstdio>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/catalog.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/verify_cases.hpp"
#include "kernels/trace/analysis.hpp"

namespace ws::cli {

int cmd_crosscheck(const std::string& algo, const std::string& recorder,
                   const std::string& save_dir) {
    if (recorder == "sanitizer") return cmd_crosscheck_sanitizer(algo, save_dir);
    if (!save_dir.empty()) {
        std::fprintf(stderr, "warpscope: --save-differing needs --gpu-recorder sanitizer\n");
        return 2;
    }
    const std::vector<const VariantInfo*> variants = select_variants(algo);
    const run::Backend* gpu = run::usable_gpu();
    if (!gpu) {
        std::fprintf(stderr, "warpscope: crosscheck needs a CUDA device: %s\n",
                     run::unavailable_reason("cuda").c_str());
        return 2;
    }
    std::size_t same = 0, differ = 0, skipped = 0;
    for (const VariantInfo* v : variants) {
        if (std::string why = gpu->variant_refusal(*v); !why.empty()) {
            std::printf("skip     %s\n", why.c_str());
            ++skipped;
            continue;
        }
        for (const trace::Request& r : run::crosscheck_cases(*v)) {
            const trace::Trace on_gpu = gpu->run(r, run::RunOptions{});
            const trace::Trace cpu = run::emulator().run(r, run::RunOptions{});
            std::string diff = run::crosscheck_difference(*v, on_gpu, cpu);
            if (diff.empty() && !on_gpu.error.empty()) diff = "GPU: " + on_gpu.error;
            if (diff.empty() && !cpu.error.empty()) diff = "emulator: " + cpu.error;
            std::size_t events = 0;
            for (const auto& b : on_gpu.blocks) events += b.events.size();
            const bool racy = v->schedule_sensitive;
            const char* kind = v->family != Family::Scan || !has_scan_kind(v->scan_op) ? ""
                               : r.kind == trace::ScanKind::Inclusive                  ? "incl"
                                                                                       : "excl";
            std::printf("%-8s %-31s %-5s %-4s n=%-6llu block=%-4u %zu blocks, %zu events%s%s\n",
                        diff.empty() ? "same" : (racy ? "differs" : "DIFFERS"), v->id,
                        trace::dtype_name(r.type), kind, (unsigned long long)r.n, r.block,
                        on_gpu.blocks.size(), events, diff.empty() ? "" : ": ", diff.c_str());
            if (diff.empty())
                ++same;
            else if (!racy)
                ++differ;
        }
    }
    if (skipped)
        std::printf("%zu passed, %zu failed, %zu %s skipped\n", same, differ, skipped,
                    skipped == 1 ? "algorithm" : "algorithms");
    else
        std::printf("%zu passed, %zu failed\n", same, differ);
    return differ ? 1 : 0;
}

}  // namespace ws::cli
