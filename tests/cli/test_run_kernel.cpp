// `warpscope run-kernel` (issue 19): a student's kernel file, compiled by the machine's compiler
// and run on the emulator in a sandboxed child. These run the real binary on the kernels in
// tests/data/user_kernels/: a right one gives the built-in variant's stats, and every way a
// kernel can go wrong ends with one line. [sandbox] tests check what the sandbox stops, with and
// without bubblewrap; [bwrap] tests need a bwrap that works here and say so when there is none.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>

#include "kernels/run/backend.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/sandbox.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

using nlohmann::json;

namespace {

std::string user_kernel(const std::string& name) {
    return std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/" + name;
}

// stderr without the sandbox's warning (printed on every run where bwrap is not used).
std::vector<std::string> outcome_lines(const std::string& err) {
    std::vector<std::string> lines;
    std::istringstream in(err);
    for (std::string line; std::getline(in, line);)
        if (line.find(ws::user::kSandboxReadme) == std::string::npos) lines.push_back(line);
    return lines;
}

// The one line a failed run ends with; fails the test when there is not exactly one.
std::string one_line(const CommandResult& r) {
    const std::vector<std::string> lines = outcome_lines(r.err);
    INFO(r.err);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].rfind("warpscope: ", 0) == 0);
    return lines[0];
}

// Whether bwrap can make a sandbox on this machine (--sandbox bwrap refuses, exit 2, if not).
bool bwrap_works() {
    static const bool works = run_warpscope("run-kernel " + user_kernel("reduce_sequential.cu") +
                                            " --n 32 --block 32 --sandbox bwrap")
                                  .code == 0;
    return works;
}

// Sets an environment variable for the runs of one test.
struct ScopedEnv {
    std::string name;
    ScopedEnv(const std::string& n, const std::string& value) : name(n) {
        ::setenv(n.c_str(), value.c_str(), 1);
    }
    ~ScopedEnv() { ::unsetenv(name.c_str()); }
};

json without_run_identity(json j) {
    for (const char* key : {"request", "algo", "recorded_at"}) j.erase(key);
    return j;
}

}  // namespace

TEST_CASE("a student's copy of reduce-sequential gives the built-in variant's stats",
          "[cli][run-kernel]") {
    const std::string trace = "/tmp/ws_test_user_" + std::to_string(::getpid()) + ".wstrace";
    for (const char* request : {"--n 1000 --block 64",
                                "--n 5000 --block 128 --type float "
                                "--pattern random --seed 7"}) {
        INFO(request);
        const auto mine = run_warpscope("run-kernel " + user_kernel("reduce_sequential.cu") + " " +
                                        request + " --json --trace-out " + trace);
        INFO(mine.err);
        REQUIRE(mine.code == 0);
        const auto builtin = run_warpscope(std::string("stats --algo reduce-sequential ") +
                                           request + " --backend cpu --json");
        REQUIRE(builtin.code == 0);
        const json a = json::parse(mine.out), b = json::parse(builtin.out);
        CHECK(a["algo"] == "user:reduce_sequential.cu");
        CHECK(a["ok"] == true);
        CHECK(without_run_identity(a) == without_run_identity(b));
    }
    // The kept trace is the run, with the student's source to show.
    const ws::trace::LoadResult loaded = ws::trace::load_trace(trace);
    REQUIRE(loaded.ok);
    CHECK(loaded.trace.request.algo == "user:reduce_sequential.cu");
    CHECK(loaded.trace.source_text.find("warpscope-kernel: reduce") != std::string::npos);
    CHECK(loaded.trace.blocks.size() == 1);
    std::remove(trace.c_str());
}

TEST_CASE("a student's copy of scan-kogge-stone gives the built-in scan's stats",
          "[cli][run-kernel]") {
    for (const char* request : {"--n 1000 --block 64", "--n 3000 --block 128 --kind exclusive",
                                "--n 777 --block 32 --type float --pattern random --seed 3"}) {
        INFO(request);
        const auto mine = run_warpscope("run-kernel " + user_kernel("scan_kogge_stone.cu") + " " +
                                        request + " --json");
        INFO(mine.err);
        REQUIRE(mine.code == 0);
        const auto builtin = run_warpscope(std::string("stats --algo scan-kogge-stone ") + request +
                                           " --backend cpu --json");
        REQUIRE(builtin.code == 0);
        json a = json::parse(mine.out), b = json::parse(builtin.out);
        CHECK(a["ok"] == true);
        CHECK(a["kind"] == b["kind"]);
        CHECK(a["work"] == b["work_formula"]);  // the marked additions, counted as ours are
        // A student's network has no textbook formula: the rest is the same.
        for (const char* key :
             {"work_formula", "depth_formula", "work_formula_text", "depth_formula_text"}) {
            CHECK(a[key].is_null());
            a.erase(key);
            b.erase(key);
        }
        CHECK(without_run_identity(a) == without_run_identity(b));
    }
}

TEST_CASE("a kernel with a wrong sum is reported as stats reports one", "[cli][run-kernel]") {
    const auto r =
        run_warpscope("run-kernel " + user_kernel("wrong_sum.cu") + " --n 1000 --block 64 --json");
    CHECK(r.code == 1);
    const json j = json::parse(r.out);
    CHECK(j["ok"] == false);
    CHECK(j["result"] != j["expected"]);
    CHECK(one_line(r).find("wrong result") != std::string::npos);
}

TEST_CASE("every way a kernel goes wrong ends with one line and exit code 1", "[cli][run-kernel]") {
    struct Case {
        const char* file;
        const char* says;
    };
    const Case cases[] = {
        {"syntax_error.cu", "compile error at "},
        {"endless_loop.cu", "ran past its CPU-time limit of 1 s in block 0, thread 0"},
        {"shared_out_of_bounds.cu", "line 8, block 0 thread 31: shared memory out of bounds"},
        {"global_out_of_bounds.cu", "the kernel crashed (SIGSEGV) in block 0, thread 0"},
        {"huge_allocation.cu", "more memory than its limit of 4 GiB"},
        // 10,000 errors from one macro: more than a MiB of messages, whose first is the reason.
        {"long_compiler_log.cu", "compile error at "},
    };
    for (const Case& c : cases) {
        INFO(c.file);
        const auto r = run_warpscope("run-kernel " + user_kernel(c.file) +
                                     " --n 100 --block 32 --cpu-limit 1");
        CHECK(r.code == 1);
        const std::string line = one_line(r);
        CHECK(line.find(c.says) != std::string::npos);
    }
    const auto chatty =
        run_warpscope("run-kernel " + user_kernel("long_compiler_log.cu") + " --n 100");
    CHECK(one_line(chatty).find("long_compiler_log.cu:2: static assertion failed") !=
          std::string::npos);
    // The compile error names the student's file and line.
    const auto r = run_warpscope("run-kernel " + user_kernel("syntax_error.cu") + " --n 100");
    CHECK(one_line(r).find("syntax_error.cu:7: expected") != std::string::npos);
    CHECK(r.out.empty());
}

TEST_CASE("bad flags and bad files get one line and exit code 2", "[cli][run-kernel]") {
    const std::string k = user_kernel("reduce_sequential.cu");
    struct Case {
        std::string args, says;
    };
    const Case cases[] = {
        {k + " --n 100 --block 100", "--block 100: the kernel needs"},
        {k + " --n abc", "--n abc"},
        {k, "--n is required"},
        {k + " --n 100 --sandbox sometimes", "--sandbox sometimes"},
        {k + " --n 100 --cpu-limit 0", "--cpu-limit 0"},
        {user_kernel("missing.cu") + " --n 100", "missing.cu"},
        {std::string(WS_SOURCE_DIR) + "/README.md --n 100", "README.md:1: the first line"},
        {"/dev/zero --n 100", "not a regular file"},
    };
    for (const Case& c : cases) {
        INFO(c.args);
        const auto r = run_warpscope("run-kernel " + c.args);
        CHECK(r.code == 2);
        CHECK(one_line(r).find(c.says) != std::string::npos);
        CHECK(r.out.empty());
    }
}

TEST_CASE("run-kernel on cuda without a GPU, or without CUDA in the build, is one line",
          "[cli][run-kernel]") {
    if (ws::run::usable_gpu()) return;  // the GPU's runs are tests/gpu/test_user_gpu.cpp's
    const auto r = run_warpscope("run-kernel " + user_kernel("reduce_sequential.cu") +
                                 " --n 100 --backend cuda");
    CHECK(r.code == 2);
    CHECK(one_line(r).find("--backend cuda") != std::string::npos);
    CHECK(r.out.empty());
    const auto bogus = run_warpscope("run-kernel " + user_kernel("reduce_sequential.cu") +
                                     " --n 100 --backend opencl");
    CHECK(bogus.code == 2);
    CHECK(one_line(bogus).find("--backend opencl") != std::string::npos);
}

TEST_CASE("the sandbox stops a kernel that writes into the home folder, with or without bwrap",
          "[cli][run-kernel][sandbox]") {
    char home[] = "/tmp/ws_test_home_XXXXXX";
    REQUIRE(::mkdtemp(home));
    const ScopedEnv env("HOME", home);
    const std::string planted = std::string(home) + "/warpscope-was-here";
    for (const char* mode : {"auto", "limits"}) {
        INFO(mode);
        const auto r = run_warpscope("run-kernel " + user_kernel("write_home.cu") +
                                     " --n 100 --block 32 --sandbox " + mode);
        CHECK(r.code == 1);
        CHECK(one_line(r).find("the sandbox stopped the kernel: it tried to open a file") !=
              std::string::npos);
        struct stat st {};
        CHECK(::stat(planted.c_str(), &st) != 0);
    }
    ::rmdir(home);
}

TEST_CASE("the sandbox stops a kernel that opens a socket, with or without bwrap",
          "[cli][run-kernel][sandbox]") {
    // A listener on this machine: a kernel that got out would connect to it.
    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    REQUIRE(listener >= 0);
    sockaddr_in at{};
    at.sin_family = AF_INET;
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::bind(listener, reinterpret_cast<sockaddr*>(&at), sizeof at) == 0);
    REQUIRE(::listen(listener, 4) == 0);
    socklen_t len = sizeof at;
    REQUIRE(::getsockname(listener, reinterpret_cast<sockaddr*>(&at), &len) == 0);
    const ScopedEnv env("WARPSCOPE_TEST_PORT", std::to_string(ntohs(at.sin_port)));
    for (const char* mode : {"auto", "limits"}) {
        INFO(mode);
        const auto r = run_warpscope("run-kernel " + user_kernel("open_socket.cu") +
                                     " --n 100 --block 32 --sandbox " + mode);
        CHECK(r.code == 1);
        CHECK(one_line(r).find("it tried to reach the network (socket)") != std::string::npos);
        CHECK(::accept(listener, nullptr, nullptr) < 0);  // nobody connected
    }
    ::close(listener);
}

TEST_CASE("without bwrap a run says in one line what is not walled off",
          "[cli][run-kernel][sandbox]") {
    const auto r = run_warpscope("run-kernel " + user_kernel("reduce_sequential.cu") +
                                 " --n 100 --block 32 --sandbox limits");
    CHECK(r.code == 0);
    CHECK(r.err.find("warpscope: --sandbox limits: ") == 0);
    CHECK(r.err.find(ws::user::kSandboxReadme) != std::string::npos);
    CHECK(count_lines(r.err) == 1);
}

TEST_CASE("the kernel cannot read a file the teacher can, in either mode (as the README says)",
          "[cli][run-kernel][sandbox]") {
    const std::string secret = "/tmp/ws_test_secret_" + std::to_string(::getpid());
    { std::ofstream(secret) << "the teacher's file\n"; }
    // The kernel learns the path from its environment: the child's is empty, so it never does.
    const ScopedEnv env("WARPSCOPE_TEST_SECRET", secret);
    for (const char* mode : {"auto", "limits"}) {
        INFO(mode);
        const auto r = run_warpscope("run-kernel " + user_kernel("read_tmp.cu") +
                                     " --n 100 --block 32 --sandbox " + mode);
        CHECK(r.code == 0);  // it found nothing to read, and summed right
    }
    if (!bwrap_works()) {
        WARN(
            "bwrap is not installed or cannot make namespaces here: only --sandbox bwrap's "
            "refusal is checked");
        const auto r = run_warpscope("run-kernel " + user_kernel("read_tmp.cu") +
                                     " --n 100 --block 32 --sandbox bwrap");
        CHECK(r.code == 2);
        CHECK(one_line(r).find("--sandbox bwrap: ") != std::string::npos);
    }
    std::remove(secret.c_str());
}
