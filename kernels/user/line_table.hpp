// Which source line a code address of a student's compiled kernel came from: a small reader of
// the DWARF line table (.debug_line, versions 2 to 5) of an ELF64 little-endian shared object,
// keeping the rows of one named source file (the name the kernel's `#line 1 "NAME"` gives).
// Every read of the file is bounds-checked: a corrupt file is an error, never a crash.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ws::user {

// One file's lines in a shared object's DWARF line table: which source line each code address
// came from.
class LineTable {
  public:
    // The addresses [begin, end) came from `line`: one row of the table, up to the next row of
    // its sequence.
    struct Range {
        std::uint64_t begin = 0;
        std::uint64_t end = 0;
        unsigned line = 0;
    };

    LineTable() = default;
    // The ranges in any order; empty ones are dropped.
    explicit LineTable(std::vector<Range> ranges);

    // The line of `address` (an address as the ELF file's own virtual addresses count them: for
    // a shared object, the offset from where it was loaded, i.e. runtime address - dladdr's
    // dli_fbase); 0 when the address is not in a row of `file`.
    unsigned line_at(std::uint64_t address) const;
    bool empty() const { return ranges_.empty(); }
    // The file's ranges, by their first address.
    const std::vector<Range>& ranges() const { return ranges_; }

  private:
    std::vector<Range> ranges_;
};

// Reads `elf_path` (ELF64 little-endian), its .debug_line section (DWARF versions 2-5; for 5, the
// .debug_line_str and .debug_str forms of file/dir names), and keeps the rows whose file name is
// `file` exactly, or whose file name's last path component equals `file`'s last component when
// `file` has no '/' (a relative name counts both as written and joined to its directory), or, when
// `file` ends with '/' ("kernels/algorithms/"), of every file whose path holds that folder. nullopt
// and `error` (one line, e.g. "x.so: no .debug_line section (compiled
// without -g?)") when it cannot.
std::optional<LineTable> read_line_table(const std::string& elf_path, const std::string& file,
                                         std::string& error);
// The same from the file's bytes; `name` names them in the error.
std::optional<LineTable> line_table_from_bytes(const std::vector<std::uint8_t>& bytes,
                                               const std::string& name, const std::string& file,
                                               std::string& error);

}  // namespace ws::user
