// The parent side of running a student's kernel (user_run.hpp).
#include "kernels/user/user_run.hpp"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "kernels/io/regular_file.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/child_protocol.hpp"
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

UserRunResult run_user_kernel(const UserRun& run) {
    UserRunResult r;
    auto refuse = [&](std::string line) {
        r.error = std::move(line);
        r.bad_input = true;
        return r;
    };
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
    const run::ParsedRequest parsed = run::parse_request(text, rules);
    if (!parsed.ok()) return refuse(parsed.error);
    const Sandbox sandbox = choose_sandbox(run.sandbox);
    if (!sandbox.error.empty()) return refuse(sandbox.error);
    r.warning = sandbox.warning;

    const std::string include_dir = find_include_dir(error);
    if (include_dir.empty()) {
        r.error = error;
        return r;
    }
    const std::string exe = executable_path();
    WorkDir work;
    if (work.path().empty() || !write_file(work.path() + "/" + kSourceFile, source)) {
        r.error = "cannot make a private work folder under $TMPDIR or /tmp";
        return r;
    }
    std::vector<std::string> argv = {exe,
                                     kChildCommand,
                                     work.path(),
                                     run.file,
                                     absolute_dir(run.file),
                                     include_dir,
                                     run::command_line(parsed.request)};
    for (const std::string& w : find_compiler()) argv.push_back(w);
    ChildEnd end = run_sandboxed(argv, work.path(), sandbox, run.limits);
    if (std::string o = read_outcome(work.path() + "/" + kOutcomeFile); !o.empty()) end.outcome = o;
    r.error = describe_end(end, run.limits);
    if (!r.error.empty()) return r;
    trace::LoadResult loaded = trace::load_trace(work.path() + "/" + kTraceFile);
    if (!loaded.ok) {
        r.error = "the kernel's trace cannot be read: " + loaded.error;
        return r;
    }
    r.ran = true;
    r.trace = std::move(loaded.trace);
    return r;
}

}  // namespace ws::user
