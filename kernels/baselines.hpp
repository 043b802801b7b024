// The one list of the bench's baselines: what each is, which lines of the lab it bounds, which
// is the library a family's variants are measured against. kernels/bench/baselines.cu times
// each (one function a baseline); the lab reads their roles and looks from here.
#pragma once
#include <optional>
#include <string_view>
#include <vector>

#include "kernels/catalog.hpp"

namespace ws {

enum class BaselineKind {
    Ceiling,  // moves the bytes and nothing else: bounds every variant (copy, read-only)
    Library,  // the same operation from a library (CUB, Thrust)
    Plain,    // one of our variants written without the recording vocabulary
    GpuOnly,  // one of our kernels not in the catalog, timed by bench only (compact-pipeline)
};

// How the lab draws it (the theme gives each look its colour).
enum class BaselineLook { Copy, ReadOnly, Cub, Thrust, Plain };

struct Baseline {
    const char* name;  // as bench writes it in BenchPoint::algo: "cub-reduce"
    BaselineKind kind;
    BaselineLook look;
    std::optional<Family> family;  // the lines it belongs with; none: every line (ceilings)
    bool reference;                // the library its family's variants are compared with
    bool shown;                    // drawn in the lab unless the user hides it
    const char* what;              // "cub::DeviceReduce::Sum over n elements"
    const char* compared_with;     // GpuOnly: the library it is measured against; else nullptr
    // The catalog variant whose kernel it runs, whose GPU needs (VariantInfo::min_sm) it has;
    // nullptr: none.
    const char* runs_kernel_of = nullptr;
};

const std::vector<Baseline>& baselines();
const Baseline* find_baseline(std::string_view name);
// The baseline a family's variants are compared with ("cub-reduce", "cub-scan").
const Baseline& reference_baseline(Family f);
// The library a variant is compared with: its family's, but a stream compaction's is
// cub::DeviceSelect::If (kCompactionLibrary), not a scan, and the memory family's the copy.
inline constexpr const char* kCompactionLibrary = "cub-select-if";
// The memory family's kernels are copies and reads: they are compared with the copy itself.
inline constexpr const char* kMemoryReference = "copy";
const Baseline& reference_for(const VariantInfo& v);

}  // namespace ws
