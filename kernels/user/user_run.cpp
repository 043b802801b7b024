// The parent side of running a student's kernel (user_run.hpp): it makes the work folder, starts
// each child walled in, reads their facts and writes every line (issue 33).
#include "kernels/user/user_run.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>

#include "kernels/io/regular_file.hpp"
#include "kernels/run/counter_witness.hpp"
#include "kernels/run/crosscheck.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/run/sanitizer_comparison.hpp"
#include "kernels/trace/trace_file.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/compile_step.hpp"
#include "kernels/user/gpu_runner.hpp"
#include "kernels/user/include_policy.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/parent_check.hpp"
#include "kernels/user/plain_wrapper.hpp"
#include "kernels/user/toolchain.hpp"
#include "kernels/user/vocabulary_guard.hpp"

namespace ws::user {
namespace {

constexpr std::uint64_t kMaxSourceBytes = 1 << 20;

// The variables a GPU child keeps: the ones that choose the device, nothing else.
std::vector<std::string> device_environment() {
    std::vector<std::string> env;
    for (const char* name : {"CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER"})
        if (const char* v = std::getenv(name)) env.push_back(std::string(name) + "=" + v);
    return env;
}

// A child's trace as the parent shows it: the request, the file's name and text are the parent's
// own; the words a child could have written anything into are cut to one printable line.
void adopt_child_trace(trace::Trace& t, const trace::Request& request, const std::string& display,
                       const std::string& source) {
    t.request = request;
    t.source_file = display;
    t.source_text = source;
    for (std::string* words : {&t.backend, &t.device, &t.recorded_at, &t.error, &t.hardware_error})
        *words = printable_line(*words, 1000);
    for (trace::ResultValue& v : t.results) v.name = printable_line(v.name, 16);
    for (trace::HardwareCount& h : t.hardware) h.metric = printable_line(h.metric, 200);
}

// What every child run shares: the request, the work folder, the sandbox.
struct RunContext {
    const KernelHeader& header;
    const UserRun& run;
    const std::string& source;
    const std::string& display;
    const trace::Request& request;
    const Sandbox& sandbox;
    std::string include_dir;
};

// A child that runs the kernel: the emulator's (kJobRun) or the GPU's (kJobGpu). Its facts, or
// the line saying how it ended, into `r`.
void run_kernel_child(const RunContext& c, const WorkDir& work, const std::string& object,
                      const std::vector<std::string>& job, bool gpu, UserRunResult& r) {
    Limits limits = c.run.limits;
    ChildView view;  // the emulator's child sees no work folder: it is handed its files
    std::vector<std::string> argv = {child_program(), kChildCommand};
    argv.insert(argv.end(), job.begin(), job.end());
    SpawnSpec spec;
    if (gpu) {
        limits.memory_bytes = 0;  // the driver reserves far more address space than it uses
        view.env = device_environment();
        spec = sandboxed_spec(Sandbox{}, view, argv, limits, false);  // the driver's devices
    } else {
        argv.push_back(std::to_string(limits.memory_bytes));
        spec = sandboxed_spec(c.sandbox, view, argv, limits);
    }
    const Descriptor report(work.file(kReportFile), O_WRONLY | O_CREAT | O_TRUNC);
    const Descriptor code(work.file(object.c_str()), O_RDONLY);
    const Descriptor text(work.file(kSourceFile), O_RDONLY);
    const Descriptor output(work.file(kChildLog), O_WRONLY | O_CREAT | O_TRUNC);
    if (report.get() < 0 || code.get() < 0 || text.get() < 0 || output.get() < 0) {
        r.error = "the kernel's files could not be opened in " + work.path();
        return;
    }
    spec.fds = {report.get(), code.get(), text.get()};
    spec.output_fd = output.get();
    const ChildEnd end = run_walled(spec, work.file(kReportFile));
    r.error = describe_end(end, limits, gpu ? ChildRole::Gpu : ChildRole::Emulator);
    if (!r.error.empty()) return;
    // The child reports one run's trace. The student's code may append to the same descriptor
    // (at exit, from a destructor): a second trace is its own, and the run is not taken.
    std::size_t traces = 0;
    for (const Fact& f : end.facts.facts) traces += f.kind == kFactTrace;
    if (traces != 1) {
        r.error = "the kernel wrote into its own report (" + std::to_string(traces) +
                  " traces came back where the run writes one): the run is not taken";
        return;
    }
    trace::LoadResult loaded = trace::decode_trace(end.facts.first(kFactTrace)->bytes);
    if (!loaded.ok) {
        r.error = "the kernel's trace cannot be read: " + printable_line(loaded.error);
        return;
    }
    r.ran = true;
    r.trace = std::move(loaded.trace);
    if (const Fact* note = end.facts.last(kFactNote))
        r.recording_note = printable_line(note->bytes, 1000);
    adopt_child_trace(r.trace, c.request, c.display, c.source);
    // On the emulator the student's code ran beside the check: the parent checks the output
    // again, for the request it asked for (on a GPU only the student's device code ran, and the
    // child's check stands).
    if (!gpu) {
        std::size_t outputs = 0;
        for (const Fact& f : end.facts.facts) outputs += f.kind == kFactOutput;
        const Fact* output = end.facts.first(kFactOutput);
        r.checked_by_parent =
            outputs == 1 && check_in_parent(c.header.info, output->bytes, r.trace);
        const bool sent = c.header.info.family == Family::Reduce ||
                          (c.header.info.scan_op != ScanOp::CompactPositive &&
                           c.request.n <= run::kMaxCheckedScan);
        if (outputs == 0 && sent && r.trace.ok) {  // a right run sends what it was checked on
            r.trace.ok = false;
            r.trace.error = "the kernel's output did not come back: the run is not taken as right";
        }
        if (outputs > 1) {
            r.error = "the kernel wrote into its own report (" + std::to_string(outputs) +
                      " outputs came back where the run writes one): the run is not taken";
            r.ran = false;
            return;
        }
        return;
    }
    r.on_gpu = true;
    const Fact* timing = end.facts.last(kFactTiming);
    const std::string bad = timing ? run::parse_measurements(timing->bytes, r.gpu.timing)
                                   : std::string("no times came back");
    if (!bad.empty()) r.gpu.timing.error = "the kernel's times cannot be read: " + bad;
    if (const Fact* recorder = end.facts.last(kFactGpuRecorder)) {
        r.gpu.gpu_recorded = recorder->bytes.empty();
        r.gpu.recorder_missing = printable_line(recorder->bytes, 1000);
    }
    if (const Fact* witness = end.facts.last(kFactWitness)) {
        run::decode_witness(witness->bytes, r.gpu.witness, r.gpu.witness_error);
        r.gpu.witness_error = printable_line(r.gpu.witness_error, 1000);
        for (trace::HardwareCount& h : r.gpu.witness) h.metric = printable_line(h.metric, 200);
    }
    r.gpu.timing.device = printable_line(r.gpu.timing.device, 200);
    r.gpu.timing.error = printable_line(r.gpu.timing.error, 1000);
    for (run::MeasuredPoint& p : r.gpu.timing.points) p.algo = printable_line(p.algo, 100);
}

void run_on_emulator(const RunContext& c, Family family, UserRunResult& r) {
    WorkDir work;
    if (work.path().empty() || !write_new_file(work.file(kSourceFile), c.source)) {
        r.error = "cannot make a private work folder under $TMPDIR or /tmp";
        return;
    }
    r.error = compile_for_emulator(c.sandbox, work,
                                   {c.source, c.display, c.include_dir, family, &c.header});
    if (!r.error.empty()) return;
    run_kernel_child(c, work, kObjectFile, {kJobRun, c.display, run::command_line(c.request)},
                     false, r);
}

void run_on_gpu(const RunContext& c, Family family, UserRunResult& r) {
    const GpuRunner* gpu = gpu_runner();
    std::string arch;
    if (!gpu) {
        r.error =
            "this warpscope was built without CUDA: your kernels run on the emulator (--backend "
            "cpu)";
        return;
    }
    if (std::string why = gpu->device_arch(arch); !why.empty()) {
        r.error = why;
        return;
    }
    WorkDir work;
    if (work.path().empty() || !write_new_file(work.file(kSourceFile), c.source)) {
        r.error = "cannot make a private work folder under $TMPDIR or /tmp";
        return;
    }
    // NVRTC compiles in a child walled in as the compiler is, handed the source.
    const NvrtcBuild build = compile_in_nvrtc_child(
        c.sandbox, work, {c.source, c.display, c.include_dir, family}, c.request.type, arch);
    r.error = build.error;
    if (!r.error.empty()) return;
    run_kernel_child(c, work, kCubinFile,
                     {kJobGpu, c.display, run::command_line(c.request), build.fast_name,
                      build.traced_name, c.run.gpu_recorder},
                     true, r);
    // A plain kernel's witness: CUPTI cannot count in the process the Sanitizer API recorded in,
    // so a second child, with no recorder, runs the plan once and counts its traced pass.
    if (c.run.witness && c.header.plain.plain && r.ran && r.on_gpu) {
        UserRunResult w;
        run_kernel_child(c, work, kCubinFile,
                         {kJobGpu, c.display, run::command_line(c.request), build.fast_name,
                          build.traced_name, kRecorderWitness},
                         true, w);
        r.gpu.witness = w.gpu.witness;
        r.gpu.witness_error = w.ran ? w.gpu.witness_error : "the witness's run ended: " + w.error;
    }
}

// The emulator's run of the same request, compared with the GPU's trace.
void crosscheck_on_emulator(const RunContext& c, Family family, UserRunResult& r) {
    if (c.request.n > run::kMaxElementsEmulator) {
        r.gpu.crosscheck = "not compared: the emulator runs at most 2^26 elements";
        return;
    }
    UserRunResult emulated;
    run_on_emulator(c, family, emulated);
    if (!emulated.ran) {
        r.gpu.crosscheck = "not compared: the emulator's run ended: " + emulated.error;
        return;
    }
    r.gpu.crosschecked = true;
    if (!r.gpu.gpu_recorded) {
        r.gpu.crosscheck = run::crosscheck_difference(r.info, r.trace, emulated.trace);
        return;
    }
    // Recorded by the Sanitizer API: compared as it can see (run/sanitizer_comparison.hpp).
    const run::SanitizerCrosscheck compared =
        run::compare_sanitizer_recording(r.info, r.trace, std::move(emulated.trace));
    r.gpu.crosscheck = compared.difference;
    r.gpu.compiler_difference = compared.compiler_difference;
}

// A plain kernel on the GPU: the GPU checked and timed it but records nothing of it yet, so the
// picture (the traced blocks, the counters) is the emulator's run of the same request.
void picture_from_emulator(const RunContext& c, Family family, UserRunResult& r) {
    UserRunResult emulated;
    if (c.request.n <= run::kMaxElementsEmulator) run_on_emulator(c, family, emulated);
    if (!emulated.ran) {
        r.recording_note =
            c.display + ": the GPU records nothing of a plain CUDA kernel yet" +
            (emulated.error.empty() ? std::string(" and the emulator runs at most "
                                                  "2^26 elements")
                                    : ", and the emulator's run ended: " + emulated.error);
        return;
    }
    r.trace.blocks = std::move(emulated.trace.blocks);
    r.trace.totals = emulated.trace.totals;
    r.trace.smem_bytes = emulated.trace.smem_bytes;
    r.recording_note = emulated.recording_note;
    r.gpu.crosscheck = std::string(kPlainPictureLine) + ": " + r.gpu.recorder_missing;
}

}  // namespace

std::string user_algo(const std::string& file) {
    std::string name = file.substr(file.rfind('/') == std::string::npos ? 0 : file.rfind('/') + 1);
    for (char& c : name)
        if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f) c = '_';
    return "user:" + name;
}

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
        return refuse("--backend " + printable_name(run.backend) + ": cpu or cuda");
    std::string error;
    const std::string source = io::read_regular_file(run.file, kMaxSourceBytes, error);
    if (!error.empty()) return refuse(printable_line(error, 1000));
    const std::string display = printable_name(run.file);
    KernelHeader header = parse_kernel_header(source, display);
    if (!header.ok()) return refuse(header.error);
    if (std::string why = include_refusal(source, display); !why.empty()) return refuse(why);
    header.info.id = "the kernel";
    r.info = header.info;
    run::RequestText text = run.text;
    text.algo = user_algo(run.file);
    run::RequestRules rules;
    rules.variant = &header.info;
    if (gpu) rules.max_elements = run::kMaxElementsGpu;
    const run::ParsedRequest parsed = run::parse_request(text, rules);
    if (!parsed.ok()) return refuse(parsed.error);
    if (std::string why = block_refusal(header, parsed.request.block, display); !why.empty())
        return refuse(why);
    const Sandbox sandbox = choose_sandbox(run.sandbox);
    if (!sandbox.error.empty()) return refuse(sandbox.error);
    if (!header.plain.plain)
        if (std::string why = vocabulary_memory_refusal(source, display); !why.empty())
            return refuse(why);
    if (header.plain.plain) {
        const std::string type = trace::dtype_name(parsed.request.type);
        if (std::string why = plain_type_refusal(source, display, header, type); !why.empty())
            return refuse(why);
        if (header.info.family == Family::Scan &&
            (parsed.request.kind == trace::ScanKind::Exclusive) != header.plain.exclusive)
            return refuse(display + ":1: the kernel computes an " +
                          (header.plain.exclusive ? "exclusive" : "inclusive") +
                          " scan (its header's kind=), not --kind " +
                          (header.plain.exclusive ? "inclusive" : "exclusive"));
    }
    RunContext c{header, run, source, display, parsed.request, sandbox, find_include_dir(error)};
    if (c.include_dir.empty()) {
        r.error = error;
        return r;
    }
    r.warning = sandbox.warning;
    if (!gpu) {
        run_on_emulator(c, header.info.family, r);
        return r;
    }
    run_on_gpu(c, header.info.family, r);
    if (!r.ran || r.trace.grid == 0) return r;
    if (header.plain.plain && !r.gpu.gpu_recorded)
        picture_from_emulator(c, header.info.family, r);
    else
        crosscheck_on_emulator(c, header.info.family, r);
    return r;
}

}  // namespace ws::user
