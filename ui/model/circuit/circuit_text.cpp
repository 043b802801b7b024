// Work and depth in words, and the side-by-side requests.
#include "ui/model/circuit/circuit_text.hpp"

#include <algorithm>

#include "ui/model/trace/step_text.hpp"

namespace ws::ui {
namespace {

void replace_all(std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
}

std::uint32_t log2_floor(std::uint64_t m) {
    std::uint32_t l = 0;
    while ((std::uint64_t(2) << l) <= m) ++l;
    return l;
}

const VariantInfo* variant_of(const TraceView& v) {
    return v.variant;
}

}  // namespace

std::uint32_t tile_elements(const TraceView& v) {
    const VariantInfo* info = variant_of(v);
    if (!info) return 0;
    if (info->family == Family::Scan) return info->elems_per_thread * v.threads;
    return v.circuit.columns();
}

std::string pretty_formula(const std::string& text) {
    std::string s = text;
    replace_all(s, "log2(m)", "log\xe2\x82\x82m");
    replace_all(s, "log2(", "log\xe2\x82\x82(");
    replace_all(s, "*", "\xc2\xb7");
    replace_all(s, " - ", " \xe2\x88\x92 ");
    return s;
}

NumberLines circuit_numbers(const TraceView& v) {
    NumberLines out;
    const Circuit& c = v.circuit;
    const VariantInfo* info = variant_of(v);
    const std::uint32_t m = tile_elements(v);
    out.measured =
        plural(c.work(), "addition", "additions") + ", depth " + std::to_string(c.depth());
    out.work = "work  " + plural(c.work(), "addition", "additions");
    out.depth = "depth  " + std::to_string(c.depth()) + " (the longest chain of additions)";
    if (!info || !m) return out;
    const std::string of_m = "   m = " + std::to_string(m) +
                             (info->family == Family::Scan ? " elements a block" : " cells");
    if (info->family == Family::Reduce) {
        const std::uint64_t need = m - 1;
        const std::uint32_t lg = log2_floor(m);
        out.work += "   (a tree needs m \xe2\x88\x92 1 = " + std::to_string(need) + ")";
        out.depth += "   (at least log\xe2\x82\x82m = " + std::to_string(lg) + ")" + of_m;
        return out;
    }
    const auto f = textbook_work_depth(*info, m);
    if (!f) {
        out.work += "   (no textbook formula for this variant)";
        out.depth += of_m;
        return out;
    }
    out.work += "   textbook " + pretty_formula(f->work_text) + " = " + std::to_string(f->work);
    out.depth +=
        "   textbook " + pretty_formula(f->depth_text) + " = " + std::to_string(f->depth) + of_m;
    out.textbook = "textbook " + pretty_formula(f->work_text) + " = " + std::to_string(f->work) +
                   ", " + pretty_formula(f->depth_text) + " = " + std::to_string(f->depth);
    out.work_matches = f->work == c.work();
    out.depth_matches = f->depth == c.depth();
    return out;
}

// "62, 60, 56, 48 and 32"
std::string counts_text(const std::vector<std::uint32_t>& counts) {
    std::string out;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (i) out += i + 1 == counts.size() ? " and " : ", ";
        out += std::to_string(counts[i]);
    }
    return out;
}

std::string level_sentence(const CircuitLevel& l, std::uint32_t depth) {
    if (l.rows <= 1)
        return "This step does " + plural(l.additions, "addition", "additions") +
               " at once, none waiting for another: link " + std::to_string(l.last_depth) +
               " of the longest chain's " + std::to_string(depth) + ".";
    return "This step does " + plural(l.additions, "addition", "additions") + " in " +
           std::to_string(l.rows) + " rows, one after another with no barrier between them (" +
           counts_text(l.row_additions) +
           "): each row needs the one before, so the step is links " +
           std::to_string(l.first_depth) + "\xe2\x80\x93" + std::to_string(l.last_depth) +
           " of the longest chain's " + std::to_string(depth) +
           " (the lanes of a warp are trusted to keep in step).";
}

std::vector<std::string> circuit_sentences(const TraceView& v, std::size_t step) {
    const Circuit& c = v.circuit;
    const VariantInfo* info = variant_of(v);
    if (c.empty() || !info || info->family != Family::Scan) return {};
    const std::uint32_t m = tile_elements(v);
    std::string first =
        "The scan network of this block: " + plural(c.work(), "addition", "additions") +
        ", depth " + std::to_string(c.depth()) + " (its longest chain of additions, each " +
        "waiting for the one before)";
    if (const auto f = textbook_work_depth(*info, m))
        first += " (textbook for m = " + std::to_string(m) + ": " + std::to_string(f->work) +
                 " additions, " + pretty_formula(f->work_text) + ", and depth " +
                 std::to_string(f->depth) + ", " + pretty_formula(f->depth_text) + ")";
    first += ".";
    std::string second;
    const std::size_t origin = step < v.steps.size() ? v.steps[step].origin : step;
    const long level = c.level_of_step(origin);
    const std::uint32_t done = c.levels_done(origin);
    if (level >= 0) {
        second = level_sentence(c.levels[std::size_t(level)], c.depth());
    } else if (done == 0) {
        second = "No addition yet: this step only moves data.";
    } else if (done == c.adding_steps()) {
        second = "Every addition is done; this step only moves data.";
    } else {
        second = "This step adds nothing (" + std::to_string(done) + " of the " +
                 std::to_string(c.adding_steps()) + " steps that add are done).";
    }
    return {first, second};
}

std::uint32_t side_by_side_elements(const trace::Request& r) {
    const VariantInfo* info = find_variant(r.algo);
    std::uint64_t m = r.n;
    if (info && measures_work_depth(*info)) m = std::uint64_t(info->elems_per_thread) * r.block;
    std::uint32_t p = 64;
    while (p < m && p < 1024) p *= 2;
    return p;
}

trace::Request side_by_side_request(const trace::Request& r, const char* algo, std::uint32_t m) {
    trace::Request out = r;
    out.algo = algo;
    out.n = m;
    const VariantInfo* info = find_variant(algo);
    out.block = info && info->elems_per_thread ? m / info->elems_per_thread : m;
    out.blocks = {0};
    out.all_blocks = false;
    return out;
}

}  // namespace ws::ui
