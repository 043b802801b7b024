// Reading assets/sass/<id>.sass: instructions, their classes, loops and counts.
#include "ui/model/lab/sass_listing.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "kernels/io/data_file.hpp"

namespace ws::ui {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

SassClass classify(std::string_view m) {
    if (starts_with(m, "BAR.") || m == "BAR") return SassClass::Barrier;
    if (starts_with(m, "SHFL")) return SassClass::Shuffle;
    if (starts_with(m, "LDS")) return SassClass::SharedLoad;
    if (starts_with(m, "STS")) return SassClass::SharedStore;
    if (starts_with(m, "LDG")) return SassClass::GlobalLoad;
    if (starts_with(m, "STG")) return SassClass::GlobalStore;
    if (starts_with(m, "REDUX") || starts_with(m, "VOTE") || starts_with(m, "MATCH"))
        return SassClass::WarpVote;
    if (starts_with(m, "ATOM") || starts_with(m, "RED")) return SassClass::Atomic;
    for (std::string_view b : {"BRA", "EXIT", "BSSY", "BSYNC", "WARPSYNC", "RET", "CALL", "JMP",
                               "BREAK", "BPT", "YIELD", "NANOSLEEP"})
        if (starts_with(m, b)) return SassClass::Branch;
    return SassClass::Other;
}

// The width a memory mnemonic names (".64", ".128", ".U8" ...), 4 bytes where it names none.
unsigned access_width(std::string_view m) {
    std::size_t pos = 0;
    while ((pos = m.find('.', pos)) != std::string_view::npos) {
        const std::string_view part = m.substr(pos + 1, m.find('.', pos + 1) - pos - 1);
        if (part == "128") return 16;
        if (part == "64") return 8;
        if (part == "U16" || part == "S16") return 2;
        if (part == "U8" || part == "S8") return 1;
        ++pos;
    }
    return 4;
}

bool is_memory(SassClass c) {
    return c == SassClass::SharedLoad || c == SassClass::SharedStore ||
           c == SassClass::GlobalLoad || c == SassClass::GlobalStore || c == SassClass::Atomic;
}

// "  /*0050*/ @!P0 BRA 0x3f30 ;" -> the instruction; false if the line is not one.
bool parse_instruction(std::string_view line, SassInstruction& out) {
    const std::size_t open = line.find("/*"), close = line.find("*/");
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return false;
    const std::string address(line.substr(open + 2, close - open - 2));
    if (address.empty() || address.find_first_not_of("0123456789abcdef") != std::string::npos)
        return false;
    out.address = std::uint32_t(std::stoul(address, nullptr, 16));
    std::string rest(line.substr(close + 2));
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == ';')) rest.pop_back();
    std::istringstream words(rest);
    std::string word;
    if (!(words >> word)) return false;
    if (word[0] == '@') {
        out.predicate = word;
        if (!(words >> word)) return false;
    }
    out.mnemonic = word;
    std::getline(words, out.operands);
    const std::size_t first = out.operands.find_first_not_of(' ');
    out.operands = first == std::string::npos ? "" : out.operands.substr(first);
    out.cls = classify(out.mnemonic);
    out.width_bytes = is_memory(out.cls) ? access_width(out.mnemonic) : 0;
    return true;
}

// A branch back to an earlier address closes a loop: everything from its target to it is in it
// (a branch to itself, the trap after EXIT, is none).
void mark_loops(std::vector<SassInstruction>& code) {
    for (const SassInstruction& b : code) {
        if (!starts_with(b.mnemonic, "BRA")) continue;
        std::uint32_t target = 0;
        std::istringstream in(b.operands);
        std::string t;
        if (!(in >> t) || !starts_with(t, "0x")) continue;
        target = std::uint32_t(std::stoul(t.substr(2), nullptr, 16));
        if (target >= b.address) continue;
        for (SassInstruction& i : code)
            if (i.address >= target && i.address <= b.address) i.in_loop = true;
    }
}

SassCounts count(const std::vector<SassInstruction>& code) {
    SassCounts c;
    for (const SassInstruction& i : code) {
        if (i.mnemonic == "NOP") continue;
        ++c.instructions;
        if (i.in_loop) ++c.in_loops;
        switch (i.cls) {
            case SassClass::Barrier:
                ++c.barriers;
                break;
            case SassClass::Shuffle:
                ++c.shuffles;
                break;
            case SassClass::SharedLoad:
                ++c.shared_loads;
                break;
            case SassClass::SharedStore:
                ++c.shared_stores;
                break;
            case SassClass::GlobalLoad:
                ++c.global_loads;
                ++c.global_load_widths[i.width_bytes];
                break;
            case SassClass::GlobalStore:
                ++c.global_stores;
                break;
            case SassClass::Atomic:
                ++c.atomics;
                break;
            case SassClass::WarpVote:
                ++c.warp_votes;
                break;
            default:
                break;
        }
    }
    return c;
}

void add(SassCounts& into, const SassCounts& c) {
    into.instructions += c.instructions;
    into.barriers += c.barriers;
    into.shuffles += c.shuffles;
    into.shared_loads += c.shared_loads;
    into.shared_stores += c.shared_stores;
    into.global_loads += c.global_loads;
    into.global_stores += c.global_stores;
    into.atomics += c.atomics;
    into.warp_votes += c.warp_votes;
    into.in_loops += c.in_loops;
    for (auto [w, n] : c.global_load_widths) into.global_load_widths[w] += n;
}

}  // namespace

const char* sass_class_name(SassClass c) {
    switch (c) {
        case SassClass::Barrier:
            return "barrier";
        case SassClass::Shuffle:
            return "shuffle";
        case SassClass::SharedLoad:
            return "shared load";
        case SassClass::SharedStore:
            return "shared store";
        case SassClass::GlobalLoad:
            return "global load";
        case SassClass::GlobalStore:
            return "global store";
        case SassClass::Atomic:
            return "atomic";
        case SassClass::WarpVote:
            return "warp vote or reduction";
        case SassClass::Branch:
            return "control flow";
        case SassClass::Other:
            return "arithmetic and moves";
    }
    return "";
}

SassListing parse_sass(std::string_view text) {
    SassListing out;
    std::size_t number = 0;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        ++number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
        if (starts_with(line, "#")) {
            out.provenance.emplace_back(line.substr(std::min<std::size_t>(2, line.size())));
            continue;
        }
        if (starts_with(line, "kernel ")) {
            out.kernels.push_back({std::string(line.substr(7)), {}, {}});
            continue;
        }
        SassInstruction i;
        if (out.kernels.empty() || !parse_instruction(line, i)) {
            out.error = "line " + std::to_string(number) +
                        " is not SASS: " + std::string(line.substr(0, 60));
            out.kernels.clear();
            return out;
        }
        out.kernels.back().code.push_back(std::move(i));
    }
    if (out.kernels.empty()) out.error = "no kernel in the file";
    for (SassKernel& k : out.kernels) {
        if (k.code.empty() && out.error.empty()) out.error = "kernel " + k.name + " is empty";
        mark_loops(k.code);
        k.counts = count(k.code);
        add(out.total, k.counts);
    }
    return out;
}

std::string load_widths_text(const SassCounts& c) {
    if (c.global_load_widths.empty()) return "none";
    std::string s;
    for (auto it = c.global_load_widths.rbegin(); it != c.global_load_widths.rend(); ++it)
        s += (s.empty() ? "" : ", ") + std::to_string(it->first) + "-byte x" +
             std::to_string(it->second);
    return s;
}

std::vector<SassCountRow> sass_count_rows(const SassCounts& c) {
    auto n = [](unsigned v) { return std::to_string(v); };
    return {
        {"instructions", n(c.instructions)},         {"in loops", n(c.in_loops)},
        {"barriers (BAR)", n(c.barriers)},           {"shuffles (SHFL)", n(c.shuffles)},
        {"shared loads (LDS)", n(c.shared_loads)},   {"shared stores (STS)", n(c.shared_stores)},
        {"global loads (LDG)", load_widths_text(c)}, {"global stores (STG)", n(c.global_stores)},
        {"atomics (ATOM, RED)", n(c.atomics)},       {"warp votes (VOTE, REDUX)", n(c.warp_votes)},
    };
}

std::string sass_path(const std::string& root, std::string_view id) {
    return root + "/assets/sass/" + std::string(id) + ".sass";
}

SassLibrary load_sass_library(const std::string& root) {
    SassLibrary lib;
    for (const std::string& file : io::data_files(root + "/assets/sass", ".sass")) {
        std::string error;
        const std::string text = io::read_data_file(file, io::DataKind::Sass, error);
        SassListing l = error.empty() ? parse_sass(text) : SassListing{};
        if (!error.empty()) l.error = error;  // the panel says it for that algorithm
        lib.emplace(std::filesystem::path(file).stem().string(), std::move(l));
    }
    return lib;
}

}  // namespace ws::ui
