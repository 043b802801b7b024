// Reads one source file's rows of an ELF64 file's DWARF line table (line_table.hpp): the section
// headers, then each unit of .debug_line (its header, its directory and file tables, and its
// line-number program, run as DWARF's state machine). Every read goes through Cursor, which
// throws Unreadable past the end of its span; read_line_table turns that into the error line.
#include "kernels/user/line_table.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>
#include <utility>

namespace ws::user {
namespace {

// Why a file cannot be read, as the error line says it after the file's name.
struct Unreadable {
    std::string why;
};

// Some bytes of the file.
struct Span {
    const std::uint8_t* data = nullptr;
    std::uint64_t size = 0;
};

// Reads a span front to back, little-endian; a read past its end throws Unreadable ("corrupt
// WHAT (...)").
class Cursor {
  public:
    Cursor(Span span, const char* what) : span_(span), what_(what) {}
    bool done() const { return pos_ >= span_.size; }
    std::uint64_t left() const { return span_.size - pos_; }
    [[noreturn]] void fail(const std::string& why) const {
        throw Unreadable{std::string("corrupt ") + what_ + " (" + why + ")"};
    }
    void seek(std::uint64_t pos) {
        if (pos > span_.size) fail("an offset past its end");
        pos_ = pos;
    }
    Span take(std::uint64_t n) {
        if (n > left()) fail("a read past its end");
        const Span part{span_.data + pos_, n};
        pos_ += n;
        return part;
    }
    void skip(std::uint64_t n) { take(n); }
    std::uint8_t u8() { return *take(1).data; }
    std::uint64_t uint(std::uint64_t bytes) {  // 1 to 8 bytes
        const Span s = take(bytes);
        std::uint64_t value = 0;
        for (std::uint64_t i = bytes; i-- > 0;) value = (value << 8) | s.data[i];
        return value;
    }
    std::uint64_t uleb() {
        std::uint64_t value = 0;
        for (std::uint64_t shift = 0;; shift += 7) {
            const std::uint8_t b = u8();
            if (shift < 64) value |= std::uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80)) return value;
        }
    }
    // A signed LEB128 number as its two's-complement bits (added to an unsigned register, it
    // wraps as the signed sum would).
    std::uint64_t sleb() {
        std::uint64_t value = 0;
        for (std::uint64_t shift = 0;; shift += 7) {
            const std::uint8_t b = u8();
            if (shift < 64) value |= std::uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80)) {
                if (shift + 7 < 64 && (b & 0x40)) value |= ~std::uint64_t(0) << (shift + 7);
                return value;
            }
        }
    }
    std::string cstr() {
        if (left() == 0) fail("a string without its end");
        const void* end = std::memchr(span_.data + pos_, 0, left());
        if (!end) fail("a string without its end");
        const char* begin = reinterpret_cast<const char*>(span_.data + pos_);
        std::string s(begin, static_cast<const char*>(end));
        pos_ += s.size() + 1;
        return s;
    }

  private:
    Span span_;
    const char* what_;
    std::uint64_t pos_ = 0;
};

// The sections the line table is read from; a missing one is empty.
struct Sections {
    Span line, line_str, str;
};

constexpr std::uint32_t kShtNobits = 8;
constexpr std::uint64_t kShfCompressed = 0x800;

struct SectionHeader {
    std::uint64_t name = 0, type = 0, flags = 0, offset = 0, size = 0, link = 0;
};

SectionHeader section_header(Span file, std::uint64_t at) {
    Cursor c(file, "section headers");
    c.seek(at);
    SectionHeader h;
    h.name = c.uint(4);
    h.type = c.uint(4);
    h.flags = c.uint(8);
    c.skip(8);  // sh_addr
    h.offset = c.uint(8);
    h.size = c.uint(8);
    h.link = c.uint(4);
    return h;
}

Span section_data(Span file, const SectionHeader& h, const char* what) {
    if (h.type == kShtNobits) return Span{};
    Cursor c(file, what);
    c.seek(h.offset);
    return c.take(h.size);
}

// Finds .debug_line, .debug_line_str and .debug_str by the section headers' names.
Sections find_sections(Span file) {
    if (file.size < 4 || std::memcmp(file.data, "\177ELF", 4) != 0)
        throw Unreadable{"not an ELF file"};
    Cursor c(file, "ELF header");
    c.seek(4);
    if (c.u8() != 2) throw Unreadable{"not a 64-bit ELF file"};
    if (c.u8() != 1) throw Unreadable{"not a little-endian ELF file"};
    c.seek(40);
    const std::uint64_t shoff = c.uint(8);
    c.seek(58);
    const std::uint64_t entsize = c.uint(2);
    std::uint64_t count = c.uint(2);
    std::uint64_t names_index = c.uint(2);
    if (shoff == 0) throw Unreadable{"no section headers (a stripped file?)"};
    if (entsize < 64) c.fail("section header size " + std::to_string(entsize));
    const SectionHeader first = section_header(file, shoff);
    if (count == 0) count = first.size;                   // more than 0xff00 sections
    if (names_index == 0xffff) names_index = first.link;  // SHN_XINDEX
    if (shoff > file.size || count > (file.size - shoff) / entsize || names_index >= count)
        c.fail("section headers past the file's end");
    const Span names =
        section_data(file, section_header(file, shoff + names_index * entsize), "section names");
    Sections found;
    for (std::uint64_t i = 0; i < count; ++i) {
        const SectionHeader h = section_header(file, shoff + i * entsize);
        Cursor name(names, "section names");
        name.seek(h.name);
        const std::string n = name.cstr();
        Span* into = n == ".debug_line"       ? &found.line
                     : n == ".debug_line_str" ? &found.line_str
                     : n == ".debug_str"      ? &found.str
                                              : nullptr;
        if (!into) continue;
        if (h.flags & kShfCompressed) throw Unreadable{"compressed " + n + " (not supported)"};
        *into = section_data(file, h, n.c_str());
    }
    if (!found.line.data) throw Unreadable{"no .debug_line section (compiled without -g?)"};
    return found;
}

std::string last_component(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Whether a table's file (`name` in directory `dir`) is the wanted `file`.
bool is_wanted(const std::string& name, const std::string& dir, const std::string& file) {
    if (name.empty() || file.empty()) return false;
    if (file.back() == '/') {  // a folder: every file whose path has it
        const std::string path =
            name[0] == '/' || dir.empty() ? name : dir + (dir.back() == '/' ? "" : "/") + name;
        const std::size_t at = path.find(file);
        return at != std::string::npos && (at == 0 || file[0] == '/' || path[at - 1] == '/');
    }
    if (name == file) return true;
    if (name[0] != '/' && !dir.empty() && dir + (dir.back() == '/' ? "" : "/") + name == file)
        return true;
    return file.find('/') == std::string::npos && last_component(name) == file;
}

// One line-number program's header: what its opcodes mean, and its files.
struct Unit {
    unsigned version = 0;
    unsigned offset_size = 4;
    std::uint64_t min_inst_length = 1;
    std::uint64_t max_ops = 1;
    int line_base = 0;
    std::uint64_t line_range = 1;
    std::uint64_t opcode_base = 1;
    std::vector<std::uint8_t> opcode_lengths;  // of standard opcodes 1 to opcode_base - 1
    std::vector<std::string> dirs;             // by index; for 2-4, [0] (the unit's own) is ""
    std::vector<bool> wanted;                  // of each file, by the number set_file gives
};

// DW_FORM codes a version 5 directory or file entry is written in.
enum Form : std::uint64_t {
    kBlock2 = 0x03,
    kBlock4 = 0x04,
    kData2 = 0x05,
    kData4 = 0x06,
    kData8 = 0x07,
    kString = 0x08,
    kBlock = 0x09,
    kBlock1 = 0x0a,
    kData1 = 0x0b,
    kSdata = 0x0d,
    kStrp = 0x0e,
    kUdata = 0x0f,
    kData16 = 0x1e,
    kLineStrp = 0x1f,
};

std::string string_at(Span section, std::uint64_t offset, const char* what) {
    if (!section.data) throw Unreadable{std::string("a file name in ") + what + ", which it lacks"};
    Cursor c(section, what);
    c.seek(offset);
    return c.cstr();
}

// Reads one value of `form`: a name into `text`, a number into `number`.
void read_form(Cursor& c, std::uint64_t form, const Unit& u, const Sections& s, std::string& text,
               std::uint64_t& number) {
    const std::uint64_t data = form == kData1   ? 1
                               : form == kData2 ? 2
                               : form == kData4 ? 4
                               : form == kData8 ? 8
                                                : 0;
    const std::uint64_t block = form == kBlock1 ? 1 : form == kBlock2 ? 2 : form == kBlock4 ? 4 : 0;
    if (data != 0)
        number = c.uint(data);
    else if (block != 0)
        c.skip(c.uint(block));
    else if (form == kString)
        text = c.cstr();
    else if (form == kLineStrp)
        text = string_at(s.line_str, c.uint(u.offset_size), ".debug_line_str");
    else if (form == kStrp)
        text = string_at(s.str, c.uint(u.offset_size), ".debug_str");
    else if (form == kUdata)
        number = c.uleb();
    else if (form == kSdata)
        number = c.sleb();
    else if (form == kData16)
        c.skip(16);
    else if (form == kBlock)
        c.skip(c.uleb());
    else
        c.fail("an entry in form " + std::to_string(form) + ", which this reader lacks");
}

// A version 5 directory or file table: the entries' format, then the entries' paths and
// directory numbers.
std::vector<std::pair<std::string, std::uint64_t>> read_v5_entries(Cursor& c, const Unit& u,
                                                                   const Sections& s) {
    constexpr std::uint64_t kPath = 1, kDirectoryIndex = 2;  // DW_LNCT_*
    std::vector<std::pair<std::uint64_t, std::uint64_t>> format(c.u8());
    for (auto& [content, form] : format) {
        content = c.uleb();
        form = c.uleb();
    }
    const std::uint64_t count = c.uleb();
    if (count > c.left()) c.fail("more entries than bytes");
    std::vector<std::pair<std::string, std::uint64_t>> entries;
    for (std::uint64_t i = 0; i < count; ++i) {
        std::string path, ignored_text;
        std::uint64_t dir = 0, ignored_number = 0;
        for (const auto& [content, form] : format)
            read_form(c, form, u, s, content == kPath ? path : ignored_text,
                      content == kDirectoryIndex ? dir : ignored_number);
        entries.emplace_back(std::move(path), dir);
    }
    return entries;
}

void add_file(Unit& u, const std::string& name, std::uint64_t dir, const std::string& file) {
    u.wanted.push_back(is_wanted(name, dir < u.dirs.size() ? u.dirs[dir] : "", file));
}

// Reads the directory and file tables, which end the header.
void read_tables(Cursor& c, Unit& u, const Sections& s, const std::string& file) {
    if (u.version >= 5) {
        for (auto& [path, dir] : read_v5_entries(c, u, s)) u.dirs.push_back(path);
        for (auto& [path, dir] : read_v5_entries(c, u, s)) add_file(u, path, dir, file);
        return;
    }
    u.dirs.push_back("");  // 0: the compilation's directory, which .debug_info names
    for (std::string d = c.cstr(); !d.empty(); d = c.cstr()) u.dirs.push_back(d);
    u.wanted.push_back(false);  // file numbers count from 1
    for (std::string name = c.cstr(); !name.empty(); name = c.cstr()) {
        const std::uint64_t dir = c.uleb();
        c.uleb();  // modification time
        c.uleb();  // length
        add_file(u, name, dir, file);
    }
}

// Reads a unit's header from `c` (the unit after its length), leaving `c` at its program.
Unit read_header(Cursor& c, unsigned offset_size, const Sections& s, const std::string& file) {
    Unit u;
    u.offset_size = offset_size;
    u.version = static_cast<unsigned>(c.uint(2));
    if (u.version < 2 || u.version > 5)
        throw Unreadable{".debug_line of DWARF version " + std::to_string(u.version) +
                         " (this reader knows 2 to 5)"};
    if (u.version >= 5) c.skip(2);  // address_size, segment_selector_size
    Cursor h(c.take(c.uint(offset_size)), ".debug_line header");
    u.min_inst_length = h.u8();
    if (u.version >= 4) u.max_ops = h.u8();
    h.skip(1);  // default_is_stmt
    u.line_base = static_cast<std::int8_t>(h.u8());
    u.line_range = h.u8();
    u.opcode_base = h.u8();
    if (u.line_range == 0) h.fail("line_range 0");
    if (u.opcode_base == 0) h.fail("opcode_base 0");
    for (std::uint64_t op = 1; op < u.opcode_base; ++op) u.opcode_lengths.push_back(h.u8());
    read_tables(h, u, s, file);
    return u;
}

// Standard (DW_LNS_*) and extended (DW_LNE_*) opcodes.
enum : std::uint8_t {
    kCopy = 1,
    kAdvancePc,
    kAdvanceLine,
    kSetFile,
    kSetColumn,
    kNegateStmt,
    kSetBasicBlock,
    kConstAddPc,
    kFixedAdvancePc,
    kSetPrologueEnd,
    kSetEpilogueBegin,
    kSetIsa,
};
enum : std::uint8_t { kEndSequence = 1, kSetAddress, kDefineFile };
// NVIDIA's extended opcode (a user one, DW_LNE_lo_user + 0x10) in a cubin's table compiled with
// -lineinfo: the rows after it were inlined at the call that row number CONTEXT of the sequence
// made (1 the first row; 0 not inlined), then the offset of the inlined function's name. Seen in
// CUDA 13.0's nvcc and NVRTC output for sm_90 (a __shfl_down_sync in sm_30_intrinsics.hpp inlined
// at tile.shfl_down in cooperative_groups, inlined at the student's line; tests/user).
inline constexpr std::uint8_t kNvidiaInlinedAt = 0x90;

// The line-number program's state machine (DWARF 5 §6.2.2), keeping the wanted file's rows.
class Machine {
  public:
    Machine(Unit& unit, const std::string& file, std::vector<LineTable::Range>& out)
        : u_(unit), file_name_(file), out_(out) {}
    void run(Cursor& c) {
        while (!c.done()) {
            const std::uint8_t op = c.u8();
            if (op >= u_.opcode_base)
                special(op);
            else if (op == 0)
                extended(c);
            else
                standard(op, c);
        }
    }

  private:
    // A row's line in the wanted file: its own, or for a row of another file inlined there, the
    // line of the call it was inlined at (the first of the wanted file up its chain of calls).
    struct Resolved {
        bool wanted = false;
        std::uint64_t line = 0;
    };
    Resolved resolve() const {
        if (file_ < u_.wanted.size() && u_.wanted[file_]) return {true, line_};
        if (context_ >= 1 && context_ <= sequence_.size()) return sequence_[context_ - 1];
        return {};
    }
    // A row at the registers' address: it ends the previous row of the sequence.
    void row(bool end_sequence) {
        if (has_prev_ && prev_wanted_ && prev_line_ != 0 && address_ > prev_address_)
            out_.push_back({prev_address_, address_, static_cast<unsigned>(prev_line_)});
        has_prev_ = !end_sequence;
        const Resolved r = resolve();
        prev_address_ = address_;
        prev_line_ = r.line;
        prev_wanted_ = r.wanted;
        if (end_sequence)
            sequence_.clear();
        else
            sequence_.push_back(r);
    }
    void advance(std::uint64_t operations) {
        if (u_.max_ops <= 1) {
            address_ += u_.min_inst_length * operations;
            return;
        }
        const std::uint64_t total = op_index_ + operations;
        address_ += u_.min_inst_length * (total / u_.max_ops);
        op_index_ = total % u_.max_ops;
    }
    void special(std::uint8_t op) {
        const std::uint64_t adjusted = op - u_.opcode_base;
        advance(adjusted / u_.line_range);
        line_ +=
            static_cast<std::uint64_t>(u_.line_base + static_cast<int>(adjusted % u_.line_range));
        row(false);
    }
    void standard(std::uint8_t op, Cursor& c) {
        if (op == kCopy) {
            row(false);
        } else if (op == kAdvancePc) {
            advance(c.uleb());
        } else if (op == kAdvanceLine) {
            line_ += c.sleb();
        } else if (op == kSetFile) {
            file_ = c.uleb();
        } else if (op == kConstAddPc) {
            advance((255 - u_.opcode_base) / u_.line_range);
        } else if (op == kFixedAdvancePc) {
            address_ += c.uint(2);
            op_index_ = 0;
        } else if (op == kSetColumn || op == kSetIsa) {
            c.uleb();
        } else if (op != kNegateStmt && op != kSetBasicBlock && op != kSetPrologueEnd &&
                   op != kSetEpilogueBegin) {
            // Unknown: skip its operands, which the header counts.
            for (unsigned i = 0; i < u_.opcode_lengths[op - 1]; ++i) c.uleb();
        }
    }
    void extended(Cursor& c) {
        Cursor e(c.take(c.uleb()), ".debug_line program");
        if (e.done()) return;
        const std::uint8_t op = e.u8();
        if (op == kEndSequence) {
            row(true);
            address_ = op_index_ = context_ = 0;
            file_ = line_ = 1;
        } else if (op == kSetAddress) {
            if (e.left() == 0 || e.left() > 8)
                e.fail("an address of " + std::to_string(e.left()) + " bytes");
            address_ = e.uint(e.left());
            op_index_ = 0;
        } else if (op == kDefineFile) {  // versions 2 to 4
            const std::string name = e.cstr();
            const std::uint64_t dir = e.uleb();
            add_file(u_, name, dir, file_name_);
        } else if (op == kNvidiaInlinedAt) {
            context_ = e.uleb();  // then the function's name, which is not needed
        }
        // DW_LNE_set_discriminator and unknown ones: nothing to keep.
    }

    Unit& u_;
    const std::string& file_name_;
    std::vector<LineTable::Range>& out_;
    std::uint64_t address_ = 0, op_index_ = 0, file_ = 1, line_ = 1, context_ = 0;
    std::vector<Resolved> sequence_;  // the sequence's rows so far, resolved
    bool has_prev_ = false, prev_wanted_ = false;
    std::uint64_t prev_address_ = 0, prev_line_ = 0;
};

// Runs every unit of .debug_line, keeping the rows of `file`.
std::vector<LineTable::Range> read_units(const Sections& s, const std::string& file) {
    std::vector<LineTable::Range> ranges;
    Cursor all(s.line, ".debug_line");
    while (!all.done()) {
        std::uint64_t length = all.uint(4);
        unsigned offset_size = 4;
        if (length == 0xffffffff) {
            length = all.uint(8);
            offset_size = 8;
        } else if (length >= 0xfffffff0) {
            all.fail("a reserved unit length");
        }
        if (length == 0) continue;  // padding
        Cursor unit(all.take(length), ".debug_line unit");
        Unit u = read_header(unit, offset_size, s, file);
        Machine(u, file, ranges).run(unit);
    }
    return ranges;
}

// The whole file; false and `why` when it cannot be read.
bool read_file(const std::string& path, std::vector<std::uint8_t>& bytes, std::string& why) {
    constexpr std::uint64_t kMaxSize = std::uint64_t(1) << 30;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        why = std::string("cannot open it (") + std::strerror(errno) + ")";
        return false;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || std::uint64_t(st.st_size) > kMaxSize) {
        why = "not a regular file of at most 1 GiB";
        ::close(fd);
        return false;
    }
    bytes.resize(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    while (got < bytes.size()) {
        const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            why = std::string("cannot read it (") + std::strerror(errno) + ")";
            ::close(fd);
            return false;
        }
        if (n == 0) break;  // it shrank while read
        got += static_cast<std::size_t>(n);
    }
    bytes.resize(got);
    ::close(fd);
    return true;
}

}  // namespace

LineTable::LineTable(std::vector<Range> ranges) : ranges_(std::move(ranges)) {
    ranges_.erase(std::remove_if(ranges_.begin(), ranges_.end(),
                                 [](const Range& r) { return r.begin >= r.end; }),
                  ranges_.end());
    std::stable_sort(ranges_.begin(), ranges_.end(),
                     [](const Range& a, const Range& b) { return a.begin < b.begin; });
}

unsigned LineTable::line_at(std::uint64_t address) const {
    // The last range that starts at or before `address` (a shared object's sequences do not
    // overlap), if it reaches that far.
    auto after = std::upper_bound(ranges_.begin(), ranges_.end(), address,
                                  [](std::uint64_t a, const Range& r) { return a < r.begin; });
    if (after == ranges_.begin()) return 0;
    const Range& r = *(after - 1);
    return address < r.end ? r.line : 0;
}

std::optional<LineTable> read_line_table(const std::string& elf_path, const std::string& file,
                                         std::string& error) {
    std::vector<std::uint8_t> bytes;
    std::string why;
    if (!read_file(elf_path, bytes, why)) {
        error = elf_path + ": " + why;
        return std::nullopt;
    }
    return line_table_from_bytes(bytes, elf_path, file, error);
}

std::optional<LineTable> line_table_from_bytes(const std::vector<std::uint8_t>& bytes,
                                               const std::string& name, const std::string& file,
                                               std::string& error) {
    try {
        const Span whole{bytes.data(), bytes.size()};
        return LineTable(read_units(find_sections(whole), file));
    } catch (const Unreadable& e) {
        error = name + ": " + e.why;
    } catch (const std::bad_alloc&) {
        error = name + ": out of memory reading its line table";
    }
    return std::nullopt;
}

}  // namespace ws::user
