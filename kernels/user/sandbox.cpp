// Starts the child that compiles and runs a student's kernel, under limits and, where it works,
// bubblewrap (sandbox.hpp).
#include "kernels/user/sandbox.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "kernels/user/child_protocol.hpp"

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

// bwrap's arguments before the command: everything read-only but `workdir`, a private /tmp (the
// program, its headers and the student's folder bound back read-only where they lie under it),
// no network, new namespaces, a new session, death with the parent.
std::vector<std::string> bwrap_prefix(const std::string& bwrap, const std::string& workdir,
                                      const std::vector<std::string>& visible) {
    std::vector<std::string> a = {bwrap,  "--ro-bind", "/",     "/",       "--dev",
                                  "/dev", "--proc",    "/proc", "--tmpfs", "/tmp"};
    for (const std::string& p : visible)
        if (p.rfind("/tmp/", 0) == 0) {
            a.insert(a.end(), {"--ro-bind", p, p});
        }
    if (!workdir.empty()) a.insert(a.end(), {"--bind", workdir, workdir, "--chdir", workdir});
    a.insert(a.end(), {"--unshare-all", "--die-with-parent", "--new-session", "--"});
    return a;
}

void set_limit(int resource, rlim_t value) {
    rlimit r{value, value};
    if (resource == RLIMIT_CPU) r.rlim_max = value + 1;  // SIGXCPU first, SIGKILL a second later
    ::setrlimit(resource, &r);
}

// fork + exec with the limits; stdout and stderr into `log` ("" : /dev/null).
pid_t spawn(const std::vector<std::string>& argv, const std::string& dir, const std::string& log,
            const Limits& limits) {
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid != 0) {
        if (pid > 0) ::setpgid(pid, pid);
        return pid;
    }
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(125);
    if (!dir.empty() && ::chdir(dir.c_str()) != 0) ::_exit(125);
    const int in = ::open("/dev/null", O_RDONLY);
    const int out = log.empty() ? ::open("/dev/null", O_WRONLY)
                                : ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in < 0 || out < 0) ::_exit(125);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(out, 2);
#if defined(SYS_close_range)
    if (::syscall(SYS_close_range, 3u, ~0u, 0u) != 0)
#endif
        for (int fd = 3; fd < 4096; ++fd) ::close(fd);
    set_limit(RLIMIT_CPU, limits.cpu_seconds);
    if (limits.memory_bytes) set_limit(RLIMIT_AS, limits.memory_bytes);
    set_limit(RLIMIT_FSIZE, limits.file_bytes);
    set_limit(RLIMIT_CORE, 0);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP}) ::signal(sig, SIG_DFL);
    ::execv(args[0], args.data());
    ::_exit(127);
}

// Waits for `pid` at most `seconds`; then kills its process group.
ChildEnd wait_for(pid_t pid, unsigned seconds) {
    ChildEnd end;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    int status = 0;
    for (;;) {
        const pid_t got = ::waitpid(pid, &status, WNOHANG);
        if (got == pid) break;
        if (got < 0 && errno != EINTR) {
            end.exited = true;
            end.code = 125;
            return end;
        }
        if (std::chrono::steady_clock::now() > deadline) {
            end.timed_out = true;
            ::kill(-pid, SIGKILL);
            ::kill(pid, SIGKILL);
            while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(-pid, SIGKILL);  // anything the child left behind in its group (a compiler)
    end.exited = WIFEXITED(status);
    end.code = end.exited ? WEXITSTATUS(status) : 0;
    end.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return end;
}

}  // namespace

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
    const std::string tail =
        ": the kernel runs with CPU, memory and file-size limits and a system-call filter (no "
        "network, no writing files, no new processes), but it can read every file you can read "
        "(the Debian package bubblewrap walls off the file system)";
    if (mode == SandboxMode::Limits) {
        s.warning = "--sandbox limits" + tail;
        return s;
    }
    const std::string bwrap = on_path("bwrap");
    if (bwrap.empty()) {
        if (mode == SandboxMode::Bwrap)
            s.error = "--sandbox bwrap: there is no bwrap on PATH (Debian: apt install bubblewrap)";
        s.warning = "no bubblewrap (bwrap) here" + tail;
        return s;
    }
    // Can it make its namespaces here (a container may forbid them)? Run it once.
    char log[] = "/tmp/warpscope-bwrap-XXXXXX";
    const int fd = ::mkstemp(log);
    if (fd >= 0) ::close(fd);
    std::vector<std::string> probe = bwrap_prefix(bwrap, "", {});
    probe.push_back(::access("/bin/true", X_OK) == 0 ? "/bin/true" : "/usr/bin/true");
    Limits limits;
    limits.cpu_seconds = 10;
    const pid_t pid = spawn(probe, "", fd >= 0 ? log : "", limits);
    ChildEnd end;
    end.exited = true;
    end.code = 125;
    if (pid > 0) end = wait_for(pid, 20);
    std::string said;
    if (fd >= 0) {
        char buf[300] = {};
        const int r = ::open(log, O_RDONLY);
        if (r >= 0) {
            const ssize_t n = ::read(r, buf, sizeof buf - 1);
            if (n > 0) said.assign(buf, std::size_t(n));
            ::close(r);
        }
        ::unlink(log);
    }
    if (end.exited && end.code == 0) {
        s.bwrap = bwrap;
        return s;
    }
    while (!said.empty() && (said.back() == '\n' || said.back() == ' ')) said.pop_back();
    if (said.find('\n') != std::string::npos) said = said.substr(0, said.find('\n'));
    const std::string why = "bwrap cannot make a sandbox here (" +
                            (said.empty() ? std::string("it failed") : said) + ")";
    if (mode == SandboxMode::Bwrap) s.error = "--sandbox bwrap: " + why;
    s.warning = why + tail;
    return s;
}

ChildEnd run_sandboxed(const std::vector<std::string>& argv, const std::string& workdir,
                       const Sandbox& sandbox, const Limits& limits) {
    std::vector<std::string> command;
    if (!sandbox.bwrap.empty()) {
        std::vector<std::string> visible;
        for (const std::string& a : argv)
            if (!a.empty() && a[0] == '/' && a != workdir) visible.push_back(a);
        command = bwrap_prefix(sandbox.bwrap, workdir, visible);
    }
    command.insert(command.end(), argv.begin(), argv.end());
    const pid_t pid = spawn(command, workdir, workdir + "/" + kChildLog, limits);
    if (pid < 0) {
        ChildEnd failed;
        failed.exited = true;
        failed.code = kChildFailed;
        failed.outcome = "the child could not be started";
        return failed;
    }
    ChildEnd end = wait_for(pid, limits.wall_seconds());
    // bwrap ends with 128 + N when a signal N ended what it ran (and so does the child, should
    // its signal handler's own raise fail).
    if (end.exited && end.code > 128 && end.code < 128 + 65) {
        end.exited = false;
        end.signal = end.code - 128;
    }
    return end;
}

}  // namespace ws::user
