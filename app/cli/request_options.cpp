#include "app/cli/request_options.hpp"

#include "app/cli/arguments.hpp"
#include "kernels/catalog.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/sim/emulator.hpp"

namespace ws::cli {

void RequestOptions::add_to(CLI::App& c, bool algo_required) {
    auto* a = c.add_option("--algo", algo, "algorithm id (see `warpscope list`)");
    if (algo_required) a->required();
    c.add_option("--n", n, "number of elements: 1000, 2^20, 2^20+3");
    c.add_option("--block", block, "threads per block: a power of two, 32..1024")
        ->capture_default_str();
    c.add_option("--type", type, "element type: int|float|double")->capture_default_str();
    c.add_option("--pattern", pattern, "input data: ramp|random|ones")->capture_default_str();
    c.add_option("--seed", seed, "seed of the random pattern")->capture_default_str();
    c.add_option("--blocks", blocks, "traced blocks of the first pass: 0,3,5 or all")
        ->capture_default_str();
    c.add_option("--schedule", schedule, "emulator schedule: lockstep|sequential|random:SEED")
        ->capture_default_str();
    c.add_option("--backend", backend, "cpu|cuda (default: cuda when a device is usable)");
    c.add_option("--kind", kind, "scans: inclusive|exclusive")->capture_default_str();
}

trace::Request RequestOptions::to_request() const {
    trace::Request r;
    const VariantInfo* v = find_variant(algo);
    if (!v) throw UsageError{"--algo " + algo + ": no such algorithm (see `warpscope list`)"};
    r.algo = algo;
    if (n.empty()) throw UsageError{"--n is required: the number of elements, e.g. 64 or 2^20"};
    auto count = parse_count(n);
    if (!count) throw UsageError{"--n " + n + ": not a count (write 1000, 2^20 or 2^20+3)"};
    r.n = *count;
    auto b = parse_count(block);
    if (!b || *b > 0xffffffffull)
        throw UsageError{"--block " + block + ": not a number of threads"};
    r.block = std::uint32_t(*b);
    const std::uint64_t limit = backend == "cuda" ? kMaxElementsGpu : kMaxElementsEmulator;
    if (std::string bad = check_request(*v, r.n, r.block, limit); !bad.empty())
        throw UsageError{bad};
    auto t = trace::parse_dtype(type);
    if (!t) throw UsageError{"--type " + type + ": not a type (int, float or double)"};
    r.type = *t;
    if (!run::is_pattern(pattern))
        throw UsageError{"--pattern " + pattern + ": not a pattern (" + run::kPatterns + ")"};
    r.pattern = pattern;
    auto s = parse_count(seed);
    if (!s) throw UsageError{"--seed " + seed + ": not a non-negative integer"};
    r.seed = *s;
    if (!sim::Schedule::parse(schedule))
        throw UsageError{"--schedule " + schedule +
                         ": not a schedule (lockstep, sequential or random:SEED)"};
    r.schedule = schedule;
    auto list = parse_block_list(blocks);
    if (!list) throw UsageError{"--blocks " + blocks + ": not a block list (0,3,5 or all)"};
    const unsigned grid = grid_for(*v, r.n, r.block);
    for (auto id : list->blocks)
        if (id >= grid)
            throw UsageError{"--blocks " + blocks + ": block " + std::to_string(id) +
                             " does not exist; the first pass has " + std::to_string(grid) +
                             " block" + (grid == 1 ? "" : "s") + " (0.." +
                             std::to_string(grid - 1) + ")"};
    r.blocks = list->blocks;
    r.all_blocks = list->all;
    auto k = trace::parse_scan_kind(kind);
    if (!k) throw UsageError{"--kind " + kind + ": not a kind (inclusive or exclusive)"};
    r.kind = *k;
    if (std::string bad = check_kind(*v, r.kind); !bad.empty()) throw UsageError{bad};
    if (!backend.empty() && backend != "cpu" && backend != "cuda")
        throw UsageError{"--backend " + backend + ": not a backend (cpu or cuda)"};
    return r;
}

}  // namespace ws::cli
