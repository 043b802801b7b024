// Finds the headers and the compiler for a student's kernel, writes its wrapper and reads the
// compiler's first error (toolchain.hpp).
#include "kernels/user/toolchain.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
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

namespace {
std::mutex g_child_lock;
std::string g_child_program;
}  // namespace

std::string child_program() {
    std::lock_guard<std::mutex> hold(g_child_lock);
    return g_child_program.empty() ? executable_path() : g_child_program;
}

void use_child_program(const std::string& path) {
    std::lock_guard<std::mutex> hold(g_child_lock);
    g_child_program = path;
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

std::vector<std::string> find_plain_compiler() {
    for (const char* name : {"clang++", "clang++-14"})
        if (!program_path(name).empty()) return {name};
    return {};
}

std::vector<std::string> plain_compile_command(const std::vector<std::string>& compiler,
                                               const std::string& include_dir,
                                               const std::vector<std::string>& standard_dirs,
                                               const std::string& wrapper,
                                               const std::string& output) {
    std::vector<std::string> cmd = compiler;
    for (const char* flag :
         {"-std=c++17", "-O0", "-g", "-gline-tables-only", "-gdwarf-4", "-fwrapv", "-fPIC",
          "-shared", "-pipe", "-fno-color-diagnostics", "-fno-caret-diagnostics",
          "-fsanitize-coverage=trace-pc-guard,trace-loads,trace-stores", "-nostdinc"})
        cmd.push_back(flag);
    // Copies and fills as calls (plain_copies.hpp): AddressSanitizer's pass with its checks off,
    // asked of the compiler itself, so that the driver links none of its runtime.
    for (const char* flag :
         {"-Xclang", "-fsanitize=address", "-mllvm", "-asan-instrument-reads=false", "-mllvm",
          "-asan-instrument-writes=false", "-mllvm", "-asan-instrument-atomics=false", "-mllvm",
          "-asan-stack=false", "-mllvm", "-asan-globals=false", "-mllvm",
          "-asan-use-after-return=never", "-mllvm", "-asan-use-after-scope=false"})
        cmd.push_back(flag);
    cmd.push_back("-I" + include_dir);
    cmd.push_back("-I" + include_dir + "/kernels/user/plain_include");
    for (const std::string& dir : standard_dirs) cmd.push_back("-isystem" + dir);
    for (const std::string& w :
         {std::string("-x"), std::string("c++"), wrapper, std::string("-o"), output})
        cmd.push_back(w);
    return cmd;
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
        "#include \"" +
        std::string(kPrelude) +
        "\"\n"
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

std::string program_path(const std::string& name) {
    if (name.empty()) return "";
    if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0 ? name : "";
    const char* path = std::getenv("PATH");
    const std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::istringstream in(dirs);
    for (std::string dir; std::getline(in, dir, ':');) {
        if (dir.empty()) continue;
        const std::string candidate = dir + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return "";
}

std::vector<std::string> standard_include_dirs(const std::vector<std::string>& compiler) {
    static std::mutex lock;
    static std::map<std::vector<std::string>, std::vector<std::string>> known;
    std::lock_guard<std::mutex> hold(lock);
    if (auto it = known.find(compiler); it != known.end()) return it->second;
    std::vector<std::string> dirs;
    std::vector<std::string> argv = compiler;
    if (!argv.empty()) argv[0] = program_path(argv[0]);
    if (argv.empty() || argv[0].empty()) return dirs;
    for (const char* a : {"-x", "c++", "-std=c++17", "-E", "-v", "-o", "/dev/null", "/dev/null"})
        argv.push_back(a);
    // Its messages through a pipe; no input but /dev/null.
    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0) return dirs;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, out[1], 2);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    char* no_env[] = {const_cast<char*>("LC_ALL=C"),
                      const_cast<char*>("PATH=/usr/local/bin:/usr/bin:/bin"), nullptr};
    pid_t pid = -1;
    const int spawned = ::posix_spawn(&pid, args[0], &actions, nullptr, args.data(), no_env);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    std::string said;
    char buf[4096];
    for (ssize_t n;
         spawned == 0 && (n = ::read(out[0], buf, sizeof buf)) > 0 && said.size() < (1 << 20);)
        said.append(buf, std::size_t(n));
    ::close(out[0]);
    int status = 0;
    if (spawned == 0) ::waitpid(pid, &status, 0);
    // The list between "#include <...> search starts here:" and "End of search list.".
    std::istringstream lines(said);
    bool in_list = false;
    for (std::string line; std::getline(lines, line);) {
        if (line.find("search starts here:") != std::string::npos) {
            in_list = line.find("<...>") != std::string::npos;
            continue;
        }
        if (line.rfind("End of search list", 0) == 0) break;
        if (in_list && line.size() > 1 && line[0] == ' ') {
            std::string dir = line.substr(1);
            const auto note = dir.find(" (framework directory)");
            if (note != std::string::npos) dir.erase(note);
            dirs.push_back(dir);
        }
    }
    known[compiler] = dirs;
    return dirs;
}

namespace {

// The flags both the kernel's compile and the prelude's precompiling use (a precompiled header
// is used only with the flags it was made with).
std::vector<std::string> shared_flags(const std::vector<std::string>& compiler,
                                      const std::string& include_dir,
                                      const std::vector<std::string>& standard_dirs) {
    std::vector<std::string> cmd = compiler;
    for (const char* flag :
         {"-std=c++17", "-O1", "-fwrapv", "-fPIC", "-pipe", "-fdiagnostics-color=never",
          "-fno-diagnostics-show-caret", "-nostdinc"})
        cmd.push_back(flag);
    cmd.push_back("-I" + include_dir);
    for (const std::string& dir : standard_dirs) cmd.push_back("-isystem" + dir);
    return cmd;
}

}  // namespace

std::vector<std::string> prelude_pch_command(const std::vector<std::string>& compiler,
                                             const std::string& include_dir,
                                             const std::vector<std::string>& standard_dirs,
                                             const std::string& output) {
    std::vector<std::string> cmd = shared_flags(compiler, include_dir, standard_dirs);
    for (const std::string& w : {std::string("-x"), std::string("c++-header"),
                                 include_dir + "/" + kPrelude, std::string("-o"), output})
        cmd.push_back(w);
    return cmd;
}

std::vector<std::string> compile_command(const std::vector<std::string>& compiler,
                                         const std::string& include_dir,
                                         const std::vector<std::string>& standard_dirs,
                                         const std::string& wrapper, const std::string& output) {
    std::vector<std::string> cmd = shared_flags(compiler, include_dir, standard_dirs);
    cmd.push_back("-shared");
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
