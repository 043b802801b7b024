// The words about a network: its measured work and depth beside the textbook formulas (for the
// circuit panel and the explanation), and the size of the side-by-side comparison. Pure.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

// Elements one block scans (reductions: its shared cells); 0 when unknown.
std::uint32_t tile_elements(const TraceView& v);

// "m*log2(m) - (m - 1)" -> "m·log₂m − (m − 1)" (the catalog's formulas, for the screen).
std::string pretty_formula(const std::string& text);

// Two lines: work and depth, measured and, where the textbook gives them, the formula and its
// value: "work: 129 additions   textbook m·log₂m − (m − 1) = 129  (m = 32)".
struct NumberLines {
    std::string work, depth;
    // The same in short, for networks side by side: "321 additions, 6 levels", and the
    // textbook's: "m·log₂m − (m − 1) = 321, log₂m = 6" (empty where there is none).
    std::string measured, textbook;
    bool work_matches = true, depth_matches = true;  // measured = textbook (or no textbook)
};
NumberLines circuit_numbers(const TraceView& v);

// For the explanation panel: the network's work and depth and where this step is in it; empty
// for a trace with no circuit.
std::vector<std::string> circuit_sentences(const TraceView& v, std::size_t step);

// Side by side: Kogge-Stone, Brent-Kung and Sklansky networks of m elements, m a power of two in
// [64, 1024] (Kogge-Stone scans blockDim.x elements, the other two 2 * blockDim.x; blocks are
// 32..1024). m follows the request: the tile of a block-level scan, else n, rounded up.
inline constexpr const char* kSideBySide[3] = {"scan-kogge-stone", "scan-brent-kung",
                                               "scan-sklansky"};
std::uint32_t side_by_side_elements(const trace::Request& r);
// The request for one of them: n = m in one block, the rest (type, pattern, kind...) as `r`.
trace::Request side_by_side_request(const trace::Request& r, const char* algo, std::uint32_t m);

}  // namespace ws::ui
