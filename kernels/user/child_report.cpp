// The facts a child reports to its parent (child_report.hpp).
#include "kernels/user/child_report.hpp"

#include <unistd.h>

#include <cctype>
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

ReadFacts read_facts(const std::string& bytes) {
    ReadFacts r;
    std::size_t at = 0;
    while (at < bytes.size()) {
        const std::size_t space = bytes.find(' ', at);
        const std::size_t newline = bytes.find('\n', at);
        if (space == std::string::npos || newline == std::string::npos || space > newline ||
            space == at || space - at > kMaxKind || newline == space + 1 || newline - space > 20) {
            r.damage = "a fact's header at byte " + std::to_string(at) + " is not KIND LENGTH";
            return r;
        }
        Fact f;
        f.kind = bytes.substr(at, space - at);
        for (char c : f.kind)
            if (!std::islower(static_cast<unsigned char>(c)) && c != '-') {
                r.damage = "a fact's kind at byte " + std::to_string(at) + " is not a word";
                return r;
            }
        std::size_t length = 0;
        for (std::size_t i = space + 1; i < newline; ++i) {
            if (!std::isdigit(static_cast<unsigned char>(bytes[i]))) {
                r.damage = "a fact's length at byte " + std::to_string(at) + " is not a number";
                return r;
            }
            length = length * 10 + std::size_t(bytes[i] - '0');
        }
        if (length > bytes.size() - newline - 1) {
            r.damage = "the fact `" + f.kind + "` is cut short";
            return r;
        }
        f.bytes = bytes.substr(newline + 1, length);
        at = newline + 1 + length;
        r.facts.push_back(std::move(f));
    }
    return r;
}

}  // namespace ws::user
