#include "kernels/catalog.hpp"

#include <algorithm>
#include <sstream>

#include "kernels/algorithms/memory/memory_rules.hpp"
#include "kernels/algorithms/scan/pipeline_shape.hpp"
#include "kernels/catalog_rows.hpp"
#include "kernels/embedded_sources.hpp"
#include "kernels/trace/analysis.hpp"

namespace ws {
namespace {

std::string header_line(const std::string& text, const std::string& key) {
    // "// Key: first line\n//   continuation\n" -> "first line continuation"
    std::istringstream in(text);
    std::string line, out;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line.rfind("//", 0) != 0) break;
        std::string body = line.substr(2);
        if (body.rfind(" " + key + ":", 0) == 0) {
            inside = true;
            out = body.substr(key.size() + 2);
        } else if (inside && body.rfind("   ", 0) == 0) {
            out += " " + body.substr(3);
            continue;
        } else if (inside) {
            break;
        }
    }
    while (!out.empty() && out.front() == ' ') out.erase(out.begin());
    return out;
}

}  // namespace

const char* family_name(Family f) {
    switch (f) {
        case Family::Reduce:
            return "reduce";
        case Family::Scan:
            return "scan";
        case Family::Memory:
            return "memory";
    }
    return "?";
}

const char* family_title(Family f) {
    switch (f) {
        case Family::Reduce:
            return "Reductions";
        case Family::Scan:
            return "Scans";
        case Family::Memory:
            return "Memory";
    }
    return "?";
}

bool accepts_block(BlockRule rule, unsigned block) {
    switch (rule) {
        case BlockRule::PowerOfTwo32To1024:
            return block >= 32 && block <= 1024 && (block & (block - 1)) == 0;
        case BlockRule::Any1To1024:
            return block >= 1 && block <= 1024;
        case BlockRule::PipelineWarps:
            return block == scan::pipeline::kThreads;
    }
    return false;
}

const char* block_rule_text(BlockRule rule) {
    switch (rule) {
        case BlockRule::PowerOfTwo32To1024:
            return "a power of two from 32 to 1024";
        case BlockRule::Any1To1024:
            return "any size from 1 to 1024";
        case BlockRule::PipelineWarps:
            return "exactly 224: a producer, an aggregator, a look-back warp and four consumer "
                   "warps";
    }
    return "?";
}

const char* block_rule_name(BlockRule rule) {
    switch (rule) {
        case BlockRule::PowerOfTwo32To1024:
            return "power-of-two-32-1024";
        case BlockRule::Any1To1024:
            return "any-1-1024";
        case BlockRule::PipelineWarps:
            return "exactly-224";
    }
    return "?";
}

std::vector<unsigned> block_presets(BlockRule rule) {
    switch (rule) {
        case BlockRule::PowerOfTwo32To1024:
            break;
        case BlockRule::Any1To1024:
            return {1, 7, 32, 96, 100, 128, 256, 512, 1000, 1024};
        case BlockRule::PipelineWarps:
            return {scan::pipeline::kThreads};
    }
    return {32, 64, 128, 256, 512, 1024};
}

unsigned default_block(BlockRule rule) {
    return rule == BlockRule::PipelineWarps ? scan::pipeline::kThreads : 256;
}

unsigned usable_block(BlockRule rule, unsigned wanted) {
    return accepts_block(rule, wanted) ? wanted : default_block(rule);
}

unsigned opening_block(const VariantInfo& v, unsigned wanted) {
    return usable_block(v.block_rule, std::max(wanted, v.lesson_block));
}

const std::vector<std::string>& result_names(ReduceOp op) {
    static const std::vector<std::string> sum = {"sum"};
    static const std::vector<std::string> four = {"min", "max", "sum", "avg"};
    static const std::vector<std::string> count = {"count"};
    return op == ReduceOp::MinMaxSumAvg ? four : op == ReduceOp::CountPositive ? count : sum;
}

const char* result_word(ReduceOp op) {
    return op == ReduceOp::CountPositive ? "count" : "sum";
}

std::size_t result_index(ReduceOp op) {
    const std::vector<std::string>& names = result_names(op);
    return std::size_t(std::find(names.begin(), names.end(), result_word(op)) - names.begin());
}

const std::vector<VariantInfo>& catalog() {
    static const std::vector<VariantInfo> rows = make_catalog();
    return rows;
}

const VariantInfo* find_variant(std::string_view id) {
    for (const auto& v : catalog())
        if (id == v.id) return &v;
    return nullptr;
}

const char* variant_source(const VariantInfo& v) {
    return embedded_source(v.source_file);
}

TeachingNotes teaching_notes(const VariantInfo& v) {
    const char* src = variant_source(v);
    if (!src) return {};
    const std::string text = src;
    TeachingNotes n;
    n.what_changed = header_line(text, "What changed");
    n.why_faster = header_line(text, "Why it is faster");
    if (n.why_faster.empty()) n.why_faster = header_line(text, "Why it is slow");
    if (n.why_faster.empty()) n.why_faster = header_line(text, "Why it is faster (and still slow)");
    if (n.why_faster.empty()) n.why_faster = header_line(text, "Why it is wrong today");
    n.needs = header_line(text, "Needs");
    return n;
}

std::uint64_t accepted_count(const VariantInfo& v, std::uint64_t n) {
    if (v.scan_op != ScanOp::FieldSums) return n;
    return (n + memory::kStructFields - 1) / memory::kStructFields * memory::kStructFields;
}

bool is_plain_sum(const VariantInfo& v) {
    return v.family == Family::Reduce && v.reduce_driver == ReduceDriver::MultiPass &&
           v.reduce_op == ReduceOp::Sum && v.max_grid == 0;
}

std::uint32_t tile_elements(const VariantInfo& v, unsigned block, trace::DType type) {
    if (v.tile_bytes) return v.tile_bytes / std::uint32_t(trace::dtype_size(type));
    return v.elems_per_thread * block;
}

unsigned status_words_per_tile(const VariantInfo& v, trace::DType type) {
    return v.wide_status && trace::dtype_size(type) > 4 ? 2 : 1;
}

unsigned grid_for(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType type) {
    const std::uint64_t per_block = tile_elements(v, block, type);
    std::uint64_t grid = (n + per_block - 1) / per_block;
    if (grid == 0) grid = 1;
    if (v.max_grid && grid > v.max_grid) grid = v.max_grid;
    return unsigned(grid);
}

std::uint32_t smem_bytes_for(const VariantInfo& v, unsigned block, trace::DType type) {
    const unsigned warps = block / 32;
    unsigned elems = block;
    switch (v.smem_rule) {
        case SmemRule::None:
            elems = 0;
            break;
        case SmemRule::PerThread:
            elems = block;
            break;
        case SmemRule::PerThreadMin64:
            elems = block < 64 ? 64 : block;
            break;
        case SmemRule::PerWarp:
            elems = warps;
            break;
        case SmemRule::TwoPerThread:
            elems = 2 * block;
            break;
        case SmemRule::TwoPerThreadPadded:
            elems = 2 * block + 2 * block / 32;
            break;
        case SmemRule::PerThreadPlusWarps:
            elems = block + warps;
            break;
        case SmemRule::TwoPerWarp:
            elems = 2 * warps;
            break;
        case SmemRule::TwoPerWarpPlus2:
            elems = 2 * warps + 2;
            break;
        case SmemRule::PerWarpPlus1:
            elems = warps + 1;
            break;
        case SmemRule::PerWarpPlus3:
            elems = warps + 3;
            break;
        case SmemRule::FourPerThread:
            elems = 4 * block;
            break;
        case SmemRule::ZeroPaddedWarpRows:
            elems = 49 * (warps + 1);
            break;
        case SmemRule::PipelineStages:  // bytes, not elements
            return trace::dtype_size(type) > 4 ? scan::pipeline::Shape<8>::kSharedBytes
                                               : scan::pipeline::Shape<4>::kSharedBytes;
    }
    return elems * trace::dtype_size(type);
}

trace::ColumnMap column_map(const VariantInfo& v, std::uint32_t threads, std::uint32_t cells) {
    trace::ColumnMap m;
    m.layout = v.layout;
    const std::uint32_t tile = v.elems_per_thread * threads;
    switch (v.layout) {
        case TileLayout::Registers:
            m.columns = threads;
            break;
        case TileLayout::DoubleBuffer:
        case TileLayout::Padded:
        case TileLayout::ZeroPadded:
        case TileLayout::Arrays:
            m.columns = tile;
            break;
        case TileLayout::Elements:
            m.columns = std::min(cells, tile);
            break;
    }
    return m;
}

namespace {
unsigned log2_of(unsigned m) {
    unsigned l = 0;
    while ((2u << l) <= m) ++l;
    return l;
}
}  // namespace

std::optional<WorkDepthFormula> textbook_work_depth(const VariantInfo& v, unsigned m) {
    if (m < 2 || (m & (m - 1)) != 0) return std::nullopt;
    const std::uint64_t mm = m;
    const unsigned lg = log2_of(m);
    WorkDepthFormula f;
    switch (v.work_formula) {
        case WorkFormula::None:
            return std::nullopt;
        case WorkFormula::KoggeStone:
            f = {mm * lg - (mm - 1), lg, "m*log2(m) - (m - 1)", "log2(m)"};
            break;
        case WorkFormula::Blelloch:
            f = {2 * (mm - 1), 2 * lg, "2*(m - 1)", "2*log2(m)"};
            break;
        case WorkFormula::BrentKung:
            // 2*log2(m) - 1 steps add, but the longest chain is one shorter: the up-sweep's
            // last addition makes the total, which no addition of the distribution tree waits
            // for (the tree's first addition reads the half-way total, a level earlier).
            f = {2 * mm - lg - 2, 2 * lg - 2, "2*m - log2(m) - 2", "2*log2(m) - 2"};
            break;
        case WorkFormula::Sklansky:
            f = {mm / 2 * lg, lg, "(m/2)*log2(m)", "log2(m)"};
            break;
        case WorkFormula::WarpShuffle: {
            // Each warp: 32*5 - 31 additions; warp 0 scans the m/32 totals (Kogge-Stone); every
            // warp but the first adds the total before it: 5m - 31 + (m/32)*log2(m/32). The
            // longest chain: the warp's 5 levels, the totals scan as far as the last warp needs
            // (log2(m/32) levels, none for two warps: the second adds the first's total as it
            // is), then the add-back: log2(m) + 1, but log2(m) for m of 32 or 64.
            if (m < 32) return std::nullopt;
            const std::uint64_t w = mm / 32;
            f = {5 * mm - 31 + w * (lg - 5), lg + (m > 64 ? 1u : 0u),
                 "5*m - 31 + (m/32)*log2(m/32)", "log2(m) + 1 (log2(m) for m of 32 or 64)"};
            break;
        }
        case WorkFormula::WarpZeroPadded: {
            // Every lane adds at each of 5 levels (zeros too): 5m; warp 0's 32 lanes scan the
            // totals over log2(m/32) levels; every warp but the first adds the total before it.
            if (m < 32) return std::nullopt;
            f = {6 * mm - 32 + 32 * std::uint64_t(lg - 5), lg + (m > 32 ? 1u : 0u),
                 "6*m - 32 + 32*log2(m/32) (zeros added too)", "log2(m) + 1 (log2(m) for m = 32)"};
            break;
        }
    }
    return f;
}

bool measures_work_depth(const VariantInfo& v) {
    if (v.family != Family::Scan) return false;
    const char* src = variant_source(v);
    return src && !trace::marked_lines(src).empty();
}

}  // namespace ws
