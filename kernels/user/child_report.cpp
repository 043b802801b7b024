// The facts a child reports to its parent (child_report.hpp).
#include "kernels/user/child_report.hpp"

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstring>

namespace ws::user {
namespace {

constexpr std::size_t kMaxKind = 32;

void write_all_now(int fd, const char* p, std::size_t n) {
    while (n > 0) {
        const ssize_t w = ::write(fd, p, n);
        if (w <= 0) return;
        p += w;
        n -= std::size_t(w);
    }
}

}  // namespace

std::string encode_fact(const std::string& kind, const std::string& bytes) {
    return kind + " " + std::to_string(bytes.size()) + "\n" + bytes;
}

void write_fact_now(int fd, const char* kind, const char* bytes) {
    char header[64];
    std::size_t at = 0;
    for (const char* k = kind; *k && at < kMaxKind; ++k) header[at++] = *k;
    header[at++] = ' ';
    const std::size_t length = std::strlen(bytes);
    char digits[24];
    int n = 0;
    std::size_t v = length;
    do {
        digits[n++] = char('0' + v % 10);
        v /= 10;
    } while (v);
    while (n) header[at++] = digits[--n];
    header[at++] = '\n';
    write_all_now(fd, header, at);
    write_all_now(fd, bytes, length);
}

const Fact* ReadFacts::first(const char* kind) const {
    for (const Fact& f : facts)
        if (f.kind == kind) return &f;
    return nullptr;
}

const Fact* ReadFacts::last(const char* kind) const {
    const Fact* found = nullptr;
    for (const Fact& f : facts)
        if (f.kind == kind) found = &f;
    return found;
}

namespace {

// A fact's header, `KIND LENGTH` (without its newline), read at byte `at` of the report: false
// and `damage` when it is not one.
bool parse_header(const std::string& header, std::uint64_t at, std::string& kind,
                  std::uint64_t& length, std::string& damage) {
    const std::size_t space = header.find(' ');
    const std::string where = " at byte " + std::to_string(at);
    if (space == std::string::npos || space == 0 || space > kMaxKind ||
        space + 1 == header.size() || header.size() - space - 1 > 19) {
        damage = "a fact's header" + where + " is not KIND LENGTH";
        return false;
    }
    kind = header.substr(0, space);
    for (char c : kind)
        if (!std::islower(static_cast<unsigned char>(c)) && c != '-') {
            damage = "a fact's kind" + where + " is not a word";
            return false;
        }
    length = 0;
    for (std::size_t i = space + 1; i < header.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(header[i]))) {
            damage = "a fact's length" + where + " is not a number";
            return false;
        }
        length = length * 10 + std::uint64_t(header[i] - '0');
    }
    return true;
}

}  // namespace

ReadFacts read_facts(const std::string& bytes) {
    ReadFacts r;
    std::size_t at = 0;
    while (at < bytes.size()) {
        const std::size_t newline = bytes.find('\n', at);
        if (newline == std::string::npos || newline - at > kMaxKind + 21) {
            r.damage = "a fact's header at byte " + std::to_string(at) + " is not KIND LENGTH";
            return r;
        }
        Fact f;
        std::uint64_t length = 0;
        if (!parse_header(bytes.substr(at, newline - at), at, f.kind, length, r.damage)) return r;
        if (length > bytes.size() - newline - 1) {
            r.damage = "the fact `" + f.kind + "` is cut short";
            return r;
        }
        f.bytes = bytes.substr(newline + 1, std::size_t(length));
        at = newline + 1 + std::size_t(length);
        r.facts.push_back(std::move(f));
    }
    return r;
}

ReadFacts read_facts_file(const std::string& path, std::uint64_t max_bytes) {
    ReadFacts r;
    std::FILE* f = std::fopen(path.c_str(), "rbe");
    if (!f) return r;  // no report: no facts (the child ended before it wrote one)
    std::uint64_t kept = 0, at = 0;
    for (;;) {
        std::string header;
        int c = 0;
        while (header.size() <= kMaxKind + 21 && (c = std::fgetc(f)) != EOF && c != '\n')
            header.push_back(char(c));
        if (header.empty() && c == EOF) break;
        Fact fact;
        std::uint64_t length = 0;
        if (c != '\n') {
            r.damage = "a fact's header at byte " + std::to_string(at) + " is not KIND LENGTH";
            break;
        }
        if (!parse_header(header, at, fact.kind, length, r.damage)) break;
        if (length > max_bytes - kept) {
            r.damage = "the report is larger than " + std::to_string(max_bytes >> 20) +
                       " MiB: what follows byte " + std::to_string(at) + " is not read";
            break;
        }
        fact.bytes.resize(std::size_t(length));
        if (length && std::fread(fact.bytes.data(), 1, std::size_t(length), f) != length) {
            r.damage = "the fact `" + fact.kind + "` is cut short";
            break;
        }
        kept += length;
        at += header.size() + 1 + length;
        r.facts.push_back(std::move(fact));
    }
    std::fclose(f);
    return r;
}

}  // namespace ws::user
