// The pure parts of running a student's kernel (issue 19): the file's header, the compiler's
// first error as one line, and the one sentence each way a run can end with. The runs
// themselves are tested through the binary (tests/cli/test_run_kernel.cpp).
#include <sys/syscall.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <csignal>

#include "kernels/user/child_guard.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/nvrtc_source.hpp"
#include "kernels/user/outcome.hpp"
#include "kernels/user/toolchain.hpp"

using namespace ws;
using namespace ws::user;

TEST_CASE("the header's family and rules become a catalog row for the plan", "[user]") {
    const KernelHeader plain = parse_kernel_header("// warpscope-kernel: reduce\nrest", "k.cu");
    REQUIRE(plain.ok());
    CHECK(plain.info.family == Family::Reduce);
    CHECK(plain.info.reduce_driver == ReduceDriver::MultiPass);
    CHECK(plain.info.elems_per_thread == 1);
    CHECK(plain.info.smem_rule == SmemRule::PerThread);
    CHECK(plain.info.block_rule == BlockRule::PowerOfTwo32To1024);

    const KernelHeader all = parse_kernel_header(
        "// warpscope-kernel: reduce block=any shared=two-per-thread elements-per-thread=4\r\n",
        "k.cu");
    REQUIRE(all.ok());
    CHECK(all.info.elems_per_thread == 4);
    CHECK(all.info.smem_rule == SmemRule::TwoPerThread);
    CHECK(all.info.block_rule == BlockRule::Any1To1024);
}

TEST_CASE("a scan header is a tile scan run by scan-then-fan", "[user]") {
    const KernelHeader h = parse_kernel_header(
        "// warpscope-kernel: scan elements-per-thread=2 shared=two-per-thread-padded\n", "k.cu");
    REQUIRE(h.ok());
    CHECK(h.info.family == ws::Family::Scan);
    CHECK(h.info.driver == ws::ScanDriver::ScanThenFan);
    CHECK(h.info.scan_op == ws::ScanOp::PrefixSum);
    CHECK(h.info.elems_per_thread == 2);
    CHECK(h.info.smem_rule == ws::SmemRule::TwoPerThreadPadded);
    // The wrapper exports the tile-scan signature.
    const std::string w =
        wrapper_source("// warpscope-kernel: scan\nint x;", "k.cu", ws::Family::Scan);
    CHECK(w.find(kExportScanInt) != std::string::npos);
    CHECK(w.find("ScanKind, ws::sim::SimProbe") != std::string::npos);
    CHECK(w.find(kExportInt) == std::string::npos);
}

TEST_CASE("a bad header is one line naming the file, line 1 and the item", "[user]") {
    struct Case {
        const char* source;
        const char* says;
    };
    const Case cases[] = {
        {"template <class T>\n", "k.cu:1: the first line must say what the kernel is"},
        {"// warpscope-kernel:\n", "k.cu:1: no family"},
        {"// warpscope-kernel: scan shared=lots\n", "k.cu:1: shared=lots:"},
        {"// warpscope-kernel: sort\n", "k.cu:1: sort: not a family"},
        {"// warpscope-kernel: reduce elements-per-thread=0\n", "elements-per-thread=0:"},
        {"// warpscope-kernel: reduce elements-per-thread=x\n", "elements-per-thread=x:"},
        {"// warpscope-kernel: reduce shared=lots\n", "shared=lots:"},
        {"// warpscope-kernel: reduce block=odd\n", "block=odd:"},
        {"// warpscope-kernel: reduce fast\n", "fast: not an item"},
    };
    for (const Case& c : cases) {
        INFO(c.source);
        const KernelHeader h = parse_kernel_header(c.source, "k.cu");
        CHECK_FALSE(h.ok());
        CHECK(h.error.find(c.says) != std::string::npos);
        CHECK(h.error.find('\n') == std::string::npos);
    }
}

TEST_CASE("the wrapper puts the student's lines under the student's file name", "[user]") {
    const std::string w = wrapper_source("// warpscope-kernel: reduce\nint x;", "my \"k\".cu");
    CHECK(w.find("#line 1 \"my \\\"k\\\".cu\"\n// warpscope-kernel: reduce\nint x;\n") !=
          std::string::npos);
    CHECK(w.find("extern \"C\" WarpscopeUserPass<int>") != std::string::npos);
    for (const char* name : {kExportInt, kExportFloat, kExportDouble})
        CHECK(w.find(name) != std::string::npos);
}

TEST_CASE("the compiler's first error is one line at the student's line", "[user]") {
    CHECK(compile_error_line("k.cu: In function 'void f()':\n"
                             "k.cu:7:16: error: expected ';' before 'block_sync'\n"
                             "k.cu:9:1: error: second\n",
                             "k.cu") ==
          "compile error at k.cu:7: expected ';' before 'block_sync'");
    // An error inside the vocabulary, caused by the student's line 12.
    CHECK(compile_error_line("k.cu:12:9:   required from here\n"
                             "/b/include/kernels/probe/vocabulary.cuh:80:5: error: no match\n",
                             "k.cu") ==
          "compile error at k.cu:12: no match (in /b/include/kernels/probe/vocabulary.cuh:80)");
    // No kernel named `kernel`: the generated instantiations fail.
    const std::string none = compile_error_line(
        "<warpscope: the kernel's instantiations>:3:80: error: 'kernel' was not declared\n",
        "k.cu");
    CHECK(none.find("compile error: k.cu has no kernel `template <class T, class Probe>") == 0);
    CHECK(compile_error_line("cc1plus: fatal error: out of memory\n", "k.cu") ==
          "compile error: cc1plus: fatal error: out of memory");
    CHECK(compile_error_line("", "k.cu") == "compile error: the compiler failed and said nothing");
}

TEST_CASE("each way a run ends is one sentence", "[user]") {
    Limits limits;
    limits.cpu_seconds = 5;
    auto exited = [](int code, std::string outcome = "") {
        ChildEnd e;
        e.exited = true;
        e.code = code;
        e.outcome = std::move(outcome);
        return e;
    };
    auto signalled = [](int sig, std::string outcome = "") {
        ChildEnd e;
        e.signal = sig;
        e.outcome = std::move(outcome);
        return e;
    };
    CHECK(describe_end(exited(kChildRan), limits).empty());
    CHECK(describe_end(exited(kChildCompileFailed, "compile error at k.cu:3: x\n"), limits) ==
          "compile error at k.cu:3: x");
    CHECK(describe_end(exited(kChildOutOfMemory, "memory\n"), limits) ==
          "the kernel tried to allocate more memory than its limit of 4 GiB (std::bad_alloc)");
    CHECK(describe_end(exited(kChildThrew, "threw boom\n"), limits) == "the kernel threw boom");
    CHECK(describe_end(exited(42), limits) == "the kernel ended the program itself (exit code 42)");
    CHECK(describe_end(signalled(SIGXCPU, "signal 24 1 3 17 0 -1\n"), limits) ==
          "the kernel ran past its CPU-time limit of 5 s in block 3, thread 17 (an endless loop? "
          "--cpu-limit sets the limit)");
    CHECK(describe_end(signalled(SIGSEGV, "signal 11 1 0 2 8 -1\n"), limits) ==
          "the kernel crashed (SIGSEGV) in block 0, thread 2: a read or write at 0x8, a null "
          "pointer (an allocation that failed, or a pointer never set)");
    CHECK(describe_end(signalled(SIGSEGV), limits) == "the kernel crashed (SIGSEGV)");
    CHECK(describe_end(signalled(SIGSYS, "signal 31 1 0 0 0 " + std::to_string(SYS_socket)),
                       limits) ==
          "the sandbox stopped the kernel: it tried to reach the network (socket) in block 0, "
          "thread 0");
    CHECK(describe_end(signalled(SIGKILL), limits).find("CPU-time limit of 5 s") !=
          std::string::npos);
    ChildEnd slow;
    slow.timed_out = true;
    CHECK(describe_end(slow, limits).find("wall-clock limit of 40 s") != std::string::npos);
    // What a child leaves is cut to one printable line.
    const std::string odd = describe_end(exited(kChildFailed, "a\x1b[2Jb\nsecond line"), limits);
    CHECK(odd == "a?[2Jb");
}

TEST_CASE("the filter forbids the network, writing files and new processes", "[user]") {
    for (long call : {long(SYS_socket), long(SYS_connect), long(SYS_execve), long(SYS_clone),
                      long(SYS_unlinkat), long(SYS_prlimit64)})
        CHECK(forbidden_call(call) != nullptr);
    CHECK(forbidden_call(SYS_read) == nullptr);
    CHECK(forbidden_call(SYS_mmap) == nullptr);
}

TEST_CASE(
    "NVRTC's translation unit: the student's lines, the headers by full path, the "
    "family's parameters checked",
    "[run-kernel]") {
    const std::string tu =
        nvrtc_translation_unit("// warpscope-kernel: scan\nint x;", "my \"k\".cu",
                               "/opt/ws/include", Family::Scan, trace::DType::Float64);
    CHECK(tu.find("#include \"/opt/ws/include/kernels/probe/vocabulary.cuh\"") !=
          std::string::npos);
    CHECK(tu.find("#include \"/opt/ws/include/kernels/cuda/gpu_probe.cuh\"") != std::string::npos);
    CHECK(tu.find("#line 1 \"my \\\"k\\\".cu\"\n// warpscope-kernel: scan\nint x;\n") !=
          std::string::npos);
    CHECK(tu.find("#line 1 \"" + std::string(kGenerated) + "\"") != std::string::npos);
    CHECK(tu.find("void (*)(const double*, double*, double*, unsigned, ScanKind, "
                  "ws::cuda::GpuProbe)") != std::string::npos);
    CHECK(nvrtc_kernel_name(trace::DType::Int32, false) == "kernel<int, ws::probe::NoProbe>");
    CHECK(nvrtc_kernel_name(trace::DType::Float32, true) == "kernel<float, ws::cuda::GpuProbe>");
    const auto options = nvrtc_options("sm_90", "/opt/ws/include", "/home/s");
    CHECK(std::find(options.begin(), options.end(), "-arch=sm_90") != options.end());
    CHECK(std::find(options.begin(), options.end(), "-I/opt/ws/include/kernels/user/nvrtc_std") !=
          options.end());
    CHECK(std::find(options.begin(), options.end(), "-I/home/s") != options.end());
}

TEST_CASE("NVRTC's error form is read as GCC's is", "[run-kernel]") {
    CHECK(compile_error_line("k.cu(12): error: identifier \"y\" is undefined\n    T x = y;\n",
                             "k.cu") == "compile error at k.cu:12: identifier \"y\" is undefined");
    CHECK(compile_error_line("inc/a.cuh(3): catastrophic error: cannot open source file \"x\"\n",
                             "k.cu") ==
          "compile error at inc/a.cuh:3: cannot open source file \"x\"");
    CHECK(
        compile_error_line("__nv_name_map(2): error: identifier \"kernel\" is undefined\n", "k.cu")
            .rfind("compile error: k.cu has no kernel `", 0) == 0);
    // A parenthesis that is not a line number is not a location.
    CHECK(compile_error_line("f(x): error: no\n", "k.cu") == "compile error: f(x): error: no");
}
