// The one sentence a student's kernel run ends with (outcome.hpp).
#include "kernels/user/outcome.hpp"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "kernels/user/syscall_policy.hpp"
#include "kernels/user/toolchain.hpp"

namespace ws::user {
namespace {

const char* signal_name(int sig) {
    switch (sig) {
        case SIGSEGV:
            return "SIGSEGV";
        case SIGBUS:
            return "SIGBUS";
        case SIGFPE:
            return "SIGFPE";
        case SIGILL:
            return "SIGILL";
        case SIGABRT:
            return "SIGABRT";
        case SIGSYS:
            return "SIGSYS";
        case SIGXCPU:
            return "SIGXCPU";
        case SIGXFSZ:
            return "SIGXFSZ";
        case SIGKILL:
            return "SIGKILL";
        case SIGTERM:
            return "SIGTERM";
        case SIGTRAP:
            return "SIGTRAP";
    }
    return nullptr;
}

// Where the child was, from a fact's PHASE BLOCK THREAD.
struct Where {
    int phase = int(ChildPhase::Own);
    unsigned long block = 0, thread = 0;
    std::string text() const {
        switch (ChildPhase(phase)) {
            case ChildPhase::InKernel:
                return " in block " + std::to_string(block) + ", thread " + std::to_string(thread);
            case ChildPhase::Loading:
                return " while its file was loaded, before any kernel ran (a global constructor)";
            case ChildPhase::Finishing:
                return " after the run (a global destructor)";
            case ChildPhase::Own:
                break;
        }
        return "";
    }
};

// signal: "SIGNO PHASE BLOCK THREAD ADDRESS SYSCALL DETAIL FOREIGN".
struct SignalFact {
    bool valid = false;
    int signal = 0;
    Where where;
    unsigned long long address = 0;
    long syscall = -1;
    unsigned long long detail = 0;
    bool foreign = false;
};
SignalFact parse_signal(const Fact* f) {
    SignalFact s;
    if (!f) return s;
    std::istringstream in(f->bytes);
    std::string address;
    int foreign = 0;
    if (!(in >> s.signal >> s.where.phase >> s.where.block >> s.where.thread >> address >>
          s.syscall >> s.detail >> foreign))
        return s;
    if (s.where.phase < 0 || s.where.phase > int(ChildPhase::Finishing)) return s;
    s.address = std::strtoull(address.c_str(), nullptr, 16);
    s.foreign = foreign != 0;
    s.valid = true;
    return s;
}

std::string hex(unsigned long long v) {
    char b[32];
    std::snprintf(b, sizeof b, "0x%llx", v);
    return b;
}

std::string seconds(double s) {
    char b[32];
    std::snprintf(b, sizeof b, "%.0f s", s);
    return b;
}

std::string signal_sentence(int sig, const SignalFact& r, const Limits& limits, ChildRole role) {
    const std::string where = r.valid ? r.where.text() : "";
    const std::string cpu = std::to_string(limits.cpu_seconds) + " s";
    const std::string who = role == ChildRole::Gpu ? "the kernel's GPU child" : "the kernel";
    switch (sig) {
        case SIGXCPU:
            return who + " ran past its CPU-time limit of " + cpu + where +
                   " (an endless loop? --cpu-limit sets the limit; time spent waiting for a "
                   "processor does not count)";
        case SIGKILL:
            return who + " was killed (SIGKILL): it ran past its CPU-time limit of " + cpu +
                   ", or the machine ran out of memory";
        case SIGXFSZ:
            return who + " wrote more than its file-size limit of " + size_text(limits.file_bytes);
        case SIGSYS:
            if (!r.valid) return "the sandbox stopped the kernel (SIGSYS)";
            return "the sandbox stopped the kernel: it tried to " +
                   tried_to(r.syscall, r.detail, r.foreign) + where;
        case SIGSEGV:
        case SIGBUS: {
            std::string what = who + " crashed (" + signal_name(sig) + ")" + where;
            if (r.valid)
                what += ": a read or write at " + hex(r.address) +
                        (r.address < 4096 ? ", a null pointer (an allocation that failed, or a "
                                            "pointer never set)"
                                          : ", outside its arrays (or a stack overflow)");
            return what;
        }
        case SIGFPE:
            return who + " crashed (SIGFPE: an integer division by zero)" + where;
        case SIGILL:
            return who + " crashed (SIGILL: an illegal instruction)" + where;
        case SIGTRAP:
            return who + " stopped at a trap (SIGTRAP: __builtin_trap or a breakpoint)" + where;
        case SIGABRT:
            return who + " aborted (SIGABRT: abort() or a failed assert)" + where;
    }
    const char* name = signal_name(sig);
    return who + " was ended by signal " + std::to_string(sig) +
           (name ? std::string(" (") + name + ")" : std::string()) + where;
}

// exit: "STATUS PHASE BLOCK THREAD".
std::string exit_sentence(const Fact& f) {
    std::istringstream in(f.bytes);
    long status = 0;
    Where where;
    if (!(in >> status >> where.phase >> where.block >> where.thread) || where.phase < 0 ||
        where.phase > int(ChildPhase::Finishing))
        return "the kernel called exit() before its run was done";
    return "the kernel called exit(" + std::to_string(status) + ")" + where.text() +
           ": a kernel ends by returning, and exit() ends the whole program";
}

std::string waited_sentence(const ChildEnd& end, const Limits& limits, ChildRole role) {
    const std::string used = " (it used " + seconds(end.cpu_seconds) + " of CPU in " +
                             seconds(end.wall_seconds) + "; time spent waiting for a processor " +
                             "on a busy machine does not count)";
    if (role == ChildRole::Gpu)
        return "the kernel's GPU child waited more than " +
               std::to_string(limits.waiting_allowed()) +
               " s for the GPU and was stopped: the kernel never finished (an endless loop on "
               "the GPU?)" +
               used;
    return "the kernel waited more than " + std::to_string(limits.waiting_allowed()) +
           " s without computing (asleep, blocked or stopped) and was stopped" + used;
}

}  // namespace

std::string size_text(std::uint64_t bytes) {
    if (bytes >= (std::uint64_t(1) << 30) && bytes % (std::uint64_t(1) << 30) == 0)
        return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (std::uint64_t(1) << 20)) return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

namespace {

// The length of a bidirectional-text control starting at `at` (U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069: they reorder what follows them on a terminal), or 0.
std::size_t bidi_control_at(const std::string& s, std::size_t at) {
    const auto b = [&](std::size_t i) {
        return i < s.size() ? static_cast<unsigned char>(s[i]) : 0;
    };
    if (b(at) == 0xD8 && b(at + 1) == 0x9C) return 2;  // U+061C
    if (b(at) != 0xE2) return 0;
    const unsigned c1 = b(at + 1), c2 = b(at + 2);
    if (c1 == 0x80 && (c2 == 0x8E || c2 == 0x8F || (c2 >= 0xAA && c2 <= 0xAE))) return 3;
    if (c1 == 0x81 && c2 >= 0xA6 && c2 <= 0xA9) return 3;
    return 0;
}

}  // namespace

std::string printable_line(const std::string& text, std::size_t max) {
    std::string first = text.substr(0, text.find('\n'));
    while (!first.empty() && (first.back() == '\r' || first.back() == ' ')) first.pop_back();
    std::string line;
    for (std::size_t i = 0; i < first.size(); ++i) {
        const auto u = static_cast<unsigned char>(first[i]);
        if (const std::size_t n = bidi_control_at(first, i)) {  // it reorders what follows
            line += '?';
            i += n - 1;
        } else {
            line += u < 0x20 || u == 0x7f ? '?' : first[i];
        }
    }
    if (line.size() > max) line = line.substr(0, max) + "...";
    return line;
}

std::string printable_name(const std::string& name) {
    std::string out;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        const auto u = static_cast<unsigned char>(c);
        if (const std::size_t n = bidi_control_at(name, i)) {
            for (std::size_t k = 0; k < n; ++k) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(name[i + k]));
                out += hex;
            }
            i += n - 1;
        } else if (c == '\\') {
            out += "\\\\";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\r') {
            out += "\\r";
        } else if (u < 0x20 || u == 0x7f) {
            char b[8];
            std::snprintf(b, sizeof b, "\\x%02x", u);
            out += b;
        } else {
            out += c;
        }
    }
    return out;
}

std::string describe_end(const ChildEnd& end, const Limits& limits, ChildRole role) {
    const ReadFacts& f = end.facts;
    if (!end.started)
        return f.first(kFactFailed) ? printable_line(f.first(kFactFailed)->bytes)
                                    : "the kernel's child could not be started";
    // What the child's handlers saw comes first: the signal that ended it, exit() called.
    if (const Fact* s = f.first(kFactSignal)) {
        const SignalFact r = parse_signal(s);
        return signal_sentence(r.valid ? r.signal : end.signal, r, limits, role);
    }
    if (const Fact* e = f.first(kFactExit)) return exit_sentence(*e);
    if (end.stopped_waiting) return waited_sentence(end, limits, role);
    if (f.first(kFactOutOfMemory))
        return "the kernel tried to allocate more memory than its limit of " +
               size_text(limits.memory_bytes) + " (std::bad_alloc)";
    if (const Fact* t = f.first(kFactThrew)) return "the kernel threw " + printable_line(t->bytes);
    for (const char* kind : {kFactMemoryPlan, kFactFailed})
        if (const Fact* t = f.first(kind)) return printable_line(t->bytes);
    if (!end.exited) return signal_sentence(end.signal, SignalFact{}, limits, role);
    const bool traced = f.last(kFactTrace) != nullptr;
    if (end.code != 0 || !traced)
        return "the kernel ended its process itself (exit code " + std::to_string(end.code) +
               ") before its run was reported" +
               (f.damage.empty() ? std::string() : "; its report is damaged: " + f.damage);
    return "";
}

std::string describe_compile_end(const ChildEnd& end, const Limits& limits, const std::string& log,
                                 const std::string& display, Family family, bool nvrtc) {
    const std::string cpu = std::to_string(limits.cpu_seconds) + " s";
    if (!end.started) return "compile error: the compiler could not be started";
    if (end.stopped_waiting)
        return "compile error: the compiler waited more than " +
               std::to_string(limits.waiting_allowed()) + " s and was stopped";
    if (!end.exited) {
        if (end.signal == SIGXCPU || end.signal == SIGKILL)
            return "compile error: the compiler ran past its CPU-time limit of " + cpu;
        if (end.signal == SIGXFSZ)
            return "compile error: the compiler wrote more than its file-size limit of " +
                   size_text(limits.file_bytes);
        return "compile error: the compiler was ended by signal " + std::to_string(end.signal);
    }
    if (nvrtc) {
        if (end.facts.last(kFactCubin) && end.facts.last(kFactNames)) return "";
        if (const Fact* e = end.facts.first(kFactCompileError))
            return compile_error_line(e->bytes, display, family);
        if (const Fact* e = end.facts.first(kFactFailed)) return printable_line(e->bytes);
        return "NVRTC's child ended without its code (exit code " + std::to_string(end.code) + ")";
    }
    if (end.code == 0) return "";
    // The driver's words when a limit ended one of its programs.
    if (log.find("CPU time limit exceeded") != std::string::npos)
        return "compile error: the compiler ran past its CPU-time limit of " + cpu;
    if (log.find("File size limit exceeded") != std::string::npos)
        return "compile error: the compiler wrote more than its file-size limit of " +
               size_text(limits.file_bytes);
    if (log.find("Killed signal terminated program") != std::string::npos ||
        log.find("out of memory") != std::string::npos)
        return "compile error: the compiler ran out of memory (its limit is " +
               size_text(limits.memory_bytes) + ")";
    if (end.code == 127 && log.find("could not be started") != std::string::npos)
        return "compile error: the compiler could not be started (install g++, or set CXX)";
    return printable_line(compile_error_line(log, display, family), 1000);
}

}  // namespace ws::user
