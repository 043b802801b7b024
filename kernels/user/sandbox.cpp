// The children's view of the machine: bubblewrap's command line, or Landlock's rules
// (sandbox.hpp).
#include "kernels/user/sandbox.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "kernels/io/regular_file.hpp"
#include "kernels/user/spawn.hpp"
#include "kernels/user/toolchain.hpp"

namespace ws::user {
namespace {

std::string on_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    for (std::size_t start = 0; start <= dirs.size();) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const std::string dir = dirs.substr(start, end - start);
        start = end + 1;
        if (dir.empty()) continue;
        const std::string candidate = dir + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return "";
}

bool under(const std::string& path, const std::string& folder) {
    return path == folder || path.rfind(folder + "/", 0) == 0;
}

std::string parent_of(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos || slash == 0 ? "/" : path.substr(0, slash);
}

// The folders a child reads besides its own: /usr, the loader's cache, the program, the
// libraries' folders outside /usr, the compiler's prefix when it is not under /usr.
std::vector<std::string> system_reads() {
    std::vector<std::string> r = {"/usr", "/etc/ld.so.cache"};
    const std::string exe = child_program();
    if (!exe.empty()) r.push_back(exe);
    for (const std::string& f : loaded_library_folders()) r.push_back(f);
    for (const std::string& c : find_compiler()) {
        char real[4096];
        const std::string found = c.find('/') == std::string::npos ? on_path(c) : c;
        if (found.empty() || !::realpath(found.c_str(), real)) continue;
        const std::string prefix = parent_of(parent_of(real));  // .../bin/g++ -> ...
        if (!under(real, "/usr") && prefix != "/") r.push_back(prefix);
    }
    return r;
}

// bwrap's arguments before the command.
std::vector<std::string> bwrap_prefix(const std::string& bwrap, const ChildView& view) {
    std::vector<std::string> a = {
        bwrap,           "--unshare-all", "--unshare-user", "--die-with-parent",
        "--new-session", "--clearenv",    "--cap-drop",     "ALL"};
    for (const std::string& e : view.env) {
        const auto eq = e.find('=');
        a.insert(a.end(), {"--setenv", e.substr(0, eq), e.substr(eq + 1)});
    }
    // First what the binds below may lie under: a private /tmp, /dev and /proc.
    if (view.devices_and_proc) a.insert(a.end(), {"--dev", "/dev", "--proc", "/proc"});
    a.insert(a.end(), {"--tmpfs", "/tmp"});
    std::set<std::string> bound;
    auto bind = [&](const std::string& path, const char* how) {
        struct stat st {};
        if (path.empty() || bound.count(path) || ::lstat(path.c_str(), &st) != 0) return;
        bound.insert(path);
        a.insert(a.end(), {how, path, path});
    };
    for (const std::string& p : system_reads()) bind(p, "--ro-bind");
    // The top-level links of a merged /usr (/bin -> usr/bin, /lib64 -> usr/lib64, ...).
    for (const char* top : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
        struct stat st {};
        if (::lstat(top, &st) != 0) continue;
        if (S_ISLNK(st.st_mode)) {
            char target[4096];
            const ssize_t n = ::readlink(top, target, sizeof target - 1);
            if (n > 0) a.insert(a.end(), {"--symlink", std::string(target, std::size_t(n)), top});
        } else {
            bind(top, "--ro-bind");
        }
    }
    for (const std::string& p : view.read) bind(p, "--ro-bind");
    if (!view.work.empty())
        a.insert(a.end(), {"--bind", view.work, view.work, "--chdir", view.work});
    a.push_back("--");
    return a;
}

LandlockPlan landlock_for(const ChildView& view) {
    std::vector<LandlockRule> rules;
    for (const std::string& p : system_reads()) rules.push_back({p, true, false});
    for (const std::string& p : view.read) rules.push_back({p, true, false});
    rules.push_back({"/dev/null", false, true});
    rules.push_back({"/proc/self", true, false});  // its own /proc (the memory it holds)
    if (!view.work.empty()) rules.push_back({view.work, true, true});
    return landlock_plan(std::move(rules));
}

}  // namespace

std::vector<std::string> loaded_library_folders() {
    std::set<std::string> folders;
    std::string error;
    std::istringstream maps(io::read_regular_file("/proc/self/maps", 4 << 20, error));
    for (std::string line; std::getline(maps, line);) {
        const auto slash = line.find('/');
        if (slash == std::string::npos) continue;
        std::string path = line.substr(slash);
        if (path.size() > 10 && path.compare(path.size() - 10, 10, " (deleted)") == 0) continue;
        if (under(path, "/usr") || under(path, "/dev") || under(path, "/memfd:")) continue;
        if (path.find(".so") == std::string::npos) continue;  // the program itself, data files
        folders.insert(parent_of(path));
    }
    return {folders.begin(), folders.end()};
}

bool parse_sandbox_mode(const std::string& text, SandboxMode& mode) {
    if (text == "auto")
        mode = SandboxMode::Auto;
    else if (text == "bwrap")
        mode = SandboxMode::Bwrap;
    else if (text == "limits")
        mode = SandboxMode::Limits;
    else
        return false;
    return true;
}

Sandbox choose_sandbox(SandboxMode mode) {
    Sandbox s;
    if (std::string why = children_missing(); !why.empty()) {
        s.error = why;
        return s;
    }
    s.landlock = landlock_abi();
    const std::string limits_tail =
        std::string(s.landlock
                        ? ": the compiler and the kernel run without namespaces of their own "
                          "(Landlock and the allow-list filter still wall them in)"
                        : ": the compiler can read every file you can read (this Linux has no "
                          "Landlock), though the kernel itself opens nothing (the allow-list "
                          "filter)") +
        "; " + kSandboxReadme;
    if (mode == SandboxMode::Limits) {
        s.warning = "--sandbox limits" + limits_tail;
        return s;
    }
    const std::string bwrap = on_path("bwrap");
    if (bwrap.empty()) {
        if (mode == SandboxMode::Bwrap)
            s.error = "--sandbox bwrap: there is no bwrap on PATH (Debian: apt install bubblewrap)";
        s.warning = "no bubblewrap (bwrap) here" + limits_tail;
        return s;
    }
    // Can it make its namespaces here (a container may forbid them)? Run it once, as the
    // children will be run.
    char log[] = "/tmp/warpscope-bwrap-XXXXXX";
    const int fd = ::mkstemp(log);
    Sandbox probe;
    probe.bwrap = bwrap;
    ChildView view;
    const std::string truth = ::access("/usr/bin/true", X_OK) == 0 ? "/usr/bin/true" : "/bin/true";
    Limits limits;
    limits.cpu_seconds = 10;
    limits.wait_seconds = 20;
    SpawnSpec spec = sandboxed_spec(probe, view, {truth}, limits);
    spec.output_fd = fd;
    const ChildEnd end = run_walled(spec, "");
    std::string said;
    if (fd >= 0) {
        std::string ignored;
        said = io::read_regular_file(log, 300, ignored);
        ::close(fd);
        ::unlink(log);
    }
    if (end.started && end.exited && end.code == 0) {
        s.bwrap = bwrap;
        return s;
    }
    while (!said.empty() && (said.back() == '\n' || said.back() == ' ')) said.pop_back();
    if (said.find('\n') != std::string::npos) said = said.substr(0, said.find('\n'));
    const std::string why = "bwrap cannot make a sandbox here (" +
                            (said.empty() ? std::string("it failed") : said) + ")";
    if (mode == SandboxMode::Bwrap) s.error = "--sandbox bwrap: " + why;
    s.warning = why + limits_tail;
    return s;
}

SpawnSpec sandboxed_spec(const Sandbox& sandbox, const ChildView& view,
                         const std::vector<std::string>& argv, const Limits& limits,
                         bool landlock) {
    SpawnSpec spec;
    spec.limits = limits;
    spec.dir = view.work.empty() ? "/" : view.work;
    if (!sandbox.bwrap.empty()) {
        spec.argv = bwrap_prefix(sandbox.bwrap, view);
        spec.drop_privileges = false;  // bwrap drops them, after making its namespaces
    } else {
        spec.env = view.env;
        if (landlock) spec.landlock = landlock_for(view);
    }
    spec.argv.insert(spec.argv.end(), argv.begin(), argv.end());
    return spec;
}

}  // namespace ws::user
