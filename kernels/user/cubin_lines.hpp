// Which line of a student's file each instruction of a cubin (NVRTC's output, compiled with
// -lineinfo) came from, function by function: the GPU recorder of plain kernels
// (kernels/cuda/sanitizer_recorder.hpp) is told the address of each patched instruction, and a
// function's instructions are counted from its own first byte. A cubin is a relocatable ELF:
// its .debug_line gives each function's sequence address 0 and a relocation against the
// function; the relocations are applied (each function at an address of its own) and the DWARF
// reader of line_table.hpp does the rest. Plain C++: the cubin's bytes in, ranges out.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/user/line_table.hpp"

namespace ws::user {

struct FunctionLines {
    std::string name;  // the function's symbol (a lowered name)
    // [begin, end) byte offsets from the function's first instruction, and their line.
    std::vector<LineTable::Range> ranges;
};

// The functions of `cubin` with rows of `file` (named as line_table.hpp matches names; a folder
// ending in '/' takes every file in it, as for the catalog's own kernels, whose lines are those
// of the algorithm files where each access is written); empty and
// `error` (one line) when the cubin cannot be read.
std::vector<FunctionLines> cubin_function_lines(const std::vector<std::uint8_t>& cubin,
                                                const std::string& file, std::string& error);

}  // namespace ws::user
