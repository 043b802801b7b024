// Runs the warpscope binary the way a script would, capturing stdout, stderr and the exit code.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/test_paths.hpp"

struct CommandResult {
    int code = -1;
    std::string out, err;
};

// A shell command line; its stderr is captured through a file.
inline CommandResult run_command(const std::string& command) {
    static int counter = 0;
    const std::string err_file =
        "/tmp/ws_test_stderr_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    const std::string cmd = command + " 2>" + err_file;
    CommandResult r;
    FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf;
    std::size_t got;
    while ((got = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), got);
    const int status = ::pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream e(err_file);
    std::stringstream ss;
    ss << e.rdbuf();
    r.err = ss.str();
    std::remove(err_file.c_str());
    return r;
}

inline CommandResult run_warpscope(const std::string& args) {
    return run_command(std::string(WS_BINARY) + " " + args);
}

inline unsigned count_lines(const std::string& s) {
    unsigned n = 0;
    for (char c : s) n += c == '\n';
    return n;
}
