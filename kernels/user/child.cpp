// The child side of running a student's kernel: compile, guard, load, run, write the trace
// (child.hpp).
#include "kernels/user/child.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/io/regular_file.hpp"
#include "kernels/run/emulator_user.hpp"
#include "kernels/run/measurements.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/child_guard.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/gpu_runner.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/nvrtc_compiler.hpp"
#include "kernels/user/toolchain.hpp"

namespace ws::user {
namespace {

int g_outcome = -1;

int finish(int code, const std::string& line) {
    const std::string text = line + "\n";
    if (g_outcome >= 0) (void)!::write(g_outcome, text.data(), text.size());
    return code;
}

bool write_all(int fd, const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += std::size_t(n);
    }
    return true;
}

// Runs the compiler with its messages in kCompileLog; its wait status.
int run_compiler(const std::vector<std::string>& command) {
    std::vector<char*> argv;
    for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        const int log = ::open(kCompileLog, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (log >= 0) {
            ::dup2(log, 1);
            ::dup2(log, 2);
        }
        ::execvp(argv[0], argv.data());
        const char* why = "warpscope: the compiler could not be started\n";
        (void)!::write(2, why, std::strlen(why));
        ::_exit(127);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

// The compiler's failure as one line.
std::string compiler_failure(int status, const std::string& compiler, const std::string& display,
                             Family family) {
    std::string error;
    const std::string log = io::read_regular_file(kCompileLog, 1 << 20, error);
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        if (sig == SIGXCPU || sig == SIGKILL)
            return "compile error: the compiler ran past its CPU-time limit";
        return "compile error: the compiler was ended by signal " + std::to_string(sig);
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127 &&
        log.find("could not be started") != std::string::npos)
        return "compile error: the compiler " + compiler +
               " could not be started (install g++, or set CXX)";
    return compile_error_line(log, display, family);
}

// The GPU path: NVRTC compiles the source for device 0 and the registered runner runs, records,
// checks and times it (gpu_runner.hpp). No system-call filter here: the student's code runs on
// the GPU only, and the CUDA driver opens devices and makes threads as it goes.
int run_on_gpu(const std::string& source, const std::string& display,
               const std::string& student_dir, const std::string& include_dir,
               const VariantInfo& info, const trace::Request& request) {
    const GpuRunner* gpu = gpu_runner();
    if (!gpu)
        return finish(kChildFailed,
                      "this warpscope was built without CUDA: your kernels run on the emulator "
                      "(--backend cpu)");
    std::string arch;
    if (std::string why = gpu->device_arch(arch); !why.empty()) return finish(kChildFailed, why);
    const GpuBuild build =
        compile_for_gpu(source, display, info.family, request.type, arch, include_dir, student_dir);
    if (!build.ok)
        return finish(build.compile_error ? kChildCompileFailed : kChildFailed, build.error);
    const GpuKernelResult r =
        gpu->run(request, info, {build.cubin, build.fast_name, build.traced_name, display, source});
    const int trace_fd = ::open(kTraceFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    const int timing_fd = ::open(kTimingFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (trace_fd < 0 || timing_fd < 0)
        return finish(kChildFailed, "the trace file could not be made in the work folder");
    if (!write_all(trace_fd, trace::encode_trace(r.trace)) ||
        !write_all(timing_fd, run::measurements_json(r.timing)))
        return finish(kChildFailed, "the trace could not be written (the file-size limit?)");
    ::close(trace_fd);
    ::close(timing_fd);
    return kChildRan;
}

}  // namespace

int child_main(int argc, char** argv) {
    if (argc < 9) return finish(kChildFailed, "the child was started without its arguments");
    const std::string dir = argv[2], display = argv[3], student_dir = argv[4],
                      include_dir = argv[5], flags = argv[6], backend = argv[7];
    std::vector<std::string> compiler(argv + 8, argv + argc);
    if (::chdir(dir.c_str()) != 0) return kChildFailed;
    g_outcome = ::open(kOutcomeFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    install_child_handlers(g_outcome);

    // The request, checked as the parent checked it.
    std::string error;
    const std::string source = io::read_regular_file(kSourceFile, 1 << 20, error);
    if (!error.empty()) return finish(kChildFailed, error);
    KernelHeader header = parse_kernel_header(source, display);
    if (!header.ok()) return finish(kChildFailed, header.error);
    header.info.id = "the kernel";
    run::RequestText text;
    if (!run::request_text_from_flags(flags, text, error)) return finish(kChildFailed, error);
    run::RequestRules rules;
    rules.variant = &header.info;
    if (backend == kBackendCuda) rules.max_elements = run::kMaxElementsGpu;
    const run::ParsedRequest parsed = run::parse_request(text, rules);
    if (!parsed.ok()) return finish(kChildFailed, parsed.error);
    if (backend == kBackendCuda)
        return run_on_gpu(source, display, student_dir, include_dir, header.info, parsed.request);

    // Compile.
    {
        const int fd = ::open(kWrapperFile, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const bool written =
            fd >= 0 && write_all(fd, wrapper_source(source, display, header.info.family));
        if (fd >= 0) ::close(fd);
        if (!written) return finish(kChildFailed, "the wrapper could not be written in " + dir);
    }
    const int status = run_compiler(
        compile_command(compiler, include_dir, student_dir, kWrapperFile, kObjectFile));
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return finish(kChildCompileFailed,
                      compiler_failure(status, compiler[0], display, header.info.family));

    // Guard, then load: the shared object's own initialisers run under the filter too.
    const int trace_fd = ::open(kTraceFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (trace_fd < 0) return finish(kChildFailed, "the trace file could not be made in " + dir);
    if (std::string why = install_syscall_filter(); !why.empty())
        (void)!::write(2, why.data(), why.size());
    void* so = ::dlopen((dir + "/" + kObjectFile).c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!so)
        return finish(kChildFailed,
                      std::string("the compiled kernel does not load: ") + ::dlerror());
    auto load = [&](auto& slot, const char* name) {
        using Get = std::remove_reference_t<decltype(slot)> (*)();
        if (void* f = ::dlsym(so, name)) slot = reinterpret_cast<Get>(f)();
    };
    auto load_all = [&](auto& kernels, const char* const(&names)[3]) {
        load(kernels.int32, names[0]);
        load(kernels.float32, names[1]);
        load(kernels.float64, names[2]);
        kernels.source_file = display;
        kernels.source_text = source;
    };
    trace::Trace t;
    if (header.info.family == Family::Scan) {
        run::ForeignScan kernels;
        load_all(kernels, {kExportScanInt, kExportScanFloat, kExportScanDouble});
        t = run::run_foreign_scan(parsed.request, header.info, kernels);
    } else {
        run::ForeignReduction kernels;
        load_all(kernels, {kExportInt, kExportFloat, kExportDouble});
        t = run::run_foreign_reduction(parsed.request, header.info, kernels);
    }
    if (!write_all(trace_fd, trace::encode_trace(t)))
        return finish(kChildFailed, "the trace could not be written (the file-size limit?)");
    ::close(trace_fd);
    return kChildRan;
}

}  // namespace ws::user
