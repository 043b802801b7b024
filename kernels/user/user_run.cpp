// The parent side of running a student's kernel (user_run.hpp).
#include "kernels/user/user_run.hpp"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "kernels/io/regular_file.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/gpu_runner.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/toolchain.hpp"

namespace ws::user {
namespace {

constexpr std::uint64_t kMaxSourceBytes = 1 << 20;

// A private folder for one run (mode 0700), under $TMPDIR or /tmp; removed when it goes.
class WorkDir {
  public:
    WorkDir() {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/warpscope-kernel-XXXXXX";
        if (::mkdtemp(pattern.data())) path_ = pattern;
    }
    ~WorkDir() {
        std::error_code ignored;
        if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
    }
    WorkDir(const WorkDir&) = delete;
    WorkDir& operator=(const WorkDir&) = delete;
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

bool write_file(const std::string& path, const std::string& bytes) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0) return false;
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n <= 0) break;
        done += std::size_t(n);
    }
    return ::close(fd) == 0 && done == bytes.size();
}

std::string absolute_dir(const std::string& file) {
    const std::string dir =
        file.find('/') == std::string::npos ? "." : file.substr(0, file.rfind('/') + 1);
    char buf[PATH_MAX];
    return ::realpath(dir.c_str(), buf) ? std::string(buf) : dir;
}

std::string read_outcome(const std::string& path) {
    std::string error;
    return io::read_regular_file(path, 4096, error);
}

}  // namespace

std::string user_algo(const std::string& file) {
    std::string name = file.substr(file.rfind('/') == std::string::npos ? 0 : file.rfind('/') + 1);
    for (char& c : name)
        if (static_cast<unsigned char>(c) <= ' ') c = '_';
    return "user:" + name;
}

namespace {

// One child run of `source` on `backend`; fills r.trace (r.ran) or r.error.
void run_child(const UserRun& run, const std::string& source, const trace::Request& request,
               const std::string& backend, const Sandbox& sandbox, UserRunResult& r) {
    std::string error;
    const std::string include_dir = find_include_dir(error);
    if (include_dir.empty()) {
        r.error = error;
        return;
    }
    WorkDir work;
    if (work.path().empty() || !write_file(work.path() + "/" + kSourceFile, source)) {
        r.error = "cannot make a private work folder under $TMPDIR or /tmp";
        return;
    }
    std::vector<std::string> argv = {executable_path(),
                                     kChildCommand,
                                     work.path(),
                                     run.file,
                                     absolute_dir(run.file),
                                     include_dir,
                                     run::command_line(request),
                                     backend};
    for (const std::string& w : find_compiler()) argv.push_back(w);
    Limits limits = run.limits;
    if (backend == kBackendCuda) limits.memory_bytes = 0;
    ChildEnd end = run_sandboxed(argv, work.path(), sandbox, limits);
    if (std::string o = read_outcome(work.path() + "/" + kOutcomeFile); !o.empty()) end.outcome = o;
    r.error = describe_end(end, limits);
    if (!r.error.empty()) return;
    trace::LoadResult loaded = trace::load_trace(work.path() + "/" + kTraceFile);
    if (!loaded.ok) {
        r.error = "the kernel's trace cannot be read: " + loaded.error;
        return;
    }
    r.ran = true;
    r.trace = std::move(loaded.trace);
    if (backend != kBackendCuda) return;
    r.on_gpu = true;
    const std::string timing =
        io::read_regular_file(work.path() + "/" + kTimingFile, 1 << 20, error);
    if (std::string bad = timing.empty() ? error : run::parse_measurements(timing, r.gpu.timing);
        !bad.empty())
        r.gpu.timing.error = "the kernel's times cannot be read: " + bad;
}

// The emulator's run of the same request, compared with the GPU's trace.
void crosscheck_on_emulator(const UserRun& run, const std::string& source,
                            const trace::Request& request, const Sandbox& sandbox,
                            UserRunResult& r) {
    if (request.n > run::kMaxElementsEmulator) {
        r.gpu.crosscheck = "not compared: the emulator runs at most 2^26 elements";
        return;
    }
    UserRunResult emulated;
    run_child(run, source, request, kBackendCpu, sandbox, emulated);
    if (!emulated.ran) {
        r.gpu.crosscheck = "not compared: the emulator's run ended: " + emulated.error;
        return;
    }
    r.gpu.crosschecked = true;
    r.gpu.crosscheck = run::crosscheck_difference(r.info, r.trace, emulated.trace);
}

}  // namespace

double read_only_fraction(const run::Measurements& timing) {
    double mine = 0, read = 0;
    for (const run::MeasuredPoint& p : timing.points) {
        if (p.algo == kTimedKernel) mine = p.gbps;
        if (p.algo == "read-only") read = p.gbps;
    }
    return mine > 0 && read > 0 ? mine / read : 0;
}

UserRunResult run_user_kernel(const UserRun& run) {
    UserRunResult r;
    auto refuse = [&](std::string line) {
        r.error = std::move(line);
        r.bad_input = true;
        return r;
    };
    const bool gpu = run.backend == kBackendCuda;
    if (!gpu && run.backend != kBackendCpu)
        return refuse("--backend " + run.backend + ": cpu or cuda");
    std::string error;
    const std::string source = io::read_regular_file(run.file, kMaxSourceBytes, error);
    if (!error.empty()) return refuse(error);
    KernelHeader header = parse_kernel_header(source, run.file);
    if (!header.ok()) return refuse(header.error);
    header.info.id = "the kernel";
    r.info = header.info;
    run::RequestText text = run.text;
    text.algo = user_algo(run.file);
    run::RequestRules rules;
    rules.variant = &header.info;
    if (gpu) rules.max_elements = run::kMaxElementsGpu;
    const run::ParsedRequest parsed = run::parse_request(text, rules);
    if (!parsed.ok()) return refuse(parsed.error);
    const Sandbox sandbox = choose_sandbox(run.sandbox);
    if (!sandbox.error.empty()) return refuse(sandbox.error);
    if (!gpu) {
        r.warning = sandbox.warning;
        run_child(run, source, parsed.request, kBackendCpu, sandbox, r);
        return r;
    }
    // The GPU's child runs with the limits but not under bubblewrap, whose namespaces would hide
    // the GPU: the student's code runs on the GPU only, and what the child runs on the CPU is
    // warpscope's and NVRTC's. Nor under an address-space limit: the CUDA driver reserves far
    // more address space than it uses. The emulator's child, which runs the student's code on
    // the CPU, is walled in as usual.
    run_child(run, source, parsed.request, kBackendCuda, Sandbox{}, r);
    if (r.ran && r.trace.grid != 0) {
        r.warning = sandbox.warning;  // the emulator's child, for the crosscheck
        crosscheck_on_emulator(run, source, parsed.request, sandbox, r);
    }
    return r;
}

}  // namespace ws::user
