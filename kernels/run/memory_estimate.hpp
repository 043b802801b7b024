// A request's memory, planned before it runs: the data arrays (input, its copy, outputs and
// partial sums) and, when more than one block is recorded, the recorded blocks (events, barrier
// snapshots, the order they ran in). The size of one recorded block is measured, not guessed:
// the emulator records block 0 of the same request cut to one block's share of the elements,
// which costs one block's work.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/trace.hpp"

namespace ws::run {

struct MemoryEstimate {
    std::uint64_t data_bytes = 0;     // arrays the run allocates
    std::uint64_t block_bytes = 0;    // one recorded block
    std::uint64_t traced_blocks = 0;  // blocks recorded
    std::uint64_t total() const { return data_bytes + block_bytes * traced_blocks; }
};

// `grid`: blocks of the traced launch (ParsedRequest::grid).
MemoryEstimate estimate_memory(const trace::Request& request, unsigned grid);

// The same for a kernel outside the catalog (a student's, in run-kernel's child): `variant` its
// rules, `run_sample` runs a request as the real run will (block 0 of one block's share of the
// elements, not recording totals).
using SampleRun = std::function<trace::Trace(const trace::Request&, const RunOptions&)>;
MemoryEstimate estimate_memory(const trace::Request& request, unsigned grid,
                               const VariantInfo& variant, const SampleRun& run_sample);

// "" when `e` fits `limit`, else one line with the estimate and `limit_words` ("the 9.1 GB of
// memory free (--max-memory sets the limit)").
std::string memory_refusal(const trace::Request& request, const MemoryEstimate& e,
                           std::uint64_t limit, const std::string& limit_words);

// The limit a request's memory is held to: `max_memory` when the user set one (non-zero), else
// the memory free now.
std::uint64_t memory_limit(std::uint64_t max_memory);

// The --max-memory option of the commands and the window: its help, and its text as bytes (0
// for "" = no limit but the memory free) or the one line saying what it takes.
inline constexpr const char* kMaxMemoryFlag = "--max-memory";
inline constexpr const char* kMaxMemoryHelp =
    "refuse requests needing more memory than this (4G, 512M; default: the memory free)";
bool parse_max_memory(const std::string& text, std::uint64_t& bytes, std::string& error);

// "" when the request fits `limit`, else one line with the estimate and the limit:
// "the request needs about 15.8 GB (65536 recorded blocks of 241.2 kB, 536.9 MB of data), more
// than the 9.1 GB of memory free (--max-memory sets the limit)".
std::string check_memory(const trace::Request& request, unsigned grid, std::uint64_t max_memory);

// What a run that ran out of memory says: "--algo ... ran out of memory (9.1 GB free)".
std::string out_of_memory(const trace::Request& request);

}  // namespace ws::run
