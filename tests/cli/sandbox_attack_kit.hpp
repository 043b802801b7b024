// What the attack tests on run-kernel's sandbox share (tests/cli/test_sandbox_attacks.cpp, issue
// 33): hostile kernels written from a template (the attack in thread 0 of block 0, before an
// honest reduction, so that a kernel the sandbox did not stop gives a right sum unless the attack
// learnt something and spoilt it), the users they run as (this one; and, run as root, an
// unprivileged one through setpriv with its own copy of the program), and what must be left
// behind: nothing (no work folder, no IPC object, no process).
#pragma once
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

namespace attack {

// Declarations a student can write without any header: functions bound to libc's symbols under
// names of their own (so that no header's declaration clashes), and a raw system call.
inline const char* kPrelude = R"(
extern "C" int ws_open(const char*, int, ...) __asm__("open");
extern "C" int ws_system(const char*) __asm__("system");
extern "C" int ws_fork() __asm__("fork");
extern "C" int ws_execve(const char*, char* const*, char* const*) __asm__("execve");
extern "C" int ws_printf(const char*, ...) __asm__("printf");
extern "C" void ws_exit(int) __asm__("exit");
extern "C" char** ws_environ __asm__("environ");
static int ws_poison = 0;
static inline long ws_raw(long n, long a = 0, long b = 0, long c = 0, long d = 0, long e = 0) {
#if defined(__x86_64__)
    long ret;
    register long r10 __asm__("r10") = d;
    register long r8 __asm__("r8") = e;
    __asm__ volatile("syscall" : "=a"(ret) : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8)
                     : "rcx", "r11", "memory");
    return ret;
#else
    register long x8 __asm__("x8") = n;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;
    register long x3 __asm__("x3") = d;
    register long x4 __asm__("x4") = e;
    __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4) : "memory");
    return x0;
#endif
}
)";

// A reduction whose block 0, thread 0 runs `attack` first; `top` goes above the kernel (includes,
// constructors). A kernel the sandbox let through still sums right unless it set ws_poison.
inline std::string kernel_text(const std::string& name, const std::string& attack,
                               const std::string& top = "") {
    return "// warpscope-kernel: reduce\n// An attack on the sandbox: " + name + "\n" + top +
           kPrelude + R"(
template <class T, class Probe>
__global__ void kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {
    auto s = shared_array<T>(probe, blockDim.x);
    auto in = global_array(g_in, probe);
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;
    if (blockIdx.x == 0 && t == 0) {
)" + attack +
           R"(
    }
    s[t] = i < n ? T(in[i]) : T(0);
    block_sync(probe);
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        block_sync(probe);
    }
    if (t == 0) global_array(g_out, probe)[blockIdx.x] = s[0] + T(ws_poison);
}
)";
}

// The same attack in a plain CUDA kernel (a static __shared__ array, __syncthreads, its header
// naming the parameters): compiled by clang++ with the recorder's instrumentation, run the same
// way, walled in the same way.
inline std::string plain_kernel_text(const std::string& name, const std::string& attack,
                                     const std::string& top = "") {
    return "// warpscope-kernel: reduce kernel=attack in=g_in out=g_out n=n\n// An attack on the "
           "sandbox (plain CUDA): " +
           name + "\n" + top + kPrelude + R"(
template <class T>
__global__ void attack(const T* g_in, T* g_out, unsigned n) {
    __shared__ T s[1024];
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * blockDim.x + t;
    if (blockIdx.x == 0 && t == 0) {
)" + attack +
           R"(
    }
    s[t] = i < n ? g_in[i] : T(0);
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) g_out[blockIdx.x] = s[0] + T(ws_poison);
}
)";
}

// A folder of mode `mode` under /tmp, removed with what it holds when it goes.
class Folder {
  public:
    explicit Folder(const std::string& tag, mode_t mode = 0755) {
        std::string pattern = "/tmp/ws-attack-" + tag + "-XXXXXX";
        if (::mkdtemp(pattern.data())) path_ = pattern;
        ::chmod(path_.c_str(), mode);
    }
    ~Folder() {
        if (!path_.empty()) std::system(("rm -rf '" + path_ + "'").c_str());
    }
    Folder(const Folder&) = delete;
    Folder& operator=(const Folder&) = delete;
    const std::string& path() const { return path_; }
    std::string write(const std::string& name, const std::string& text, mode_t mode = 0644) const {
        const std::string file = path_ + "/" + name;
        std::ofstream(file) << text;
        ::chmod(file.c_str(), mode);
        return file;
    }
    // The names in it.
    std::vector<std::string> entries() const {
        std::vector<std::string> names;
        if (DIR* d = ::opendir(path_.c_str())) {
            while (dirent* e = ::readdir(d))
                if (e->d_name[0] != '.') names.push_back(e->d_name);
            ::closedir(d);
        }
        return names;
    }

  private:
    std::string path_;
};

// Who runs run-kernel: this user, or (run as root) an unprivileged one with its own copy of the
// program and its headers, readable by it.
struct Runner {
    std::string label;
    std::string binary;
    std::string prefix;  // before the binary: setpriv ...
    bool root = false;
};

inline bool running_as_root() {
    return ::geteuid() == 0;
}

// The unprivileged user's copy of the program (made once).
inline const std::string& unprivileged_copy() {
    static Folder folder("program", 0755);
    static const std::string binary = [] {
        const std::string bin = std::string(WS_BINARY);
        const std::string dir = bin.substr(0, bin.rfind('/'));
        const std::string cmd = "cp '" + bin + "' '" + folder.path() + "/warpscope' && cp -r '" +
                                dir + "/include' '" + folder.path() +
                                "/include' && chmod -R a+rX '" + folder.path() + "'";
        return std::system(cmd.c_str()) == 0 ? folder.path() + "/warpscope" : std::string();
    }();
    return binary;
}

inline std::vector<Runner> runners() {
    std::vector<Runner> r = {
        {running_as_root() ? "as root" : "as this user", WS_BINARY, "", running_as_root()}};
    if (running_as_root() && !unprivileged_copy().empty())
        r.push_back({"as an unprivileged user (nobody)", unprivileged_copy(),
                     "setpriv --reuid=65534 --regid=65534 --clear-groups ", false});
    return r;
}

// One run-kernel as `who`, with TMPDIR set to `tmp` (a folder that must be empty afterwards).
inline CommandResult run_as(const Runner& who, const std::string& args, const std::string& tmp) {
    return run_command("cd /tmp && " + who.prefix + "env TMPDIR='" + tmp + "' '" + who.binary +
                       "' " + args);
}

// The IPC objects an attack would have left, told by the marks it makes them with (mode 0641; a
// 4099-byte segment, a set of 7 semaphores; a key named ws-attack), so that other programs'
// objects (the X server's shared memory) do not count.
inline std::string attack_ipc_objects() {
    std::string left;
    for (const char* f : {"/proc/sysvipc/shm", "/proc/sysvipc/msg", "/proc/sysvipc/sem"}) {
        std::ifstream in(f);
        std::string header;
        std::getline(in, header);
        for (std::string line; std::getline(in, line);) {
            std::istringstream fields(line);
            std::string key, id, perms;
            fields >> key >> id >> perms;
            if (perms == "641" || perms == "1641") left += std::string(f) + ": " + line + "\n";
        }
    }
    std::ifstream keys("/proc/keys");
    for (std::string line; std::getline(keys, line);)
        if (line.find("ws-attack") != std::string::npos) left += line + "\n";
    return left;
}

// Processes whose command line holds `marker` (a child left running).
inline std::vector<std::string> processes_with(const std::string& marker) {
    std::vector<std::string> found;
    if (DIR* d = ::opendir("/proc")) {
        while (dirent* e = ::readdir(d)) {
            if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
            std::ifstream in(std::string("/proc/") + e->d_name + "/cmdline");
            std::string cmd((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            for (char& c : cmd)
                if (c == '\0') c = ' ';
            if (cmd.find(marker) != std::string::npos) found.push_back(cmd);
        }
        ::closedir(d);
    }
    return found;
}

// stderr's last line (the run's outcome; the sandbox's warning may come first).
inline std::string last_line(const std::string& text) {
    std::string t = text;
    while (!t.empty() && t.back() == '\n') t.pop_back();
    const auto nl = t.rfind('\n');
    return nl == std::string::npos ? t : t.substr(nl + 1);
}

}  // namespace attack
