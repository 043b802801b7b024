// Parses the first line of a student's kernel file (kernel_header.hpp) into a catalog row.
#include "kernels/user/kernel_header.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace ws::user {
namespace {

struct NamedRule {
    const char* name;
    SmemRule rule;
};
constexpr NamedRule kSharedRules[] = {
    {"none", SmemRule::None},
    {"per-thread", SmemRule::PerThread},
    {"per-thread-min64", SmemRule::PerThreadMin64},
    {"per-warp", SmemRule::PerWarp},
    {"two-per-thread", SmemRule::TwoPerThread},
    {"two-per-thread-padded", SmemRule::TwoPerThreadPadded},
};

bool parse_unsigned(const std::string& text, unsigned lo, unsigned hi, unsigned& out) {
    if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != text.npos)
        return false;
    const unsigned long v = std::stoul(text);
    if (v < lo || v > hi) return false;
    out = unsigned(v);
    return true;
}

}  // namespace

const std::vector<std::string>& shared_rule_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const NamedRule& r : kSharedRules) out.push_back(r.name);
        return out;
    }();
    return names;
}

const char* header_usage() {
    static const std::string usage = [] {
        std::string shared;
        for (const std::string& n : shared_rule_names()) shared += (shared.empty() ? "" : "|") + n;
        return "// warpscope-kernel: reduce|scan [elements-per-thread=K] [shared=" + shared +
               "] [block=power-of-two|any] [blocks=N,...]";
    }();
    return usage.c_str();
}

const char* plain_header_usage() {
    return "// warpscope-kernel: reduce|scan kernel=NAME in=PARAM out=PARAM n=PARAM [totals=PARAM] "
           "[kind=inclusive|exclusive] [block-size=PARAM] [NAME=VALUE ...] "
           "[elements-per-thread=K] [shared=RULE] [block=RULE] [blocks=N,...]";
}

namespace {

bool is_identifier(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
}

// A value the generated call passes as written: a number or true/false, nothing else.
bool is_plain_value(const std::string& s) {
    if (s == "true" || s == "false") return true;
    if (s.empty()) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '+')
            return false;
    return std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '.';
}

// The plain form's items (kernel_header.hpp); "" or why `item` is wrong.
std::string read_plain_item(const std::string& key, const std::string& value, PlainSpec& p) {
    std::string* named[] = {&p.kernel, &p.in, &p.out, &p.n, &p.totals, &p.block_size};
    const char* keys[] = {"kernel", "in", "out", "n", "totals", "block-size"};
    for (std::size_t k = 0; k < 6; ++k)
        if (key == keys[k]) {
            if (!is_identifier(value)) return key + "= names a parameter: a C++ name";
            *named[k] = value;
            return "";
        }
    if (key == "kind") {
        if (value != "inclusive" && value != "exclusive")
            return "kind is inclusive or exclusive (what the scan computes)";
        p.exclusive = value == "exclusive";
        return "";
    }
    if (!is_identifier(key))
        return "not an item of the header (" + std::string(header_usage()) + ")";
    if (!is_plain_value(value))
        return key + "=" + value + ": a parameter's value is a number, true or false";
    p.values.emplace_back(key, value);
    return "";
}

}  // namespace

KernelHeader parse_kernel_header(const std::string& source, const std::string& file) {
    KernelHeader h;
    VariantInfo& v = h.info;
    v.family = Family::Reduce;
    v.reduce_driver = ReduceDriver::MultiPass;
    v.reduce_op = ReduceOp::Sum;
    v.smem_rule = SmemRule::PerThread;
    v.block_rule = BlockRule::PowerOfTwo32To1024;
    v.elems_per_thread = 1;
    auto fail = [&](const std::string& why) {
        h.error = file + ":1: " + why;
        return h;
    };

    std::string line = source.substr(0, source.find('\n'));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::string tag = kHeaderTag;
    if (line.compare(0, tag.size(), tag) != 0)
        return fail(std::string("the first line must say what the kernel is: ") + header_usage());
    std::istringstream words(line.substr(tag.size()));
    std::string family;
    if (!(words >> family))
        return fail(std::string("no family after warpscope-kernel: ") + header_usage());
    if (family == "scan") {  // a tile scan, run as the catalog's block-level scans are
        v.family = Family::Scan;
        v.driver = ScanDriver::ScanThenFan;
        v.scan_op = ScanOp::PrefixSum;
    } else if (family != "reduce") {
        return fail(family + ": not a family (reduce or scan)");
    }
    bool shared_given = false;
    for (std::string item; words >> item;) {
        const auto eq = item.find('=');
        const std::string key = item.substr(0, eq);
        const std::string value = eq == item.npos ? "" : item.substr(eq + 1);
        if (key == "elements-per-thread") {
            if (!parse_unsigned(value, 1, 64, v.elems_per_thread))
                return fail(item + ": elements-per-thread is a number from 1 to 64");
        } else if (key == "shared") {
            bool found = false;
            for (const NamedRule& r : kSharedRules)
                if (value == r.name) {
                    v.smem_rule = r.rule;
                    found = true;
                }
            if (!found) {
                const std::vector<std::string>& names = shared_rule_names();
                std::string list;
                for (std::size_t i = 0; i < names.size(); ++i)
                    list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
                return fail(item + ": shared is " + list);
            }
        } else if (key == "blocks") {
            std::istringstream list(value);
            for (std::string size; std::getline(list, size, ',');) {
                unsigned b = 0;
                if (!parse_unsigned(size, 1, 1024, b))
                    return fail(item + ": blocks is a list of sizes from 1 to 1024, e.g. 32,64");
                h.blocks.push_back(b);
            }
            if (h.blocks.empty()) return fail(item + ": blocks lists at least one size");
        } else if (key == "block") {
            if (value == "power-of-two")
                v.block_rule = BlockRule::PowerOfTwo32To1024;
            else if (value == "any")
                v.block_rule = BlockRule::Any1To1024;
            else
                return fail(item + ": block is power-of-two or any");
        } else if (eq != item.npos && eq > 0) {  // the plain form's (kernel_header.hpp)
            const std::string why = read_plain_item(key, value, h.plain);
            if (!why.empty()) return fail(item + ": " + why);
        } else {
            return fail(item + ": not an item of the header (" + header_usage() + ")");
        }
        if (key == "shared") shared_given = true;
    }
    PlainSpec& p = h.plain;
    const bool names_any = !p.kernel.empty() || !p.in.empty() || !p.out.empty() || !p.n.empty() ||
                           !p.totals.empty() || !p.block_size.empty() || !p.values.empty() ||
                           p.exclusive;
    if (names_any) {
        p.plain = true;
        for (const auto& [name, what] :
             {std::pair<const std::string&, const char*>{p.kernel, "kernel="},
              {p.in, "in="},
              {p.out, "out="},
              {p.n, "n="}})
            if (name.empty())
                return fail(std::string("a plain kernel's header names its ") + what + " (" +
                            plain_header_usage() + ")");
        if (v.family != Family::Scan && (!p.totals.empty() || p.exclusive))
            return fail("totals= and kind= are a scan's: this header says reduce");
        if (!shared_given) v.smem_rule = SmemRule::None;
        v.static_smem_bytes = kPlainStaticSharedBytes;
    }
    for (unsigned b : h.blocks)
        if (!accepts_block(v.block_rule, b))
            return fail("blocks=" + std::to_string(b) + ": the block rule takes " +
                        block_rule_text(v.block_rule));
    return h;
}

std::string block_refusal(const KernelHeader& h, unsigned block, const std::string& file) {
    if (h.blocks.empty() || std::find(h.blocks.begin(), h.blocks.end(), block) != h.blocks.end())
        return "";
    std::string list;
    for (unsigned b : h.blocks) list += (list.empty() ? "" : ",") + std::to_string(b);
    return file + ":1: written for block " + list + " (its header's blocks=" + list +
           "), not --block " + std::to_string(block);
}

}  // namespace ws::user
