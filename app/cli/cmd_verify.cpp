#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/catalog.hpp"
#include "kernels/run/backend.hpp"
#include "kernels/run/verify_cases.hpp"

namespace ws::cli {

int cmd_verify(const std::string& algo, const std::string& backend, bool quick) {
    const std::vector<const VariantInfo*> variants = select_variants(algo);
    const run::BackendChoice choice = run::choose_backend(backend);
    if (!choice.error.empty()) throw UsageError{choice.error};
    const run::Backend& on = *choice.backend;
    std::printf("verify on %s\n", &on != &run::emulator()
                                      ? on.device().c_str()
                                      : "the CPU emulator (sequential schedule; lockstep for "
                                        "the variants racy on purpose)");
    if (!choice.note.empty()) std::printf("%s\n", choice.note.c_str());

    std::vector<trace::Request> cases;
    std::size_t skipped = 0;
    for (const VariantInfo* v : variants) {
        // A variant this GPU or this build's code for it cannot run: one line, no case.
        if (std::string why = on.variant_refusal(*v); !why.empty()) {
            std::printf("skip %s\n", why.c_str());
            ++skipped;
            continue;
        }
        for (auto& r : run::verify_cases(*v, quick)) cases.push_back(r);
    }

    // The emulator runs cases on every core; the GPU one at a time.
    std::vector<std::string> lines(cases.size());
    std::vector<char> passed(cases.size(), 0);
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i; (i = next++) < cases.size();) {
            run::RunOptions options;
            options.record = false;
            options.count_totals = false;
            const trace::Trace t = on.run(cases[i], options);
            lines[i] = run::verify_line(cases[i], t);
            passed[i] = t.ok;
        }
    };
    unsigned threads = on.runs_concurrently() ? std::thread::hardware_concurrency() : 1;
    if (threads == 0) threads = 1;
    std::vector<std::thread> pool;
    for (unsigned k = 0; k < threads; ++k) pool.emplace_back(worker);
    for (auto& th : pool) th.join();

    std::size_t ok = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        std::printf("%s\n", lines[i].c_str());
        ok += passed[i] != 0;
    }
    if (skipped)
        std::printf("%zu passed, %zu failed, %zu %s skipped\n", ok, cases.size() - ok, skipped,
                    skipped == 1 ? "algorithm" : "algorithms");
    else
        std::printf("%zu passed, %zu failed\n", ok, cases.size() - ok);
    return ok == cases.size() ? 0 : 1;
}

}  // namespace ws::cli
