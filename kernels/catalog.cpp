#include "kernels/catalog.hpp"

#include <sstream>

#include "kernels/embedded_sources.hpp"
#include "kernels/scan_plan.hpp"
#include "kernels/trace/analysis.hpp"

namespace ws {
namespace {

using trace::ScanKind;

const std::vector<VariantInfo> kCatalog = {
    {"reduce-interleaved-divergent", Family::Reduce, 1,
     "Interleaved addressing, divergent branching",
     "tid % (2*s) == 0 picks every other thread: idle lanes in every warp",
     "kernels/algorithms/reduce/01_interleaved_divergent.cuh", 1, 0, SmemRule::PerThread, false},
    {"reduce-interleaved-strided", Family::Reduce, 2, "Interleaved addressing, strided index",
     "index = 2*s*tid keeps warps busy together, but lanes collide in banks",
     "kernels/algorithms/reduce/02_interleaved_strided.cuh", 1, 0, SmemRule::PerThread, false},
    {"reduce-sequential", Family::Reduce, 3, "Sequential addressing",
     "stride halves from blockDim/2: consecutive words, no bank conflicts",
     "kernels/algorithms/reduce/03_sequential.cuh", 1, 0, SmemRule::PerThread, false},
    {"reduce-first-add", Family::Reduce, 4, "First add during global load",
     "each thread adds two elements while loading: no idle threads at the start",
     "kernels/algorithms/reduce/04_first_add.cuh", 2, 0, SmemRule::PerThread, false},
    {"reduce-unroll-last-warp", Family::Reduce, 5, "Unroll the last warp (with __syncwarp)",
     "the last 32 threads finish with warp syncs instead of block barriers",
     "kernels/algorithms/reduce/05_unroll_last_warp.cuh", 2, 0, SmemRule::PerThreadMin64, false},
    {"reduce-unroll-last-warp-legacy", Family::Reduce, 6,
     "Unroll the last warp, legacy (volatile, no sync)",
     "the 2007 warp-synchronous idiom: racy since Volta; try the sequential schedule",
     "kernels/algorithms/reduce/06_unroll_last_warp_legacy.cuh", 2, 0, SmemRule::PerThreadMin64,
     true},
    {"reduce-complete-unroll", Family::Reduce, 7, "Completely unrolled (block size as template)",
     "the block size is a template parameter: every loop unrolled at compile time",
     "kernels/algorithms/reduce/07_complete_unroll.cuh", 2, 0, SmemRule::PerThreadMin64, false},
    {"reduce-multi-element", Family::Reduce, 8, "Multiple elements per thread (grid-stride)",
     "a capped grid walks the array: many loads per thread, one tree per block",
     "kernels/algorithms/reduce/08_multi_element.cuh", 2, 1024, SmemRule::PerThreadMin64, false},
    {"reduce-warp-shuffle", Family::Reduce, 9, "Warp shuffle (__shfl_down_sync)",
     "lanes add registers through shuffles; one shared word per warp",
     "kernels/algorithms/reduce/09_warp_shuffle.cuh", 2, 1024, SmemRule::PerWarp, false},

    // Scans. Every one runs device-wide; the block-level ones (1-7) through scan-then-fan.
    {"scan-kogge-stone", Family::Scan, 1, "Kogge-Stone (Hillis-Steele), double-buffered",
     "every element adds the one offset places left: log2(m) deep, m*log2(m) work",
     "kernels/algorithms/scan/01_kogge_stone.cuh", 1, 0, SmemRule::TwoPerThread, false,
     ScanDriver::ScanThenFan, ScanKind::Inclusive, WorkFormula::KoggeStone, false, 4},
    {"scan-kogge-stone-inplace", Family::Scan, 2, "Kogge-Stone in place, warp-synchronous (legacy)",
     "s[t] += s[t - offset] in a warp with no sync: racy; try the sequential schedule",
     "kernels/algorithms/scan/02_kogge_stone_inplace.cuh", 1, 0, SmemRule::PerThreadPlusWarps, true,
     ScanDriver::ScanThenFan, ScanKind::Inclusive, WorkFormula::None, false, 4},
    {"scan-blelloch", Family::Scan, 3, "Blelloch: work-efficient up-sweep and down-sweep",
     "2(m-1) additions along a tree; its strided indices collide in banks",
     "kernels/algorithms/scan/03_blelloch.cuh", 2, 0, SmemRule::TwoPerThread, false,
     ScanDriver::ScanThenFan, ScanKind::Exclusive, WorkFormula::Blelloch, false, 4},
    {"scan-blelloch-padded", Family::Scan, 4, "Blelloch with conflict-free padding",
     "a padding word every 32 words spreads the tree's strides over the banks",
     "kernels/algorithms/scan/04_blelloch_padded.cuh", 2, 0, SmemRule::TwoPerThreadPadded, false,
     ScanDriver::ScanThenFan, ScanKind::Exclusive, WorkFormula::Blelloch, false, 4},
    {"scan-brent-kung", Family::Scan, 5, "Brent-Kung",
     "an up-sweep tree, then a distribution tree: inclusive, 2m - log2(m) - 2 additions",
     "kernels/algorithms/scan/05_brent_kung.cuh", 2, 0, SmemRule::TwoPerThread, false,
     ScanDriver::ScanThenFan, ScanKind::Inclusive, WorkFormula::BrentKung, false, 4},
    {"scan-sklansky", Family::Scan, 6, "Sklansky: minimum depth",
     "each upper half adds the last of its lower half: log2(m) deep, (m/2)*log2(m) work",
     "kernels/algorithms/scan/06_sklansky.cuh", 2, 0, SmemRule::TwoPerThread, false,
     ScanDriver::ScanThenFan, ScanKind::Inclusive, WorkFormula::Sklansky, false, 4},
    {"scan-warp-shuffle", Family::Scan, 7, "Warp shuffle (__shfl_up_sync)",
     "warps scan registers with shuffles; one shared word per warp",
     "kernels/algorithms/scan/07_warp_shuffle.cuh", 1, 0, SmemRule::PerWarp, false,
     ScanDriver::ScanThenFan, ScanKind::Inclusive, WorkFormula::WarpShuffle, false, 4},
    {"scan-then-fan", Family::Scan, 8, "Scan-then-fan (device-wide)",
     "scan big tiles, scan their totals, add them back: every element moved 4 times",
     "kernels/algorithms/scan/08_scan_then_fan.cuh", 8, 0, SmemRule::TwoPerWarp, false,
     ScanDriver::ScanThenFan, ScanKind::Inclusive, WorkFormula::None, false, 4},
    {"scan-reduce-then-scan", Family::Scan, 9, "Reduce-then-scan (device-wide)",
     "sum the tiles, scan the totals, scan each tile from its prefix: moved 3 times",
     "kernels/algorithms/scan/09_reduce_then_scan.cuh", 8, 0, SmemRule::TwoPerWarp, false,
     ScanDriver::ReduceThenScan, ScanKind::Inclusive, WorkFormula::None, false, 3},
    {"scan-decoupled-lookback", Family::Scan, 10, "Single pass, decoupled look-back",
     "tiles from a counter publish their sums and look back: one launch, moved twice",
     "kernels/algorithms/scan/10_decoupled_lookback.cuh", 8, 0, SmemRule::TwoPerWarpPlus2, false,
     ScanDriver::SinglePass, ScanKind::Inclusive, WorkFormula::None, true, 2},
};

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
    return f == Family::Reduce ? "reduce" : "scan";
}

const std::vector<VariantInfo>& catalog() {
    return kCatalog;
}

const VariantInfo* find_variant(std::string_view id) {
    for (const auto& v : kCatalog)
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

unsigned grid_for(const VariantInfo& v, std::uint64_t n, unsigned block) {
    const std::uint64_t per_block = std::uint64_t(block) * v.elems_per_thread;
    std::uint64_t grid = (n + per_block - 1) / per_block;
    if (grid == 0) grid = 1;
    if (v.max_grid && grid > v.max_grid) grid = v.max_grid;
    return unsigned(grid);
}

std::uint32_t smem_bytes_for(const VariantInfo& v, unsigned block, trace::DType type) {
    const unsigned warps = block / 32;
    unsigned elems = block;
    switch (v.smem_rule) {
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
    }
    return elems * trace::dtype_size(type);
}

unsigned passes_for(const VariantInfo& v, std::uint64_t n, unsigned block) {
    if (v.family == Family::Scan)
        return unsigned(
            scan_plan(v, n, block, trace::DType::Int32, ScanKind::Inclusive).launches.size());
    unsigned passes = 0;
    do {
        n = grid_for(v, n, block);
        ++passes;
    } while (n > 1);
    return passes;
}

std::uint64_t bytes_moved(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType t) {
    if (v.family == Family::Scan) return scan_plan(v, n, block, t, ScanKind::Inclusive).bytes;
    const std::uint64_t size = trace::dtype_size(t);
    std::uint64_t bytes = 0;
    do {
        const std::uint64_t grid = grid_for(v, n, block);
        bytes += (n + grid) * size;  // read every element, write one partial per block
        n = grid;
    } while (n > 1);
    return bytes;
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
            f = {2 * mm - lg - 2, 2 * lg - 1, "2*m - log2(m) - 2", "2*log2(m) - 1"};
            break;
        case WorkFormula::Sklansky:
            f = {mm / 2 * lg, lg, "(m/2)*log2(m)", "log2(m)"};
            break;
        case WorkFormula::WarpShuffle: {
            // Each warp: 32*5 - 31 additions; warp 0 scans the m/32 totals (Kogge-Stone); every
            // warp but the first adds the total before it: 5m - 31 + (m/32)*log2(m/32).
            if (m < 32) return std::nullopt;
            const std::uint64_t w = mm / 32;
            f = {5 * mm - 31 + w * (lg - 5), lg + (m > 32 ? 1u : 0u),
                 "5*m - 31 + (m/32)*log2(m/32)", "log2(m) + 1 (log2(m) for m = 32)"};
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
