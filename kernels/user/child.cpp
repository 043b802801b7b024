// The children's jobs: run on the emulator, run on the GPU, compile with NVRTC (child.hpp).
#include "kernels/user/child.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/io/memory.hpp"
#include "kernels/io/regular_file.hpp"
#include "kernels/run/counter_witness.hpp"
#include "kernels/run/emulator_user.hpp"
#include "kernels/run/measurements.hpp"
#include "kernels/run/memory_estimate.hpp"
#include "kernels/run/request_parse.hpp"
#include "kernels/sim/plain_hooks.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/child_guard.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/cubin_lines.hpp"
#include "kernels/user/gpu_runner.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/line_table.hpp"
#include "kernels/user/nvrtc_compiler.hpp"
#include "kernels/user/outcome.hpp"
#include "kernels/user/spawn.hpp"
#include "kernels/user/syscall_policy.hpp"
#include "kernels/user/toolchain.hpp"

namespace ws::user {
namespace {

constexpr std::size_t kMaxSource = 1 << 20;

void report(const char* kind, const std::string& bytes) {
    const std::string fact = encode_fact(kind, bytes);
    std::size_t done = 0;
    while (done < fact.size()) {
        const ssize_t n = ::write(kReportDescriptor, fact.data() + done, fact.size() - done);
        if (n <= 0) return;
        done += std::size_t(n);
    }
}

int failed(const std::string& why) {
    report(kFactFailed, why);
    mark_child_done();
    return 1;
}

// Everything on a descriptor it was handed, up to `max` bytes.
bool read_descriptor(int fd, std::size_t max, std::string& out) {
    char buf[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n == 0) return true;
        if (n < 0) return false;
        out.append(buf, std::size_t(n));
        if (out.size() > max) return false;
    }
}

// The kernel's file, its header and the request, checked as the parent checked them.
struct Job {
    std::string source, display;
    KernelHeader header;
    run::ParsedRequest parsed;
    std::string error;
};
Job read_job(const std::string& display, const std::string& flags, bool gpu) {
    Job j;
    j.display = display;
    if (!read_descriptor(kSourceDescriptor, kMaxSource, j.source)) {
        j.error = "the kernel's source could not be read from its descriptor";
        return j;
    }
    j.header = parse_kernel_header(j.source, display);
    if (!j.header.ok()) {
        j.error = j.header.error;
        return j;
    }
    j.header.info.id = "the kernel";
    run::RequestText text;
    if (!run::request_text_from_flags(flags, text, j.error)) return j;
    run::RequestRules rules;
    rules.variant = &j.header.info;
    if (gpu) rules.max_elements = run::kMaxElementsGpu;
    j.parsed = run::parse_request(text, rules);
    if (!j.parsed.ok()) j.error = j.parsed.error;
    return j;
}

// The address space this process holds now (before the filter: /proc may be readable); an
// allowance when it cannot be read (Landlock hides /proc in the limits mode).
std::uint64_t address_space_now() {
    char statm[128] = {};
    const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);  // procfs: no size to check
    if (fd >= 0) {
        (void)!::read(fd, statm, sizeof statm - 1);
        ::close(fd);
    }
    const unsigned long long pages = std::strtoull(statm, nullptr, 10);
    if (pages == 0) return std::uint64_t(1) << 30;
    return std::uint64_t(pages) * std::uint64_t(::sysconf(_SC_PAGESIZE));
}

// A symbol every compiled kernel of the family exports.
const char* info_family_export(Family family) {
    return family == Family::Scan ? kExportScanInt : kExportInt;
}

template <class Kernels>
void load_kernels(void* so, Kernels& kernels, const char* const (&names)[3], const Job& job) {
    auto load = [&](auto& slot, const char* name) {
        using Get = std::remove_reference_t<decltype(slot)> (*)();
        if (void* f = ::dlsym(so, name)) slot = reinterpret_cast<Get>(f)();
    };
    load(kernels.int32, names[0]);
    load(kernels.float32, names[1]);
    load(kernels.float64, names[2]);
    kernels.source_file = job.display;
    kernels.source_text = job.source;
}

// A plain kernel's lines (plain_hooks.hpp): its code addresses from where it was loaded.
LineTable g_plain_lines;
const unsigned char* g_plain_base = nullptr;
unsigned plain_line(const void* code) {
    const auto* at = static_cast<const unsigned char*>(code);
    return at < g_plain_base ? 0 : g_plain_lines.line_at(std::uint64_t(at - g_plain_base));
}

// The compiled kernel's bytes, from its descriptor (before the filter, which allows no read of
// it but the loader's).
bool read_object(std::vector<std::uint8_t>& bytes) {
    bytes.clear();
    std::uint8_t buf[1 << 16];
    for (off_t at = 0;;) {
        const ssize_t n = ::pread(kObjectDescriptor, buf, sizeof buf, at);
        if (n == 0) return true;
        if (n < 0 || bytes.size() > (std::size_t(256) << 20)) return false;
        bytes.insert(bytes.end(), buf, buf + n);
        at += n;
    }
}

// What a plain kernel's recording could not draw, in one line; "" when it drew everything.
std::string plain_recording_note(const Job& job) {
    const sim::PlainCounts c = sim::plain_counts();
    if (c.recorded == 0)
        return job.display + ": the run recorded no shared or global access: the kernel " +
               job.header.plain.kernel + " never touched its shared memory or its in= and out= " +
               "buffers, so there is no picture (are in= and out= the pointers it uses?)";
    if (c.unrecorded_stores > 0)
        return job.display + ":" + std::to_string(c.first_unrecorded_line) + ": " +
               std::to_string(c.unrecorded_stores) +
               " stores went to memory that is neither shared memory nor the kernel's buffers "
               "(a static or __device__ variable): they are not in the picture or the counters";
    if (c.unseen_shared_writes > 0)
        return job.display + ":" + std::to_string(c.first_unseen_line) +
               ": shared memory changed with no store the recorder saw (byte " +
               std::to_string(c.first_unseen_offset) + ", " +
               (c.first_unseen_line ? "before this __syncthreads" : "by the block's end") +
               "): an atomic builtin or inline assembly wrote it, so the picture and the "
               "counters would miss those accesses";
    return "";
}

// run DISPLAY FLAGS MEMORY_BYTES: the emulator, walled in by the allow-list.
int run_on_emulator(int argc, char** argv) {
    if (argc < 6) return failed("the child was started without its arguments");
    Job job = read_job(argv[3], argv[4], false);
    if (!job.error.empty()) return failed(job.error);
    const std::uint64_t memory_limit = std::strtoull(argv[5], nullptr, 10);
    const std::uint64_t held = address_space_now();
    ::tzset();  // the clock's zone is read now: the filter allows no file later
    ::syscall(SYS_close_range, unsigned(kSourceDescriptor) + 1, ~0u, 0u);
    const bool plain = job.header.plain.plain;
    if (plain) {
        std::vector<std::uint8_t> object;
        std::string why;
        if (!read_object(object)) return failed("the compiled kernel could not be read back");
        std::optional<LineTable> lines =
            line_table_from_bytes(object, "the compiled kernel", job.display, why);
        if (!lines) return failed("the compiled kernel's lines cannot be read: " + why);
        g_plain_lines = std::move(*lines);
    }

    if (std::string why = install_syscall_filter(kObjectDescriptor, kLoadPath); !why.empty())
        return failed(why);
    // From here on every call is the allow-list's, the student's constructors' too.
    set_child_phase(ChildPhase::Loading);
    void* so = ::dlopen(kLoadPath, RTLD_NOW | RTLD_LOCAL);
    set_child_phase(ChildPhase::Own);
    if (!so) return failed(std::string("the compiled kernel does not load: ") + ::dlerror());
    if (plain) {
        Dl_info where{};
        void* entry = ::dlsym(so, info_family_export(job.header.info.family));
        if (!entry || !::dladdr(entry, &where))
            return failed("the compiled kernel's entry cannot be found");
        g_plain_base = static_cast<const unsigned char*>(where.dli_fbase);
        sim::set_plain_line_lookup(&plain_line);
    }
    const trace::Request& request = job.parsed.request;
    const VariantInfo& info = job.header.info;
    run::SampleRun runner;
    if (info.family == Family::Scan) {
        run::ForeignScan kernels;
        load_kernels(so, kernels, {kExportScanInt, kExportScanFloat, kExportScanDouble}, job);
        runner = [=](const trace::Request& r, const run::RunOptions& o) {
            return run::run_foreign_scan(r, info, kernels, o);
        };
    } else {
        run::ForeignReduction kernels;
        load_kernels(so, kernels, {kExportInt, kExportFloat, kExportDouble}, job);
        runner = [=](const trace::Request& r, const run::RunOptions& o) {
            return run::run_foreign_reduction(r, info, kernels, o);
        };
    }
    // The memory plan knows this child's own limit.
    if (memory_limit > 0) {
        const std::uint64_t room = memory_limit > held ? memory_limit - held : 0;
        const run::MemoryEstimate e = run::estimate_memory(request, job.parsed.grid, info, runner);
        const std::string refusal = run::memory_refusal(
            request, e, room,
            "the " + io::bytes_text(room) + " the kernel's child has left of its " +
                size_text(memory_limit) + " address-space limit (run-kernel runs it walled in)");
        if (!refusal.empty()) {
            report(kFactMemoryPlan, refusal);
            mark_child_done();
            return 1;
        }
    }
    std::string output;
    run::RunOptions options;
    options.checked_output = &output;
    const trace::Trace t = runner(request, options);
    report(kFactTrace, trace::encode_trace(t));
    if (!output.empty()) report(kFactOutput, output);
    if (plain && t.grid != 0)
        if (const std::string note = plain_recording_note(job); !note.empty())
            report(kFactNote, note);
    mark_child_done();
    set_child_phase(ChildPhase::Finishing);
    return 0;
}

// gpu DISPLAY FLAGS FAST_NAME TRACED_NAME [RECORDER]: NVRTC's code on the GPU.
int run_on_gpu(int argc, char** argv) {
    if (argc < 7) return failed("the child was started without its arguments");
    Job job = read_job(argv[3], argv[4], true);
    if (!job.error.empty()) return failed(job.error);
    const GpuRunner* gpu = gpu_runner();
    if (!gpu)
        return failed(
            "this warpscope was built without CUDA: your kernels run on the emulator (--backend "
            "cpu)");
    std::string cubin;
    if (!read_descriptor(kObjectDescriptor, std::size_t(256) << 20, cubin))
        return failed("the kernel's GPU code could not be read from its descriptor");
    GpuKernelCode code;
    code.cubin.assign(cubin.begin(), cubin.end());
    code.fast_name = argv[5];
    code.traced_name = argv[6];
    code.source_file = job.display;
    code.source_text = job.source;
    code.plain = job.header.plain.plain;
    code.witness_only = argc > 7 && std::string(argv[7]) == kRecorderWitness;
    code.sanitizer = !code.witness_only &&
                     (code.plain || (argc > 7 && std::string(argv[7]) == kRecorderSanitizer));
    if (code.sanitizer)
        code.lines = cubin_function_lines(std::vector<std::uint8_t>(cubin.begin(), cubin.end()),
                                          job.display, code.lines_error);
    const GpuKernelResult r = gpu->run(job.parsed.request, job.header.info, code);
    report(kFactTrace, trace::encode_trace(r.trace));
    if (!code.witness_only) report(kFactTiming, run::measurements_json(r.timing));
    if (code.sanitizer) report(kFactGpuRecorder, r.recorder_missing);
    if (r.trace.grid != 0)
        report(kFactWitness, run::encode_witness(r.trace.hardware, r.trace.hardware_error));
    if (!r.recording_note.empty()) report(kFactNote, job.display + ": " + r.recording_note);
    mark_child_done();
    return 0;
}

// nvrtc DISPLAY TYPE ARCH INCLUDE_DIR: compiles, reports the code and the names.
int compile_with_nvrtc(int argc, char** argv) {
    if (argc < 7) return failed("the child was started without its arguments");
    std::string source;
    if (!read_descriptor(kSourceDescriptor, kMaxSource, source))
        return failed("the kernel's source could not be read from its descriptor");
    const std::string display = argv[3];
    const KernelHeader header = parse_kernel_header(source, display);
    if (!header.ok()) return failed(header.error);
    std::string error;
    const auto type = run::parse_type(argv[4], error);
    if (!type) return failed(error);
    const std::vector<NvrtcHeader> headers = nvrtc_headers(argv[6], error);
    if (!error.empty()) return failed(error);
    const GpuBuild build =
        compile_for_gpu(source, display, header.info.family, *type, argv[5], headers, &header,
                        header.plain.plain ? cuda_include_dir() : std::string());
    if (!build.ok) {
        report(build.compile_error ? kFactCompileError : kFactFailed,
               build.compile_error ? build.log : build.error);
        mark_child_done();
        return 1;
    }
    report(kFactCubin, std::string(build.cubin.begin(), build.cubin.end()));
    report(kFactNames, build.fast_name + "\n" + build.traced_name);
    mark_child_done();
    return 0;
}

// pch INCLUDE_DIR: the build's step that precompiles the prelude (toolchain.hpp), beside it, with
// the flags run-kernel compiles with; the folder's old file stays until the new one is whole.
// Always 0: a kernel compiles without it, only slower (the line says why there is none).
int precompile_prelude(int argc, char** argv) {
    if (argc < 4) return 0;
    const std::string include_dir = argv[3];
    std::vector<std::string> compiler = find_compiler();
    compiler.front() = program_path(compiler.front());
    const std::string output = include_dir + "/" + kPrelude + ".gch";
    const std::string partial = output + ".partial";
    SpawnSpec spec;
    spec.argv =
        prelude_pch_command(compiler, include_dir, standard_include_dirs(compiler), partial);
    spec.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C"};
    spec.limits = compiler_limits();
    spec.limits.file_bytes = std::uint64_t(1) << 30;
    const ChildEnd end = compiler.front().empty() ? ChildEnd{} : run_walled(spec, "");
    if (end.exited && end.code == 0 && ::rename(partial.c_str(), output.c_str()) == 0) return 0;
    ::unlink(partial.c_str());
    std::fprintf(stderr,
                 "warpscope: the students' prelude was not precompiled (%s): run-kernel "
                 "compiles it with every kernel\n",
                 compiler.front().empty() ? "no compiler" : "the compiler failed");
    return 0;
}

}  // namespace

int child_main(int argc, char** argv) {
    const std::string job = argc > 2 ? argv[2] : "";
    if (job == kJobPrelude) return precompile_prelude(argc, argv);  // the build's: no report
    ::clearenv();  // started with none; bubblewrap sets PWD, which the kernel has no need of
    install_child_handlers(kReportDescriptor);
    if (job == kJobRun) return run_on_emulator(argc, argv);
    if (job == kJobGpu) return run_on_gpu(argc, argv);
    if (job == kJobNvrtc) return compile_with_nvrtc(argc, argv);
    return failed("the child was started without its job");
}

}  // namespace ws::user
