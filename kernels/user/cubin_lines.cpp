// Reads a cubin's functions and their lines (cubin_lines.hpp). Every read is bounds-checked.
#include "kernels/user/cubin_lines.hpp"

#include <cstring>

namespace ws::user {
namespace {

struct Bad {
    std::string why;
};

std::uint64_t get(const std::vector<std::uint8_t>& b, std::uint64_t at, unsigned bytes) {
    if (at > b.size() || b.size() - at < bytes)
        throw Bad{"the file ends inside its ELF tables (byte " + std::to_string(at) + ")"};
    std::uint64_t v = 0;
    for (unsigned k = 0; k < bytes; ++k) v |= std::uint64_t(b[at + k]) << (8 * k);
    return v;
}

struct Section {
    std::string name;
    std::uint32_t type = 0, link = 0, info = 0;
    std::uint64_t offset = 0, size = 0, entsize = 0;
};

std::vector<Section> sections(const std::vector<std::uint8_t>& b) {
    if (b.size() < 64 ||
        std::memcmp(b.data(),
                    "\x7f"
                    "ELF",
                    4) != 0 ||
        b[4] != 2 || b[5] != 1)
        throw Bad{"not an ELF64 little-endian file"};
    const std::uint64_t shoff = get(b, 0x28, 8);
    const unsigned entsize = unsigned(get(b, 0x3a, 2)), count = unsigned(get(b, 0x3c, 2));
    const unsigned names = unsigned(get(b, 0x3e, 2));
    if (entsize < 64 || names >= count) throw Bad{"its section headers are not ELF64's"};
    std::vector<Section> s(count);
    for (unsigned i = 0; i < count; ++i) {
        const std::uint64_t h = shoff + std::uint64_t(i) * entsize;
        s[i].type = std::uint32_t(get(b, h + 4, 4));
        s[i].offset = get(b, h + 24, 8);
        s[i].size = get(b, h + 32, 8);
        s[i].link = std::uint32_t(get(b, h + 40, 4));
        s[i].info = std::uint32_t(get(b, h + 44, 4));
        s[i].entsize = get(b, h + 56, 8);
        s[i].name = std::to_string(get(b, h, 4));  // an offset into the names, read below
    }
    const Section& n = s[names];
    for (Section& x : s) {
        std::uint64_t at = n.offset + std::stoull(x.name);
        x.name.clear();
        for (char c; at < n.offset + n.size && (c = char(get(b, at, 1))) != 0; ++at) x.name += c;
    }
    return s;
}

struct Symbol {
    std::string name;
    unsigned type = 0, section = 0;
    std::uint64_t value = 0;
};

std::vector<Symbol> symbols(const std::vector<std::uint8_t>& b, const std::vector<Section>& s,
                            unsigned symtab) {
    const Section& t = s[symtab];
    if (t.link >= s.size()) throw Bad{"its symbol table names no string table"};
    const Section& strings = s[t.link];
    std::vector<Symbol> out;
    for (std::uint64_t at = t.offset; at + 24 <= t.offset + t.size; at += 24) {
        Symbol y;
        std::uint64_t name = strings.offset + get(b, at, 4);
        for (char c; name < strings.offset + strings.size && (c = char(get(b, name, 1))) != 0;
             ++name)
            y.name += c;
        y.type = unsigned(get(b, at + 4, 1)) & 0xf;
        y.section = unsigned(get(b, at + 6, 2));
        y.value = get(b, at + 8, 8);
        out.push_back(std::move(y));
    }
    return out;
}

constexpr std::uint32_t kRela = 4;
constexpr unsigned kFunc = 2;
// A function's code sits at (its section's index << 32) once relocated here.
std::uint64_t section_base(unsigned section) {
    return std::uint64_t(section) << 32;
}

// `b` with .debug_line's relocations applied; the symbols through `syms`.
std::vector<std::uint8_t> relocated(const std::vector<std::uint8_t>& b,
                                    const std::vector<Section>& s, std::vector<Symbol>& syms) {
    unsigned line = 0, symtab = 0;
    for (unsigned i = 0; i < s.size(); ++i) {
        if (s[i].name == ".debug_line") line = i;
        if (s[i].name == ".symtab") symtab = i;
    }
    if (!line) throw Bad{"no .debug_line section (compiled without -lineinfo?)"};
    if (!symtab) throw Bad{"no symbol table"};
    syms = symbols(b, s, symtab);
    std::vector<std::uint8_t> out = b;
    for (const Section& r : s) {
        if (r.type != kRela || r.info != line) continue;
        for (std::uint64_t at = r.offset; at + 24 <= r.offset + r.size; at += 24) {
            const std::uint64_t where = get(b, at, 8), info = get(b, at + 8, 8);
            const std::uint64_t addend = get(b, at + 16, 8);
            const std::uint64_t sym = info >> 32;
            if (sym >= syms.size() || where + 8 > s[line].size) throw Bad{"a bad relocation"};
            const std::uint64_t value = section_base(syms[sym].section) + syms[sym].value + addend;
            for (unsigned k = 0; k < 8; ++k)
                out[s[line].offset + where + k] = std::uint8_t(value >> (8 * k));
        }
    }
    return out;
}

}  // namespace

std::vector<FunctionLines> cubin_function_lines(const std::vector<std::uint8_t>& cubin,
                                                const std::string& file, std::string& error) {
    std::vector<FunctionLines> out;
    try {
        const std::vector<Section> s = sections(cubin);
        std::vector<Symbol> syms;
        const std::vector<std::uint8_t> bytes = relocated(cubin, s, syms);
        // NVRTC writes a #line name with folders ("tests/x/k.cu") as a folder of its own
        // working folder and the last component ("k.cu"); the unit's other files are the
        // wrapper's and the toolkit's headers, so the student's file is the one of that name.
        // A folder ("kernels/algorithms/") stays one: the rows of every file in it.
        const std::size_t slash = file.rfind('/');
        const bool folder = !file.empty() && file.back() == '/';
        const std::string last =
            folder || slash == std::string::npos ? file : file.substr(slash + 1);
        const std::optional<LineTable> table =
            line_table_from_bytes(bytes, "the kernel's GPU code", last, error);
        if (!table) return {};
        for (const Symbol& f : syms) {
            if (f.type != kFunc || f.section == 0 || f.section >= s.size()) continue;
            FunctionLines fl;
            fl.name = f.name;
            const std::uint64_t first = section_base(f.section) + f.value;
            const std::uint64_t last = section_base(f.section + 1);
            for (const LineTable::Range& r : table->ranges())
                if (r.begin >= first && r.begin < last)
                    fl.ranges.push_back({r.begin - first, r.end - first, r.line});
            if (!fl.ranges.empty()) out.push_back(std::move(fl));
        }
    } catch (const Bad& b) {
        error = "the kernel's GPU code: " + b.why;
        return {};
    }
    return out;
}

}  // namespace ws::user
