// The SASS of a catalog algorithm (assets/sass/<id>.sass, made on the GPU machine by
// tests/device/split_sass.py from `cuobjdump -sass`): its instructions by class, and the counts
// a student compares across the ladder (barriers, shuffles, shared and global accesses and their
// widths, atomics, the instructions inside loops). Plain data, tested without ImGui.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ws::ui {

// What an instruction does, as the SASS panel colours it and the counts group it.
enum class SassClass {
    Barrier,      // BAR.*: __syncthreads() and its kin
    Shuffle,      // SHFL.*: registers between the lanes of a warp
    SharedLoad,   // LDS*
    SharedStore,  // STS*
    GlobalLoad,   // LDG*
    GlobalStore,  // STG*
    Atomic,       // ATOM*, RED* (not REDUX): read-modify-write in memory
    WarpVote,     // VOTE*, REDUX*, MATCH*: a warp-wide vote or reduction in the SM
    Branch,       // BRA, EXIT, BSSY, BSYNC, WARPSYNC, ...: control flow
    Other,        // arithmetic, moves, address computation
};
const char* sass_class_name(SassClass c);

struct SassInstruction {
    std::uint32_t address = 0;
    std::string predicate;  // "@!P0", or empty
    std::string mnemonic;   // "LDG.E.128"
    std::string operands;   // "R4, desc[UR4][R2.64]"
    SassClass cls = SassClass::Other;
    unsigned width_bytes = 0;  // a memory access's width (4 where the mnemonic says none)
    bool in_loop = false;      // between a backward branch and its target
};

struct SassCounts {
    unsigned instructions = 0;  // without the NOPs that pad the end of a kernel
    unsigned barriers = 0, shuffles = 0, shared_loads = 0, shared_stores = 0;
    unsigned global_loads = 0, global_stores = 0, atomics = 0, warp_votes = 0;
    unsigned in_loops = 0;                            // instructions inside some loop
    std::map<unsigned, unsigned> global_load_widths;  // bytes -> how many LDG of that width
};

struct SassKernel {
    std::string name;  // "ws::reduce::reduce_sequential<int, ws::probe::NoProbe>"
    std::vector<SassInstruction> code;
    SassCounts counts;
};

struct SassListing {
    std::vector<std::string> provenance;  // the file's comment lines, without "# "
    std::vector<SassKernel> kernels;
    SassCounts total;   // over its kernels
    std::string error;  // why the file could not be read ("" when it was)
};

// Parses a .sass file's text; a line that is neither a comment, a kernel nor an instruction is
// an error naming its line number.
SassListing parse_sass(std::string_view text);
// The global loads by width, widest first: "16-byte x5, 4-byte x1" ("none" without loads).
std::string load_widths_text(const SassCounts& c);

// The counts a student compares across the ladder, in the order the panel shows them: what
// each row counts (with the SASS mnemonics) and its value.
struct SassCountRow {
    const char* label;  // "barriers (BAR)"
    std::string value;  // "2"
};
std::vector<SassCountRow> sass_count_rows(const SassCounts& c);

// Every algorithm's listing under root/assets/sass, by id (a file that does not parse is kept
// with its error, so that the panel can say why).
using SassLibrary = std::map<std::string, SassListing>;
SassLibrary load_sass_library(const std::string& root);
std::string sass_path(const std::string& root, std::string_view id);

}  // namespace ws::ui
