// Finds the headers and the compiler for a student's kernel, writes its wrapper and reads the
// compiler's first error (toolchain.hpp).
#include "kernels/user/toolchain.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace ws::user {
namespace {

bool has_vocabulary(const std::string& dir) {
    struct stat st {};
    return !dir.empty() && ::stat((dir + "/kernels/probe/vocabulary.cuh").c_str(), &st) == 0 &&
           S_ISREG(st.st_mode);
}

std::string parent_dir(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// `text` as a C string literal's contents.
std::string escaped(const std::string& text) {
    std::string s;
    for (char c : text) {
        if (c == '\\' || c == '"') s += '\\';
        if (c == '\n') continue;
        s += c;
    }
    return s;
}

struct Diagnostic {
    std::string file, line, message;
    bool error = false;
};
// The message after the location: "error: ..." (an error), anything else (a note).
void read_message(std::string rest, Diagnostic& d) {
    while (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
    for (const char* word : {"fatal error: ", "catastrophic error: ", "error: "})
        if (rest.compare(0, std::strlen(word), word) == 0) {
            d.error = true;
            rest.erase(0, std::strlen(word));
            break;
        }
    d.message = rest;
}

// NVRTC's form: "FILE(LINE): error: MESSAGE".
bool parse_nvrtc_diagnostic(const std::string& text, Diagnostic& d) {
    const std::size_t close = text.find("): ");
    if (close == std::string::npos) return false;
    const std::size_t open = text.rfind('(', close);
    if (open == std::string::npos || open == 0 || open + 1 == close) return false;
    for (std::size_t i = open + 1; i < close; ++i)
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return false;
    d.file = text.substr(0, open);
    d.line = text.substr(open + 1, close - open - 1);
    read_message(text.substr(close + 2), d);
    return true;
}

// "FILE:LINE:COL: error: MESSAGE", "FILE:LINE:COL:   required from here", ... (GCC, Clang), or
// NVRTC's form.
bool parse_diagnostic(const std::string& text, Diagnostic& d) {
    if (parse_nvrtc_diagnostic(text, d)) return true;
    // The file may hold colons; the line and column are the first two numbers after one.
    for (std::size_t at = text.find(':'); at != std::string::npos; at = text.find(':', at + 1)) {
        std::size_t p = at + 1, q = p;
        while (q < text.size() && std::isdigit(static_cast<unsigned char>(text[q]))) ++q;
        if (q == p || q >= text.size() || text[q] != ':') continue;
        d.file = text.substr(0, at);
        d.line = text.substr(p, q - p);
        std::size_t r = q + 1;
        while (r < text.size() && std::isdigit(static_cast<unsigned char>(text[r]))) ++r;
        if (r < text.size() && text[r] == ':') ++r;  // the column
        read_message(text.substr(r), d);
        return true;
    }
    return false;
}

}  // namespace

std::string executable_path() {
    char buf[4096];
    const ssize_t got = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (got <= 0) return "";
    return std::string(buf, std::size_t(got));
}

std::string find_include_dir(std::string& error) {
    std::vector<std::string> tried;
    auto candidate = [&](const std::string& dir) {
        if (dir.empty()) return false;
        tried.push_back(dir);
        return has_vocabulary(dir);
    };
    const std::string exe_dir = parent_dir(executable_path());
    if (candidate(exe_dir + "/include")) return exe_dir + "/include";
    if (candidate(exe_dir + "/../share/warpscope/include"))
        return exe_dir + "/../share/warpscope/include";
    if (const char* root = std::getenv("WARPSCOPE_ROOT"); root && candidate(root)) return root;
#if defined(WS_SOURCE_DIR)
    if (candidate(WS_SOURCE_DIR)) return WS_SOURCE_DIR;
#endif
    std::string list;
    for (const std::string& t : tried) list += (list.empty() ? "" : ", ") + t;
    error =
        "the kernel headers (kernels/probe/vocabulary.cuh) are not beside the program; looked in " +
        list + " (set WARPSCOPE_ROOT to the source tree)";
    return "";
}

std::vector<std::string> find_compiler() {
    std::vector<std::string> words;
    if (const char* cxx = std::getenv("CXX"); cxx && *cxx) {
        std::istringstream in(cxx);
        for (std::string w; in >> w;) words.push_back(w);
    }
    if (!words.empty()) return words;
#if defined(WS_CXX_COMPILER)
    return {WS_CXX_COMPILER};
#else
    return {"g++"};
#endif
}

const char* kernel_signature(Family family) {
    return family == Family::Scan
               ? "template <class T, class Probe> __global__ void kernel(const T* g_in, T* g_out, "
                 "T* g_totals, unsigned n, ScanKind kind, Probe probe)"
               : "template <class T, class Probe> __global__ void kernel(const T* g_in, T* g_out, "
                 "unsigned n, Probe probe)";
}

std::string wrapper_source(const std::string& student_source, const std::string& display,
                           Family family) {
    std::string s =
        "// Generated by warpscope run-kernel: the student's kernel for the CPU emulator.\n"
        "#include \"kernels/probe/vocabulary.cuh\"\n"
        "#include \"kernels/probe/spin_lock.cuh\"\n"
        "#include \"kernels/sim/sim_probe.hpp\"\n"
        "#include \"kernels/trace/scan_kind.hpp\"\n"
        "using namespace ws::probe;\n"
        "using ws::trace::ScanKind;\n";
    s += "#line 1 \"" + escaped(display) + "\"\n";
    s += student_source;
    if (!s.empty() && s.back() != '\n') s += '\n';
    s += "#line 1 \"" + std::string(kGenerated) + "\"\n";
    if (family == Family::Scan) {
        s += "template <class T> using WarpscopeUserScan = void (*)(const T*, T*, T*, unsigned, "
             "ScanKind, ws::sim::SimProbe);\n";
        const char* types[][2] = {
            {"int", kExportScanInt}, {"float", kExportScanFloat}, {"double", kExportScanDouble}};
        for (const auto& t : types)
            s += std::string("extern \"C\" WarpscopeUserScan<") + t[0] + "> " + t[1] +
                 "() { return &kernel<" + t[0] + ", ws::sim::SimProbe>; }\n";
        return s;
    }
    s += "template <class T> using WarpscopeUserPass = void (*)(const T*, T*, unsigned, "
         "ws::sim::SimProbe);\n";
    const char* types[][2] = {
        {"int", kExportInt}, {"float", kExportFloat}, {"double", kExportDouble}};
    for (const auto& t : types)
        s += std::string("extern \"C\" WarpscopeUserPass<") + t[0] + "> " + t[1] +
             "() { return &kernel<" + t[0] + ", ws::sim::SimProbe>; }\n";
    return s;
}

std::vector<std::string> compile_command(const std::vector<std::string>& compiler,
                                         const std::string& include_dir,
                                         const std::string& student_dir, const std::string& wrapper,
                                         const std::string& output) {
    std::vector<std::string> cmd = compiler;
    for (const char* flag : {"-std=c++17", "-O1", "-fwrapv", "-fPIC", "-shared",
                             "-fdiagnostics-color=never", "-fno-diagnostics-show-caret"})
        cmd.push_back(flag);
    cmd.push_back("-I" + include_dir);
    if (!student_dir.empty()) cmd.push_back("-iquote" + student_dir);
    cmd.push_back("-x");
    cmd.push_back("c++");
    cmd.push_back(wrapper);
    cmd.push_back("-o");
    cmd.push_back(output);
    return cmd;
}

std::string compile_error_line(const std::string& compiler_output, const std::string& display,
                               Family family) {
    std::istringstream lines(compiler_output);
    std::string last_student_line;  // the student's line the first error came from
    for (std::string text; std::getline(lines, text);) {
        Diagnostic d;
        if (!parse_diagnostic(text, d)) continue;
        if (d.file == display && !d.error) last_student_line = d.line;
        if (!d.error) continue;
        if (d.file == kGenerated || d.file == kNvrtcNameMap)
            return "compile error: " + display + " has no kernel `" + kernel_signature(family) +
                   "` (" + d.message + ")";
        if (d.file == display)
            return "compile error at " + display + ":" + d.line + ": " + d.message;
        if (!last_student_line.empty())
            return "compile error at " + display + ":" + last_student_line + ": " + d.message +
                   " (in " + d.file + ":" + d.line + ")";
        return "compile error at " + d.file + ":" + d.line + ": " + d.message;
    }
    // No located error: the compiler's first line that says error, else its last line.
    std::istringstream again(compiler_output);
    std::string first_error, last;
    for (std::string text; std::getline(again, text);) {
        if (text.empty()) continue;
        last = text;
        if (first_error.empty() && text.find("error") != std::string::npos) first_error = text;
    }
    const std::string said = first_error.empty() ? last : first_error;
    return "compile error: " +
           (said.empty() ? std::string("the compiler failed and said nothing") : said);
}

}  // namespace ws::user
