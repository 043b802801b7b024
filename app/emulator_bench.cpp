// warpscope-emulator-bench: the emulator's speed budgets from issue 2, measured (a benchmark, not
// a test). For every catalog algorithm, the median over 5 runs of tracing one 1024-thread block
// as the window does (int, ramp data, record and totals on, one block in the first pass); then
// the wall time of every `verify` case of the whole catalog on all cores, record and totals off,
// as `warpscope verify` runs them. Prints the figures and whether the budgets hold:
// 50 ms per traced block, 2 minutes for verify. Exits 1 if a run fails, 0 otherwise.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/verify_cases.hpp"

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kBlockBudgetMs = 50.0;
constexpr double kVerifyBudgetS = 120.0;
constexpr int kRepeats = 5;
constexpr unsigned kBlock = 1024;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// The request the window makes for one full 1024-thread block of this algorithm.
ws::trace::Request one_block_request(const ws::VariantInfo& v) {
    ws::trace::Request r;
    r.algo = v.id;
    r.block = kBlock;
    r.n = std::uint64_t(kBlock) * v.elems_per_thread;  // exactly one block in the first pass
    r.type = ws::trace::DType::Int32;
    r.pattern = "ramp";
    r.schedule = "lockstep";
    r.blocks = {0};
    return r;
}

// Median milliseconds of tracing one block; false if a run failed or had more than one block.
bool time_one_block(const ws::VariantInfo& v, double& median_ms, std::string& why) {
    const ws::trace::Request r = one_block_request(v);
    std::vector<double> ms;
    for (int k = 0; k < kRepeats; ++k) {
        const auto start = Clock::now();
        const ws::trace::Trace t = ws::run::run_on_emulator(r);  // record and totals on
        ms.push_back(seconds_since(start) * 1e3);
        if (!t.ok || t.grid != 1 || t.blocks.size() != 1 || t.blocks[0].events.empty()) {
            why = t.error.empty() ? "not one recorded block" : t.error;
            return false;
        }
    }
    std::sort(ms.begin(), ms.end());
    median_ms = ms[ms.size() / 2];
    return true;
}

struct VerifyTiming {
    std::size_t cases = 0, failed = 0;
    unsigned threads = 0;
    double seconds = 0;
};

VerifyTiming time_verify() {
    std::vector<ws::trace::Request> cases;
    for (const auto& v : ws::catalog())
        for (auto& r : ws::run::verify_cases(v)) cases.push_back(r);
    VerifyTiming out;
    out.cases = cases.size();
    out.threads = std::max(1u, std::thread::hardware_concurrency());
    std::atomic<std::size_t> next{0}, failed{0};
    const auto start = Clock::now();
    auto worker = [&] {
        for (std::size_t i; (i = next++) < cases.size();) {
            ws::run::RunOptions options;
            options.record = false;
            options.count_totals = false;
            if (!ws::run::run_on_emulator(cases[i], options).ok) ++failed;
        }
    };
    std::vector<std::thread> pool;
    for (unsigned k = 0; k < out.threads; ++k) pool.emplace_back(worker);
    for (auto& th : pool) th.join();
    out.seconds = seconds_since(start);
    out.failed = failed;
    return out;
}

}  // namespace

int main() {
    bool all_ran = true, block_budget = true;
    std::printf("Tracing one %u-thread block (int, ramp, record and totals on), median of %d:\n",
                kBlock, kRepeats);
    for (const auto& v : ws::catalog()) {
        double ms = 0;
        std::string why;
        if (!time_one_block(v, ms, why)) {
            std::printf("  %-32s FAILED: %s\n", v.id, why.c_str());
            all_ran = false;
            continue;
        }
        const bool within = ms <= kBlockBudgetMs;
        block_budget = block_budget && within;
        std::printf("  %-32s n=%-5u %8.2f ms  %s\n", v.id, kBlock * v.elems_per_thread, ms,
                    within ? "ok" : "OVER BUDGET");
    }
    std::printf("budget %.0f ms per block: %s\n\n", kBlockBudgetMs,
                block_budget && all_ran ? "holds" : "does NOT hold");

    std::printf("Running every verify case of the catalog (record and totals off)...\n");
    std::fflush(stdout);
    const VerifyTiming vt = time_verify();
    const bool verify_budget = vt.seconds <= kVerifyBudgetS;
    std::printf("  %zu cases on %u threads: %.1f s, %zu failed\n", vt.cases, vt.threads, vt.seconds,
                vt.failed);
    std::printf("budget %.0f s for verify: %s\n", kVerifyBudgetS,
                verify_budget ? "holds" : "does NOT hold");
    return all_ran && vt.failed == 0 ? 0 : 1;
}
