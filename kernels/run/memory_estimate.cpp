#include "kernels/run/memory_estimate.hpp"

#include <algorithm>

#include "kernels/catalog.hpp"
#include "kernels/io/memory.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/request_parse.hpp"

namespace ws::run {
namespace {

// Arrays of n elements a run holds at its peak: the reductions' input and the copy the
// launches read (plus partial sums, under one more); the scans' and the memory family's input,
// copy, output and reference.
std::uint64_t data_arrays(const VariantInfo& v) {
    return writes_array(v.family) ? 4 : 3;
}

std::uint64_t recorded_bytes(const trace::BlockTrace& b) {
    std::uint64_t bytes = sizeof(trace::BlockTrace) + b.events.size() * sizeof(trace::Event) +
                          b.order.size() * sizeof(std::uint32_t);
    for (const trace::Snapshot& s : b.snapshots) bytes += sizeof(s) + s.bytes.size();
    return bytes;
}

}  // namespace

MemoryEstimate estimate_memory(const trace::Request& request, unsigned grid) {
    const VariantInfo* v = find_variant(request.algo);
    if (!v) return {};
    return estimate_memory(request, grid, *v, [](const trace::Request& r, const RunOptions& o) {
        return run_on_emulator(r, o);
    });
}

MemoryEstimate estimate_memory(const trace::Request& request, unsigned grid,
                               const VariantInfo& variant, const SampleRun& run_sample) {
    MemoryEstimate e;
    if (request.n == 0 || grid == 0) return e;
    const std::uint64_t element = trace::dtype_size(request.type);
    e.data_bytes = data_arrays(variant) * request.n * element;
    e.traced_blocks = request.all_blocks ? grid : request.blocks.size();
    // One recorded block is small beside the data arrays (a block's share of them, a few events
    // an element); measuring it would cost the window a block's work on every run, as it always
    // traces one.
    if (e.traced_blocks <= 1) return e;

    // Block 0 of the same request given one block's share of the elements.
    trace::Request sample = request;
    sample.n = std::max<std::uint64_t>(1, (request.n + grid - 1) / grid);
    sample.blocks = {0};
    sample.all_blocks = false;
    sample.schedule = "lockstep";
    RunOptions options;
    options.count_totals = false;
    const trace::Trace t = run_sample(sample, options);
    for (const trace::BlockTrace& b : t.blocks)
        e.block_bytes = std::max(e.block_bytes, recorded_bytes(b));
    return e;
}

std::string memory_refusal(const trace::Request& request, const MemoryEstimate& e,
                           std::uint64_t limit, const std::string& limit_words) {
    if (limit == 0 || e.total() <= limit) return "";
    std::string parts;
    if (e.traced_blocks && e.block_bytes)
        parts = std::to_string(e.traced_blocks) + " recorded block" +
                (e.traced_blocks == 1 ? "" : "s") + " of " + io::bytes_text(e.block_bytes) + ", ";
    parts += io::bytes_text(e.data_bytes) + " of data";
    return command_line(request) + " needs about " + io::bytes_text(e.total()) + " (" + parts +
           "), more than " + limit_words;
}

bool parse_max_memory(const std::string& text, std::uint64_t& bytes, std::string& error) {
    bytes = 0;
    if (text.empty()) return true;
    const auto parsed = io::parse_bytes(text);
    if (!parsed || *parsed == 0) {
        error =
            std::string(kMaxMemoryFlag) + " " + text + ": not a size (write 4G, 512M or 2000000)";
        return false;
    }
    bytes = *parsed;
    return true;
}

std::uint64_t memory_limit(std::uint64_t max_memory) {
    return max_memory ? max_memory : io::available_memory();
}

std::string check_memory(const trace::Request& request, unsigned grid, std::uint64_t max_memory) {
    const std::uint64_t limit = memory_limit(max_memory);
    if (limit == 0) return "";  // not known: nothing to hold it to
    return memory_refusal(request, estimate_memory(request, grid), limit,
                          "the " + io::bytes_text(limit) +
                              (max_memory ? " --max-memory allows"
                                          : " of memory free (--max-memory sets the limit)"));
}

std::string out_of_memory(const trace::Request& request) {
    return command_line(request) + " ran out of memory (" + io::bytes_text(io::available_memory()) +
           " free now)";
}

}  // namespace ws::run
