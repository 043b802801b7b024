// Results in words: the run's line, and each block's.
#include "kernels/run/result_text.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <vector>

#include "kernels/algorithms/scan/compact_predicate.hpp"
#include "kernels/plan_buffers.hpp"
#include "kernels/run/input_data.hpp"
#include "kernels/trace/analysis.hpp"
#include "kernels/trace/event_value.hpp"

namespace ws::run {
namespace {

using trace::EventKind;

std::string short_text(double v, trace::DType type) {
    char buf[48];
    if (type == trace::DType::Int32 && v == double(static_cast<long long>(v)))
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    else
        std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

// What one block wrote, and how to read it.
struct Block {
    const trace::Trace& t;
    const trace::BlockTrace& b;
    std::uint32_t threads;
    trace::DType type;
    std::string text(double v) const { return trace::format_value(v, type); }
    double value(const trace::Event& e) const { return trace::event_value(e, type); }
    bool output_write(const trace::Event& e) const {
        return e.kind == EventKind::GlobalWrite && e.buffer == kOutputBuffer;
    }
};

// What a thread added to the output with an atomic. Its Atomic event holds what the output held
// before, not what was added; what was added is the thread's last value: the shared word it
// read, plus each shuffle it received after it, in order (v = s[lane]; v += shfl_down(v, k)),
// summed here in the kernel's type as the kernel summed it. nullopt for another shape.
std::optional<double> atomic_addend(const trace::BlockTrace& b, std::size_t atomic,
                                    trace::DType type) {
    std::vector<std::uint64_t> received;
    std::size_t i = atomic;
    while (i > 0 && b.events[i - 1].thread == b.events[atomic].thread &&
           b.events[i - 1].kind == EventKind::Shuffle)
        received.push_back(b.events[--i].value);
    if (i == 0 || b.events[i - 1].thread != b.events[atomic].thread ||
        b.events[i - 1].kind != EventKind::SharedRead)
        return std::nullopt;
    const std::uint64_t start = b.events[i - 1].value;
    std::optional<double> sum;
    trace::visit_dtype(type, [&](auto zero) {
        using T = decltype(zero);
        auto as_t = [](std::uint64_t bits) {
            T x;
            std::memcpy(&x, &bits, sizeof(T));
            return x;
        };
        T v = as_t(start);
        for (auto r = received.rbegin(); r != received.rend(); ++r) v = T(v + as_t(*r));
        sum = double(v);
        return true;
    });
    return sum;
}

// A last-block reduction's block: its partial, when it finished among the blocks (the old value
// of its atomic on the counter), and for the last one the sum it wrote: "partial 120, finished
// 3rd of 16" or "partial 120, finished last of 16: sum 4000".
std::string last_block_words(const Block& k, const trace::Event* sum) {
    const std::uint32_t grid = k.t.grid;
    if (grid == 1 && sum) return "sum " + k.text(k.value(*sum));  // a lone block: its partial
    std::string partial, finished;
    for (const trace::Event& e : k.b.events) {
        if (e.kind == EventKind::GlobalWrite && e.buffer != kOutputBuffer && partial.empty())
            partial = "partial " + k.text(k.value(e));
        if (e.kind == EventKind::Atomic && e.buffer != kOutputBuffer && finished.empty()) {
            const std::uint64_t place = e.value + 1;
            finished = place == grid ? "finished last of " + std::to_string(grid)
                                     : "finished " + ordinal(place) + " of " + std::to_string(grid);
        }
    }
    std::string out = partial;
    if (!finished.empty()) out += (partial.empty() ? "" : ", ") + finished;
    if (sum) out += ": sum " + k.text(k.value(*sum));
    return out;
}

// Several results a block (reduce-minmax-avg): its writes to the output in address order, one a
// result, and beside the average what sum / count is for the elements the block held.
std::string several_results_words(const Block& k, const VariantInfo& info) {
    std::vector<const trace::Event*> writes;
    for (const trace::Event& e : k.b.events)
        if (k.output_write(e)) writes.push_back(&e);
    std::sort(writes.begin(), writes.end(),
              [](const trace::Event* a, const trace::Event* b) { return a->address < b->address; });
    const std::vector<std::string>& names = result_names(info.reduce_op);
    std::string out;
    double sum = 0;
    for (std::size_t i = 0; i < writes.size() && i < names.size(); ++i) {
        const double value = k.value(*writes[i]);
        out += (i ? ", " : "") + names[i] + " " + k.text(value);
        if (names[i] == "sum") sum = value;
    }
    const std::uint64_t first = std::uint64_t(k.b.block) * k.t.request.block;
    const std::uint64_t n = k.t.request.n;
    const std::uint64_t count =
        n > first ? std::min<std::uint64_t>(k.t.request.block, n - first) : 0;
    if (writes.size() == names.size() && count > 0)
        out += " (sum / " + std::to_string(count) + " = " +
               trace::format_value(sum / double(count), trace::DType::Float64) + ")";
    return out;
}

// Under a spin lock each holder reads the output and writes it back with its part added: the
// block's part is what its holders' writes changed, new - read, summed over them.
std::string locked_words(const Block& k, const std::string& word) {
    std::vector<const trace::Event*> read(k.threads, nullptr);
    long double changed = 0;
    bool any = false;
    for (const trace::Event& e : k.b.events) {
        if (e.buffer != kOutputBuffer || e.thread >= k.threads) continue;
        if (e.kind == EventKind::GlobalRead) read[e.thread] = &e;
        if (e.kind == EventKind::GlobalWrite && read[e.thread]) {
            changed += (long double)k.value(e) - (long double)k.value(*read[e.thread]);
            read[e.thread] = nullptr;
            any = true;
        }
    }
    return any ? word + k.text(double(changed)) : "";
}

// What the block's atomics on the output's first word added: one atomic, what it added from the
// values that made it; several (a thread or a warp each), what they changed the output by, the
// sum of new - old over those that wrote.
std::string atomic_words(const Block& k, const std::string& label) {
    std::vector<std::size_t> atomics;
    for (std::size_t i = 0; i < k.b.events.size(); ++i) {
        const trace::Event& e = k.b.events[i];
        if (e.kind == EventKind::Atomic && e.buffer == kOutputBuffer && e.address == 0 &&
            trace::atomic_wrote(k.b, i))
            atomics.push_back(i);
    }
    if (atomics.empty()) return "";
    if (atomics.size() == 1) {
        if (const auto added = atomic_addend(k.b, atomics[0], k.type))
            return label + k.text(*added);
        // an addend from no recorded value (a barrier's count): what it changed
    }
    long double changed = 0;
    for (std::size_t i : atomics)
        changed += (long double)k.value(k.b.events[i + 1]) - (long double)k.value(k.b.events[i]);
    return label + k.text(double(changed));
}

}  // namespace

std::string result_line(const trace::Trace& t) {
    if (!t.results.empty()) {
        std::string out;
        for (const trace::ResultValue& r : t.results)
            out += (out.empty() ? "" : ", ") + r.name + " " +
                   short_text(r.result.as_double(), r.result.type);
        return out + (t.ok ? ": ok" : ": WRONG");
    }
    const VariantInfo* v = find_variant(t.request.algo);
    if (v && v->scan_op == ScanOp::CompactPositive)
        return "kept " + t.result.to_string() + " of " + std::to_string(t.request.n) +
               ", expected " + t.expected.to_string() + (t.ok ? ": ok" : ": WRONG");
    const std::string label = v && v->family == Family::Memory ? array_result_label(*v) : "result";
    std::string out = label + " " + t.result.to_string() + ", expected " + t.expected.to_string();
    if (t.result.type != trace::DType::Int32 && t.tolerance > 0) {
        char buf[48];
        std::snprintf(buf, sizeof buf, " (within %.2g)", t.tolerance);
        out += buf;
    }
    return out + (t.ok ? ": ok" : ": WRONG");
}

std::string average_line(const trace::Trace& t) {
    for (const trace::ResultValue& r : t.results) {
        if (r.exact != r.exact) continue;
        const std::string got = short_text(r.result.as_double(), r.result.type);
        const std::string mean = short_text(r.exact, trace::DType::Float64);
        const std::string how = "sum / n = " + short_text(t.result.as_double(), t.result.type) +
                                " / " + std::to_string(t.request.n);
        const auto power_of_two = [](std::uint64_t x) { return x != 0 && (x & (x - 1)) == 0; };
        if (got == mean && power_of_two(t.request.n) && power_of_two(t.request.block))
            return r.name + " " + got + " is the true average (" + how +
                   "): every pair the tree averaged counted the same number of elements";
        if (got == mean)
            return r.name + " " + got + " equals the true average (" + how +
                   ") only because these values are evenly spread: the halves counted "
                   "different numbers of elements; try random data";
        return r.name + " " + got + " is the wiki's average of averages, wrong where the halves " +
               "count different numbers of elements; the true average, " + how + ", is " + mean;
    }
    return "";
}

std::string block_result(const trace::Trace& t, const trace::BlockTrace& b, std::uint32_t threads,
                         const VariantInfo* info) {
    const Block k{t, b, threads, t.smem_type};
    const trace::Event* last = nullptr;
    for (const trace::Event& e : b.events)
        if (k.output_write(e) && (!last || e.address > last->address)) last = &e;
    const bool scan = info && writes_array(info->family);
    if (info && info->reduce_op == ReduceOp::MinMaxSumAvg) return several_results_words(k, *info);
    if (info && info->scan_op == ScanOp::CompactPositive) {  // one write a kept element
        std::size_t kept = 0;
        for (const trace::Event& e : b.events) kept += k.output_write(e);
        return "kept " + std::to_string(kept) + " (those " + scan::kKeepRule + ")";
    }
    const std::string word = std::string(info ? result_word(info->reduce_op) : "sum") + " ";
    if (info && info->reduce_driver == ReduceDriver::LastBlock) return last_block_words(k, last);
    if (info && info->reduce_driver == ReduceDriver::SpinLock) return locked_words(k, word);
    if (last) return (scan ? "last element " : word) + k.text(k.value(*last));
    // aos-vs-soa adds into two words: the block's result is what it added to the first (the
    // array-of-structures sum), as the run's result is that word.
    const bool field_sums = info && info->scan_op == ScanOp::FieldSums;
    if (scan && !field_sums) return "";
    return atomic_words(k, field_sums ? std::string(array_result_label(*info)) + " " : word);
}

std::string ordinal(std::uint64_t n) {
    const std::uint64_t tens = n % 100, ones = n % 10;
    const char* suffix = tens >= 11 && tens <= 13 ? "th"
                         : ones == 1              ? "st"
                         : ones == 2              ? "nd"
                         : ones == 3              ? "rd"
                                                  : "th";
    return std::to_string(n) + suffix;
}

}  // namespace ws::run
