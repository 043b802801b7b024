#include "kernels/catalog.hpp"

#include <sstream>

#include "kernels/embedded_sources.hpp"

namespace ws {
namespace {

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

const char* family_name(Family f) { return f == Family::Reduce ? "reduce" : "scan"; }

const std::vector<VariantInfo>& catalog() {
    return kCatalog;
}

const VariantInfo* find_variant(std::string_view id) {
    for (const auto& v : kCatalog)
        if (id == v.id) return &v;
    return nullptr;
}

const char* variant_source(const VariantInfo& v) { return embedded_source(v.source_file); }

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
    unsigned elems = block;
    if (v.smem_rule == SmemRule::PerThreadMin64 && elems < 64) elems = 64;
    if (v.smem_rule == SmemRule::PerWarp) elems = block / 32;
    return elems * trace::dtype_size(type);
}

unsigned passes_for(const VariantInfo& v, std::uint64_t n, unsigned block) {
    unsigned passes = 0;
    do {
        n = grid_for(v, n, block);
        ++passes;
    } while (n > 1);
    return passes;
}

std::uint64_t bytes_moved(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType t) {
    const std::uint64_t size = trace::dtype_size(t);
    std::uint64_t bytes = 0;
    do {
        const std::uint64_t grid = grid_for(v, n, block);
        bytes += (n + grid) * size;  // read every element, write one partial per block
        n = grid;
    } while (n > 1);
    return bytes;
}

std::string check_request(const VariantInfo& v, std::uint64_t n, unsigned block,
                          std::uint64_t max_elements) {
    if (n == 0) return "--n 0: there is nothing to reduce; give at least 1 element";
    if (n > max_elements)
        return "--n " + std::to_string(n) + ": too large here (at most " +
               std::to_string(max_elements) + " elements)";
    if (block < 32 || block > 1024 || (block & (block - 1)) != 0)
        return "--block " + std::to_string(block) + ": " + v.id +
               " needs a power of two from 32 to 1024";
    return "";
}

}  // namespace ws
