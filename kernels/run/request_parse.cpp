#include "kernels/run/request_parse.hpp"

#include <sstream>

#include "kernels/algorithms/memory/memory_rules.hpp"
#include "kernels/baselines.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/run/request_text.hpp"
#include "kernels/sim/emulator.hpp"

namespace ws::run {
namespace {

std::string field(const char* flag, const std::string& value, const std::string& what) {
    return std::string(flag) + " " + value + ": " + what;
}

std::string join(const std::vector<std::uint32_t>& blocks) {
    std::string s;
    for (std::uint32_t b : blocks) s += (s.empty() ? "" : ",") + std::to_string(b);
    return s;
}

// The checks every request passes, typed or typed in; `blocks_text` is what the user wrote.
std::string check_typed(const trace::Request& r, std::uint64_t max_elements,
                        const std::string& blocks_text, unsigned* grid_out,
                        const VariantInfo* variant = nullptr) {
    std::string error;
    const VariantInfo* v = variant ? variant : parse_algo(r.algo, error);
    if (!v) return error;
    if (r.n == 0)
        return std::string("--n 0: there is nothing to ") +
               (v->family == Family::Scan     ? "scan"
                : v->family == Family::Memory ? "read"
                                              : "reduce") +
               "; give at least 1 element";
    if (r.n > max_elements)
        return field("--n", std::to_string(r.n),
                     "too large here (at most " + std::to_string(max_elements) + " elements)");
    if (!accepts_block(v->block_rule, r.block))
        return field("--block", std::to_string(r.block),
                     std::string(v->id) + " needs " + block_rule_text(v->block_rule));
    if (!is_pattern(r.pattern))
        return field("--pattern", r.pattern, std::string("not a pattern (") + kPatterns + ")");
    if (std::string why; !sim::Schedule::parse(r.schedule, &why))
        return field("--schedule", r.schedule, "not a schedule (" + why + ")");
    if (v->family == Family::Reduce && r.kind == trace::ScanKind::Exclusive)
        return std::string("--kind exclusive: ") + v->id +
               " is a reduction; --kind applies to scans only";
    if (!has_scan_kind(v->scan_op) && r.kind == trace::ScanKind::Exclusive)
        return std::string("--kind exclusive: ") + v->id + " is a " +
               (v->family == Family::Memory ? "memory-family kernel" : "stream compaction") +
               " (one result); --kind applies to prefix sums only";
    if (!v->takes_stride && r.stride != 1)
        return field("--stride", std::to_string(r.stride),
                     std::string(v->id) + " has no stride; --stride applies to copy-strided only");
    if (r.stride < memory::kMinStride || r.stride > memory::kMaxStride)
        return field("--stride", std::to_string(r.stride),
                     "out of range (" + std::to_string(memory::kMinStride) + ".." +
                         std::to_string(memory::kMaxStride) + ")");
    if (v->scan_op == ScanOp::FieldSums && r.n % memory::kStructFields != 0)
        return field("--n", std::to_string(r.n),
                     std::string(v->id) + " reads structs of " +
                         std::to_string(memory::kStructFields) + " elements: give a multiple of " +
                         std::to_string(memory::kStructFields));
    const unsigned grid = grid_for(*v, r.n, r.block, r.type);
    if (grid_out) *grid_out = grid;
    if (!r.all_blocks)
        for (std::uint32_t b : r.blocks)
            if (b >= grid) {
                const char* unit = v->dynamic_tiles && !v->persistent ? "tile" : "block";
                return field("--blocks", blocks_text,
                             std::string(unit) + " " + std::to_string(b) +
                                 " does not exist; the first pass has " + std::to_string(grid) +
                                 " " + unit + (grid == 1 ? "" : "s") + " (0.." +
                                 std::to_string(grid - 1) + ")");
            }
    return "";
}

// The commands' --block help: the rules, then their default (the window states its own).
const std::string& block_help() {
    static const std::string text = block_rules_help() + "; default " +
                                    std::to_string(default_block(BlockRule::PowerOfTwo32To1024)) +
                                    ", or the one size allowed";
    return text;
}

const std::string& pattern_help() {
    static const std::string text =
        std::string("input data: ") + kPatterns + " (" + kKeepPatternHelp + ")";
    return text;
}

}  // namespace

const std::string& block_rules_help() {
    static const std::string text = [] {
        std::string s =
            std::string("threads per block: ") + block_rule_text(BlockRule::PowerOfTwo32To1024);
        std::string others;
        for (BlockRule rule : {BlockRule::Any1To1024, BlockRule::PipelineWarps}) {
            std::string ids;
            for (const VariantInfo& v : catalog())
                if (v.block_rule == rule) ids += std::string(ids.empty() ? "" : ", ") + v.id;
            if (!ids.empty())
                others +=
                    std::string(others.empty() ? "" : "; ") + ids + ": " + block_rule_text(rule);
        }
        return others.empty() ? s : s + " (" + others + ")";
    }();
    return text;
}

const std::vector<RequestField>& request_fields() {
    static const std::vector<RequestField> fields = {
        {"--algo", "algorithm id (see `warpscope list`)", &RequestText::algo},
        {"--n", "number of elements: 1000, 2^20, 2^20+3", &RequestText::n},
        {"--block", block_help().c_str(), &RequestText::block},
        {"--type", "element type: int|float|double", &RequestText::type},
        {"--pattern", pattern_help().c_str(), &RequestText::pattern},
        {"--seed", "seed of the random and keep patterns", &RequestText::seed},
        {"--blocks",
         "traced blocks of the first pass: 0,3,5 or all (the window: one index); for the "
         "look-back scans and compactions, tiles: the block that drew each is traced",
         &RequestText::blocks},
        {"--schedule", "emulator schedule: lockstep|sequential|random:SEED|converged",
         &RequestText::schedule},
        {"--kind", "scans: inclusive|exclusive", &RequestText::kind},
        {"--stride", memory::kStrideHelp, &RequestText::stride},
    };
    return fields;
}

const VariantInfo* parse_algo(const std::string& text, std::string& error, const char* flag) {
    const VariantInfo* v = find_variant(text);
    if (v) return v;
    const Baseline* b = find_baseline(text);
    if (b && b->kind == BaselineKind::GpuOnly)
        error = field(flag, text,
                      "runs on the GPU only (not in the catalog: scan-pipeline is, and steps "
                      "through); `warpscope bench` times it with the baselines, beside CUB");
    else if (b)
        error = field(flag, text, "a baseline, not an algorithm: `warpscope bench` times it");
    else
        error = field(flag, text, "no such algorithm (see `warpscope list`)");
    return nullptr;
}

std::optional<trace::DType> parse_type(const std::string& text, std::string& error) {
    auto t = trace::parse_dtype(text);
    if (!t) error = field("--type", text, "not a type (int, float or double)");
    return t;
}

std::optional<trace::ScanKind> parse_kind(const std::string& text, std::string& error) {
    auto k = trace::parse_scan_kind(text);
    if (!k) error = field("--kind", text, "not a kind (inclusive or exclusive)");
    return k;
}

ParsedRequest parse_request(const RequestText& text, const RequestRules& rules) {
    ParsedRequest out;
    trace::Request& r = out.request;
    auto fail = [&](std::string e) {
        out.error = std::move(e);
        return out;
    };
    const VariantInfo* variant = rules.variant ? rules.variant : parse_algo(text.algo, out.error);
    if (!variant) return out;
    r.algo = text.algo;
    if (text.n.empty()) return fail("--n is required: the number of elements, e.g. 64 or 2^20");
    auto n = parse_count(text.n);
    if (!n) return fail(field("--n", text.n, "not a count (write 1000, 2^20 or 2^20+3)"));
    r.n = *n;
    // No --block: the variant's (256, or the one size it accepts).
    auto block = text.block.empty()
                     ? std::optional<std::uint64_t>(default_block(variant->block_rule))
                     : parse_count(text.block);
    if (!block || *block > 0xffffffffull)
        return fail(field("--block", text.block, "not a number of threads"));
    r.block = std::uint32_t(*block);
    auto type = parse_type(text.type, out.error);
    if (!type) return out;
    r.type = *type;
    r.pattern = text.pattern;
    auto seed = parse_count(text.seed);
    if (!seed) return fail(field("--seed", text.seed, "not a non-negative integer"));
    r.seed = *seed;
    r.schedule = text.schedule;
    auto kind = parse_kind(text.kind, out.error);
    if (!kind) return out;
    r.kind = *kind;
    auto stride = parse_count(text.stride);
    if (!stride || *stride > 0xffffffffull)
        return fail(field("--stride", text.stride, "not a number of elements"));
    r.stride = std::uint32_t(*stride);
    auto blocks = parse_block_list(text.blocks);
    if (!blocks) return fail(field("--blocks", text.blocks, "not a block list (0,3,5 or all)"));
    if (rules.one_block && (blocks->all || blocks->blocks.size() != 1))
        return fail(field("--blocks", text.blocks, "the window traces one block: give its index"));
    r.blocks = blocks->blocks;
    r.all_blocks = blocks->all;
    out.error = check_typed(r, rules.max_elements, text.blocks, &out.grid, rules.variant);
    return out;
}

std::string check_request(const trace::Request& r, std::uint64_t max_elements) {
    return check_typed(r, max_elements, r.all_blocks ? "all" : join(r.blocks), nullptr);
}

RequestText request_text(const trace::Request& r) {
    RequestText t;
    t.algo = r.algo;
    t.n = std::to_string(r.n);
    t.block = std::to_string(r.block);
    t.type = trace::dtype_name(r.type);
    t.pattern = r.pattern;
    t.seed = std::to_string(r.seed);
    t.blocks = r.all_blocks ? "all" : join(r.blocks);
    if (t.blocks.empty()) t.blocks = "0";
    t.schedule = r.schedule;
    t.kind = trace::scan_kind_name(r.kind);
    t.stride = std::to_string(r.stride);
    return t;
}

std::string command_line(const trace::Request& r) {
    const RequestText t = request_text(r);
    std::string s = "--algo " + t.algo + " --n " + t.n + " --block " + t.block + " --type " +
                    t.type + " --pattern " + t.pattern;
    if (t.pattern == "random") s += " --seed " + t.seed;
    if (t.schedule != RequestText{}.schedule) s += " --schedule " + t.schedule;
    if (t.blocks != RequestText{}.blocks) s += " --blocks " + t.blocks;
    if (t.kind != RequestText{}.kind) s += " --kind " + t.kind;
    if (t.stride != RequestText{}.stride) s += " --stride " + t.stride;
    return s;
}

bool request_text_from_flags(const std::string& flags, RequestText& text, std::string& error) {
    std::istringstream words(flags);
    std::string flag, value;
    while (words >> flag) {
        const RequestField* field = nullptr;
        for (const RequestField& f : request_fields())
            if (flag == f.flag) field = &f;
        if (!field) {
            error = flag + ": not a request flag";
            return false;
        }
        if (!(words >> value)) {
            error = flag + ": needs a value";
            return false;
        }
        text.*(field->text) = value;
    }
    return true;
}

std::string trace_brings_its_request(const std::string& trace_file, const std::string& flag) {
    return "--trace " + trace_file + " brings its own request: leave out " + flag;
}

}  // namespace ws::run
