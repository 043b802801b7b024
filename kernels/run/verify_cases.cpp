#include "kernels/run/verify_cases.hpp"

#include <algorithm>
#include <cstdio>

#include "kernels/run/input_data.hpp"
#include "kernels/run/reduce_check.hpp"

namespace ws::run {

namespace {
// The block sizes every variant is verified at on three odd sizes (256 is in the size list):
// the powers of two, and where the variant takes any size, sizes that are not.
std::vector<unsigned> sweep_blocks(const VariantInfo& v) {
    if (v.block_rule == BlockRule::Any1To1024) return {1, 7, 96, 100, 1000, 1024};
    if (v.block_rule == BlockRule::PipelineWarps) return {};  // its one size is in the size list
    return {32, 64, 128, 512, 1024};
}

// The memory family's own controls: copy-strided at strides that divide n and that do not, up
// to the largest; loop-divergence with the patterns that set its spread (ramp: lane k loops k
// times; ones: no spread).
template <class Add>
void add_memory_cases(const VariantInfo& v, bool quick, Add& add,
                      std::vector<trace::Request>& cases) {
    if (v.takes_stride)
        for (unsigned stride : {2u, 3u, 8u, 32u, 64u}) {
            if (quick && stride != 3 && stride != 64) continue;
            for (std::uint64_t n : {1u, 31u, 4099u, 65537u}) {
                add(n, 100, trace::DType::Int32);
                cases.back().stride = stride;
            }
            add(100003, 256, trace::DType::Float64);
            cases.back().stride = stride;
        }
    if (v.scan_op == ScanOp::LoopSums)
        for (const char* pattern : {"ramp", "ones"})
            for (trace::DType type : trace::kAllDTypes) {
                add(quick ? 1000 : 100003, 96, type);
                cases.back().pattern = pattern;
            }
}

}  // namespace

const char* verify_schedule(const VariantInfo& v) {
    return v.schedule_sensitive ? "lockstep" : "sequential";
}

std::vector<trace::Request> verify_cases(const VariantInfo& v, bool quick) {
    std::vector<trace::Request> cases;
    auto add = [&](std::uint64_t n, unsigned block, trace::DType type) {
        trace::Request r;
        r.algo = v.id;
        r.n = accepted_count(v, n);
        // The block asked for, or the one size a variant takes (scan-pipeline's 224).
        r.block = usable_block(v.block_rule, block);
        r.type = type;
        r.pattern = "random";
        r.seed = 1000 + cases.size();
        r.schedule = verify_schedule(v);
        cases.push_back(r);
    };
    const std::uint64_t sizes[] = {1,    2,     7,      33,       1000,
                                   4099, 65537, 100000, 1u << 20, (1u << 21) + 3};
    const std::uint64_t quick_sizes[] = {1, 33, 1000, 4099, 65537};
    for (trace::DType type : trace::kAllDTypes) {
        if (quick)
            for (std::uint64_t n : quick_sizes) add(n, 256, type);
        else
            for (std::uint64_t n : sizes) add(n, 256, type);
    }
    const bool compaction = v.scan_op == ScanOp::CompactPositive;
    auto add_keep_ratios = [&](std::uint64_t n, trace::DType type) {
        for (int percent : {0, 3, 50, 97, 100}) {  // none kept, few, half, most, all
            add(n, 256, type);
            cases.back().pattern = keep_pattern(percent);
        }
    };
    if (quick) {
        for (unsigned block : {32u, 1024u}) add(777, block, trace::DType::Int32);
        if (compaction) {  // the kind does not apply; the keep ratio does
            add_keep_ratios(65537, trace::DType::Float32);
        } else if (v.family == Family::Scan) {  // both kinds on a few
            for (std::uint64_t n : {33u, 4099u}) {
                add(n, 128, trace::DType::Float32);
                cases.back().kind = trace::ScanKind::Exclusive;
            }
        }
        add_memory_cases(v, true, add, cases);
        return cases;
    }
    for (unsigned block : sweep_blocks(v)) {
        add(100003, block, trace::DType::Int32);
        add(5001, block, trace::DType::Float32);
        add(777, block, trace::DType::Float64);
    }
    if (compaction) {
        add_keep_ratios(100003, trace::DType::Int32);
        add_keep_ratios(5001, trace::DType::Float64);
    } else if (v.family == Family::Memory) {
        add_memory_cases(v, false, add, cases);
    } else if (v.family == Family::Scan) {  // every case again, exclusive, up to 2^20 elements (the
        // emulator's time budget; the kind only changes the last step)
        const std::size_t inclusive = cases.size();
        for (std::size_t i = 0; i < inclusive; ++i) {
            if (cases[i].n >= (1u << 20)) continue;
            trace::Request r = cases[i];
            r.kind = trace::ScanKind::Exclusive;
            r.seed = 1000 + cases.size();
            cases.push_back(r);
        }
    }
    return cases;
}

std::string verify_line(const trace::Request& r, const trace::Trace& t) {
    const VariantInfo* v = find_variant(r.algo);
    const bool scan = v && v->family == Family::Scan;
    const bool memory = v && v->family == Family::Memory;
    const bool compaction = v && v->scan_op == ScanOp::CompactPositive;
    const char* kind = memory                                 ? (v->takes_stride ? "strd" : "    ")
                       : !scan                                ? "    "
                       : compaction                           ? "keep"
                       : r.kind == trace::ScanKind::Inclusive ? "incl"
                                                              : "excl";
    char head[200];
    std::snprintf(head, sizeof head, "%-4s %-31s %-6s %s n=%-9llu block=%-4u ",
                  t.ok ? "ok" : "FAIL", r.algo.c_str(), trace::dtype_name(r.type), kind,
                  (unsigned long long)r.n, r.block);
    std::string line = head;
    if (t.ok && compaction)
        line += "kept " + t.result.to_string() + " (" + r.pattern + ")";
    else if (t.ok && memory)
        line += (v->takes_stride ? "stride " + std::to_string(r.stride) + ", " : std::string()) +
                array_result_label(*v) + " " + t.result.to_string() + " (" + r.pattern + ")";
    else if (t.ok)
        line += scan ? "last " + t.result.to_string() : results_text(t, true);
    else
        line += t.error.empty() ? "wrong result" : t.error;
    return line;
}

}  // namespace ws::run

namespace ws::run {
std::vector<trace::Request> crosscheck_cases(const VariantInfo& v) {
    std::vector<trace::Request> cases;
    std::vector<unsigned> blocks = {32, 64, 128, 256, 512, 1024};
    if (v.block_rule == BlockRule::Any1To1024) blocks.insert(blocks.begin(), {1, 7, 100});
    if (v.block_rule == BlockRule::PipelineWarps) blocks = block_presets(v.block_rule);
    for (unsigned block : blocks) {
        for (trace::DType type : {trace::DType::Int32, trace::DType::Float32}) {
            trace::Request r;
            r.algo = v.id;
            r.block = block;
            // Three tiles and a partial one (a persistent kernel: five whole ones, its producer's
            // lanes loading the partial sixth).
            const std::uint64_t tile = tile_elements(v, block, type);
            r.n = accepted_count(v, (v.persistent ? 5 : 3) * tile + 17);
            if (v.takes_stride) r.stride = 4;  // lanes 4 elements apart
            r.type = type;
            r.pattern = type == trace::DType::Int32 ? "random" : "ramp";
            r.seed = block;
            r.schedule = "lockstep";
            r.all_blocks = true;
            r.blocks.clear();
            cases.push_back(r);
            if (v.family == Family::Scan && v.scan_op == ScanOp::PrefixSum &&
                type == trace::DType::Int32) {
                r.kind = trace::ScanKind::Exclusive;
                cases.push_back(r);
            }
        }
    }
    return cases;
}

std::vector<trace::Request> sanitizer_crosscheck_cases(const VariantInfo& v) {
    const std::vector<trace::Request> all = crosscheck_cases(v);
    std::vector<unsigned> blocks;
    for (const trace::Request& r : all)
        if (blocks.empty() || blocks.back() != r.block) blocks.push_back(r.block);
    const std::vector<unsigned> kept = {blocks.front(), blocks[blocks.size() / 2], blocks.back()};
    std::vector<trace::Request> cases;
    for (const trace::Request& r : all) {
        if (std::find(kept.begin(), kept.end(), r.block) == kept.end()) continue;
        cases.push_back(r);
        if (r.type == trace::DType::Int32 && r.kind == trace::ScanKind::Inclusive) {
            trace::Request wide = r;
            wide.type = trace::DType::Float64;
            wide.pattern = "ramp";  // integer values: sums exact in any order, as for float
            wide.n = accepted_count(
                v, (v.persistent ? 5 : 3) * tile_elements(v, r.block, wide.type) + 17);
            cases.push_back(wide);
        }
    }
    return cases;
}
}  // namespace ws::run
