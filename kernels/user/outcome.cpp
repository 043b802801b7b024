// The one sentence a student's kernel run ends with (outcome.hpp).
#include "kernels/user/outcome.hpp"

#include <csignal>
#include <cstdlib>
#include <sstream>

#include "kernels/user/child_guard.hpp"
#include "kernels/user/child_protocol.hpp"

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
    }
    return nullptr;
}

// What the child's signal handler wrote: "signal SIGNO INSIDE BLOCK THREAD ADDRESS SYSCALL".
struct SignalReport {
    bool valid = false;
    int signal = 0;
    bool inside = false;
    unsigned long block = 0, thread = 0;
    unsigned long long address = 0;
    long syscall = -1;
};
SignalReport parse_report(const std::string& outcome) {
    SignalReport r;
    std::istringstream in(outcome);
    std::string word, address;
    int inside = 0;
    if (!(in >> word) || word != kSignalWord) return r;
    if (!(in >> r.signal >> inside >> r.block >> r.thread >> address >> r.syscall)) return r;
    r.inside = inside != 0;
    r.address = std::strtoull(address.c_str(), nullptr, 16);
    r.valid = true;
    return r;
}

std::string hex(unsigned long long v) {
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}

// The outcome's first line, printable and not too long (the child is not trusted to be brief).
std::string first_line(const std::string& outcome) {
    std::string line = outcome.substr(0, outcome.find('\n'));
    for (char& c : line)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    if (line.size() > 400) line = line.substr(0, 400) + "...";
    return line;
}

std::string signal_sentence(int sig, const SignalReport& r, const Limits& limits) {
    const std::string where = r.valid && r.inside ? " in block " + std::to_string(r.block) +
                                                        ", thread " + std::to_string(r.thread)
                                                  : "";
    const std::string cpu = std::to_string(limits.cpu_seconds) + " s";
    switch (sig) {
        case SIGXCPU:
            return "the kernel ran past its CPU-time limit of " + cpu + where +
                   " (an endless loop? --cpu-limit sets the limit)";
        case SIGKILL:
            return "the kernel was killed (SIGKILL): it ran past its CPU-time limit of " + cpu +
                   ", or the machine ran out of memory";
        case SIGXFSZ:
            return "the kernel wrote more than its file-size limit of " +
                   size_text(limits.file_bytes);
        case SIGSYS: {
            const ForbiddenCall* call = r.valid ? forbidden_call(r.syscall) : nullptr;
            if (!call)
                return "the sandbox stopped the kernel: it made a forbidden system call" +
                       (r.valid ? " (number " + std::to_string(r.syscall) + ")" : "") + where;
            return "the sandbox stopped the kernel: it tried to " + std::string(call->what) + " (" +
                   call->name + ")" + where;
        }
        case SIGSEGV:
        case SIGBUS: {
            std::string what = std::string("the kernel crashed (") + signal_name(sig) + ")" + where;
            if (r.valid)
                what += ": a read or write at " + hex(r.address) +
                        (r.address < 4096 ? ", a null pointer (an allocation that failed, or a "
                                            "pointer never set)"
                                          : ", outside its arrays (or a stack overflow)");
            return what;
        }
        case SIGFPE:
            return "the kernel crashed (SIGFPE: an integer division by zero)" + where;
        case SIGILL:
            return "the kernel crashed (SIGILL: an illegal instruction)" + where;
        case SIGABRT:
            return "the kernel aborted (SIGABRT: abort() or a failed assert)" + where;
    }
    const char* name = signal_name(sig);
    return "the kernel was ended by signal " + std::to_string(sig) +
           (name ? std::string(" (") + name + ")" : std::string()) + where;
}

}  // namespace

std::string size_text(std::uint64_t bytes) {
    if (bytes >= (std::uint64_t(1) << 30) && bytes % (std::uint64_t(1) << 30) == 0)
        return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (std::uint64_t(1) << 20)) return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

std::string describe_end(const ChildEnd& end, const Limits& limits) {
    if (end.timed_out)
        return "the kernel ran past its wall-clock limit of " +
               std::to_string(limits.wall_seconds()) +
               " s and was stopped (it waited without computing: a sleep, or a read that never "
               "returns)";
    const std::string said = first_line(end.outcome);
    if (!end.exited) return signal_sentence(end.signal, parse_report(said), limits);
    switch (end.code) {
        case kChildRan:
            return "";
        case kChildCompileFailed:
            return said.empty() ? "compile error (the compiler said nothing)" : said;
        case kChildOutOfMemory:
            return "the kernel tried to allocate more memory than its limit of " +
                   size_text(limits.memory_bytes) + " (std::bad_alloc)";
        case kChildThrew:
            return "the kernel " + (said.empty() ? std::string("threw an exception") : said);
        case kChildFailed:
            return said.empty() ? "the kernel's process failed and said nothing" : said;
    }
    return "the kernel ended the program itself (exit code " + std::to_string(end.code) + ")";
}

}  // namespace ws::user
