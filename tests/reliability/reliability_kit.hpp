// Tools for the reliability tests: a scratch folder, child processes with a time limit (a test
// of "never hangs" must not hang itself), and the warpscope binary started as a script would,
// with its standard streams where the test wants them.
#pragma once
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/test_paths.hpp"

namespace reliability {

// A fresh folder under /tmp, removed with everything in it.
struct ScratchDir {
    std::string path;
    ScratchDir() {
        static int counter = 0;
        path =
            "/tmp/ws_reliability_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    std::string operator/(const std::string& name) const { return path + "/" + name; }
    // Every name in the folder (temporaries are hidden files: listed too).
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto& e : std::filesystem::directory_iterator(path))
            out.push_back(e.path().filename().string());
        return out;
    }
    std::vector<std::string> temporaries() const {
        std::vector<std::string> out;
        for (const std::string& n : names())
            if (n.size() > 8 && n.compare(n.size() - 8, 8, ".partial") == 0) out.push_back(n);
        return out;
    }
};

inline std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

// How a child ended.
struct Ended {
    bool timed_out = false;
    int exit_code = -1;  // when it exited
    int signal = 0;      // when a signal ended it
};

inline Ended wait_for(pid_t pid, double seconds) {
    Ended e;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    int status = 0;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            e.timed_out = true;
            return e;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (WIFEXITED(status)) e.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) e.signal = WTERMSIG(status);
    return e;
}

// Runs `body` in a child process (its return value the exit code), killed after `seconds`.
inline Ended in_child(const std::function<int()>& body, double seconds = 20) {
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) ::_exit(body());
    return wait_for(pid, seconds);
}

// Where the child's standard streams go: a path, or "-closed-" for a closed stream.
struct Streams {
    std::string out = "/dev/null", err = "/dev/null";
};

inline pid_t start_warpscope(const std::vector<std::string>& args, const Streams& s = {}) {
    std::fflush(nullptr);
    // Signals sent before the exec wait for it: the test framework's handlers, which the child
    // has until then, must not see them.
    sigset_t interrupts, before;
    sigemptyset(&interrupts);
    sigaddset(&interrupts, SIGINT);
    sigaddset(&interrupts, SIGTERM);
    ::sigprocmask(SIG_BLOCK, &interrupts, &before);
    const pid_t pid = ::fork();
    if (pid != 0) {
        ::sigprocmask(SIG_SETMASK, &before, nullptr);
        return pid;
    }
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    ::sigprocmask(SIG_SETMASK, &before, nullptr);
    auto redirect = [](int fd, const std::string& path) {
        if (path == "-closed-") {
            ::close(fd);
            return;
        }
        const int f = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (f >= 0) {
            ::dup2(f, fd);
            ::close(f);
        }
    };
    redirect(1, s.out);
    redirect(2, s.err);
    std::vector<char*> argv;
    // $WS_TEST_BINARY: another build's warpscope (an older one, to see these tests fail on it).
    const char* other = std::getenv("WS_TEST_BINARY");
    std::string binary = other && *other ? other : WS_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copy = args;
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(binary.c_str(), argv.data());
    ::_exit(127);
}

// Runs warpscope to the end (at most `seconds`): how it ended, and what it said on stderr.
struct Finished {
    Ended ended;
    std::string out, err;
};
inline Finished run_warpscope_to(const std::vector<std::string>& args, const Streams& given,
                                 double seconds = 60) {
    ScratchDir d;
    Streams s = given;
    const bool capture_out = s.out == "capture", capture_err = s.err == "capture";
    if (capture_out) s.out = d / "stdout";
    if (capture_err) s.err = d / "stderr";
    Finished f;
    f.ended = wait_for(start_warpscope(args, s), seconds);
    if (capture_out) f.out = read_bytes(s.out);
    if (capture_err) f.err = read_bytes(s.err);
    return f;
}

inline unsigned lines_in(const std::string& s) {
    unsigned n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

}  // namespace reliability
