// A walled-in child and its wait (spawn.hpp).
#include "kernels/user/spawn.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/securebits.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "kernels/io/interrupt_cleanup.hpp"
#include "kernels/io/regular_file.hpp"

namespace ws::user {
namespace {

void set_limit(int resource, rlim_t value) {
    rlimit r{value, value};
    if (resource == RLIMIT_CPU) r.rlim_max = value + 1;  // SIGXCPU first, SIGKILL a second later
    ::setrlimit(resource, &r);
}

// Run as root: no capabilities now or after exec (securebits so that exec gives root none).
// Returns false when they could not all be dropped (the child then does not run).
bool drop_capabilities() {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2] = {};
    if (::syscall(SYS_capget, &header, data) != 0) return false;
    const bool any = data[0].effective | data[0].permitted | data[1].effective | data[1].permitted |
                     data[0].inheritable | data[1].inheritable;
    if (!any) return true;  // an ordinary user: nothing to drop
    ::prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP |
                                   SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED |
                                   SECBIT_NO_CAP_AMBIENT_RAISE |
                                   SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED);
    for (int cap = 0; cap < 64; ++cap) ::prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
    ::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    __user_cap_data_struct none[2] = {};
    if (::syscall(SYS_capset, &header, none) != 0) return false;
    __user_cap_data_struct after[2] = {};
    ::syscall(SYS_capget, &header, after);
    return !(after[0].effective | after[0].permitted | after[1].effective | after[1].permitted);
}

// What the child does between fork and exec: system calls only.
[[noreturn]] void become_child(const SpawnSpec& spec, pid_t parent, int aside, char* const* argv,
                               char* const* envp) {
    ::setsid();  // a new session: no controlling terminal
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(125);
    if (!spec.dir.empty() && ::chdir(spec.dir.c_str()) != 0) ::_exit(125);
    // The given descriptors first out of the way (above every one of them), then into place.
    const int null_fd = ::open("/dev/null", O_RDWR);
    if (null_fd < 0 || null_fd >= aside) ::_exit(125);
    const int output = spec.output_fd >= 0 ? spec.output_fd : null_fd;
    if (::dup2(output, aside) < 0) ::_exit(125);
    for (std::size_t i = 0; i < spec.fds.size(); ++i)
        if (::dup2(spec.fds[i], aside + 1 + int(i)) < 0) ::_exit(125);
    if (::dup2(null_fd, 0) < 0 || ::dup2(aside, 1) < 0 || ::dup2(aside, 2) < 0) ::_exit(125);
    for (std::size_t i = 0; i < spec.fds.size(); ++i)
        if (::dup2(aside + 1 + int(i), 3 + int(i)) < 0) ::_exit(125);
    const unsigned first_closed = 3u + unsigned(spec.fds.size());
    if (::syscall(SYS_close_range, first_closed, ~0u, 0u) != 0)
        for (int fd = int(first_closed); fd < 4096; ++fd) ::close(fd);
    set_limit(RLIMIT_CPU, spec.limits.cpu_seconds);
    if (spec.limits.memory_bytes) set_limit(RLIMIT_AS, spec.limits.memory_bytes);
    set_limit(RLIMIT_FSIZE, spec.limits.file_bytes);
    set_limit(RLIMIT_CORE, 0);
    if (spec.drop_privileges) {
        if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) ::_exit(126);
        if (apply_landlock(spec.landlock) != 0) ::_exit(126);
        if (!drop_capabilities()) ::_exit(126);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU})
        ::signal(sig, SIG_DFL);
    ::execve(argv[0], argv, envp);
    ::_exit(127);
}

// ---- what the child's processes are doing ---------------------------------------------------
struct TreeSample {
    bool alive = false;
    bool busy = false;  // some thread running or waiting for a processor
    double cpu_seconds = 0;
};

// The fields of /proc/PID/stat after the command's name (which may hold spaces).
std::vector<std::string> stat_fields(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    const auto close = line.rfind(')');
    std::vector<std::string> fields;
    if (close == std::string::npos) return fields;
    std::istringstream rest(line.substr(close + 1));
    for (std::string f; rest >> f;) fields.push_back(f);
    return fields;  // fields[0] is the state (field 3)
}

void sample_process(pid_t pid, TreeSample& s, int depth) {
    const std::string dir = "/proc/" + std::to_string(pid);
    const std::vector<std::string> stat = stat_fields(dir + "/stat");
    if (stat.size() < 15) return;
    s.alive = true;
    static const double tick = double(::sysconf(_SC_CLK_TCK));
    // utime, stime, cutime, cstime: fields 14-17 (the reaped children's times are in the last two).
    for (int i = 11; i <= 14; ++i)
        s.cpu_seconds += std::strtod(stat[std::size_t(i)].c_str(), nullptr) / tick;
    if (DIR* tasks = ::opendir((dir + "/task").c_str())) {
        while (dirent* e = ::readdir(tasks)) {
            if (e->d_name[0] == '.') continue;
            const std::string task = dir + "/task/" + e->d_name;
            const std::vector<std::string> t = stat_fields(task + "/stat");
            if (!t.empty() && t[0] == "R") s.busy = true;
            if (depth > 8) continue;
            std::ifstream children(task + "/children");
            for (pid_t child; children >> child;) sample_process(child, s, depth + 1);
        }
        ::closedir(tasks);
    }
}

TreeSample sample_tree(pid_t pid) {
    TreeSample s;
    sample_process(pid, s, 0);
    return s;
}

void kill_tree(pid_t pid) {
    std::vector<pid_t> all;
    std::vector<pid_t> todo = {pid};
    while (!todo.empty() && all.size() < 4096) {
        const pid_t p = todo.back();
        todo.pop_back();
        all.push_back(p);
        const std::string dir = "/proc/" + std::to_string(p) + "/task";
        if (DIR* tasks = ::opendir(dir.c_str())) {
            while (dirent* e = ::readdir(tasks)) {
                if (e->d_name[0] == '.') continue;
                std::ifstream children(dir + "/" + e->d_name + "/children");
                for (pid_t child; children >> child;) todo.push_back(child);
            }
            ::closedir(tasks);
        }
    }
    ::kill(-pid, SIGKILL);
    for (pid_t p : all) ::kill(p, SIGKILL);
}

}  // namespace

Limits compiler_limits() {
    Limits l;
    l.cpu_seconds = 120;
    l.memory_bytes = std::uint64_t(4) << 30;
    l.file_bytes = std::uint64_t(256) << 20;
    return l;
}

pid_t spawn_walled(const SpawnSpec& spec, std::string& error) {
    if (spec.argv.empty() || spec.argv[0].empty() || spec.argv[0][0] != '/') {
        error = "the child's program is not a full path";
        return -1;
    }
    std::vector<char*> argv, envp;
    for (const std::string& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    for (const std::string& e : spec.env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    // Above every descriptor the child is given, and above /dev/null's (opened first there).
    int aside = 64;
    for (int fd : spec.fds) aside = std::max(aside, fd + 1);
    aside = std::max(aside, spec.output_fd + 1);
    const pid_t parent = ::getpid();
    const io::InterruptsHeld held;  // no interrupt between the start and remembering the child
    const pid_t pid = ::fork();
    if (pid == 0) become_child(spec, parent, aside, argv.data(), envp.data());
    if (pid < 0) error = std::string("the child could not be started: ") + std::strerror(errno);
    if (pid > 0) io::remember_child(pid);
    return pid;
}

ChildEnd wait_walled(pid_t pid, const Limits& limits, const std::string& report) {
    ChildEnd end;
    end.started = true;
    const auto start = std::chrono::steady_clock::now();
    auto last = start;
    double waited = 0, cpu = 0;
    int status = 0;
    rusage usage{};
    for (int polls = 0;; ++polls) {
        const pid_t got = ::wait4(pid, &status, WNOHANG, &usage);
        if (got == pid) break;
        if (got < 0 && errno != EINTR) {
            status = 0;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(polls < 50 ? 10 : 50));
        const auto now = std::chrono::steady_clock::now();
        const double step = std::chrono::duration<double>(now - last).count();
        last = now;
        const TreeSample s = sample_tree(pid);
        if (s.alive) cpu = std::max(cpu, s.cpu_seconds);
        if (s.alive && !s.busy) waited += step;
        if (waited > double(limits.waiting_allowed())) {
            end.stopped_waiting = true;
            kill_tree(pid);
            while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
            }
            break;
        }
    }
    kill_tree(pid);  // anything the child left behind in its group
    io::forget_child(pid);
    end.wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    end.waited_seconds = waited;
    const double reaped = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                          1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
    end.cpu_seconds = std::max(cpu, reaped);
    end.exited = WIFEXITED(status);
    end.code = end.exited ? WEXITSTATUS(status) : 0;
    end.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    // bwrap ends with 128 + N when a signal N ended what it ran.
    if (end.exited && end.code > 128 && end.code < 128 + 65) {
        end.exited = false;
        end.signal = end.code - 128;
    }
    if (!report.empty()) end.facts = read_facts_file(report);
    return end;
}

ChildEnd run_walled(const SpawnSpec& spec, const std::string& report) {
    std::string error;
    const pid_t pid = spawn_walled(spec, error);
    if (pid < 0) {
        ChildEnd end;
        end.facts.facts.push_back({kFactFailed, error});
        return end;
    }
    return wait_walled(pid, spec.limits, report);
}

std::string children_missing() {
    return "";
}

}  // namespace ws::user
