// The one table of algorithms: ids (a contract for scripts), titles, what each needs, and the
// shape of a launch as plain data (grid, shared memory, bytes moved, passes). The teaching notes
// (what changed, why faster, what it needs) are read from the first lines of each kernel file.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/trace/dtype.hpp"

namespace ws {

enum class Family { Reduce, Scan };
const char* family_name(Family f);

enum class SmemRule {
    PerThread,        // blockDim.x elements
    PerThreadMin64,   // max(blockDim.x, 64) elements: the unrolled warp reads s[t + 32]
    PerWarp,          // blockDim.x / 32 elements
};

struct VariantInfo {
    const char* id;
    Family family;
    int ladder_step;  // 1-based position in its family's ladder
    const char* title;
    const char* summary;      // one line for menus
    const char* source_file;  // relative to the repository root
    unsigned elems_per_thread;  // per block: elems_per_thread * block elements
    unsigned max_grid;          // 0: as many blocks as the data needs; else a grid-stride cap
    SmemRule smem_rule;
    bool schedule_sensitive;  // racy on purpose: its result depends on the emulator's schedule
};

struct TeachingNotes {
    std::string what_changed, why_faster, needs;
};

const std::vector<VariantInfo>& catalog();
const VariantInfo* find_variant(std::string_view id);
TeachingNotes teaching_notes(const VariantInfo& v);  // from the source file's header
const char* variant_source(const VariantInfo& v);    // embedded text, or nullptr

// Launch shape of one pass over n elements.
unsigned grid_for(const VariantInfo& v, std::uint64_t n, unsigned block);
std::uint32_t smem_bytes_for(const VariantInfo& v, unsigned block, trace::DType type);
// Passes until one value remains, and the global-memory bytes they read and write in total.
unsigned passes_for(const VariantInfo& v, std::uint64_t n, unsigned block);
std::uint64_t bytes_moved(const VariantInfo& v, std::uint64_t n, unsigned block, trace::DType t);

// Limits on requests, and the check every front end uses. Returns "" when the request is fine,
// else one line naming the argument and what is allowed.
inline constexpr std::uint64_t kMaxElementsEmulator = std::uint64_t(1) << 26;
inline constexpr std::uint64_t kMaxElementsGpu = std::uint64_t(1) << 31;
std::string check_request(const VariantInfo& v, std::uint64_t n, unsigned block,
                          std::uint64_t max_elements);

}  // namespace ws
