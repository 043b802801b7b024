// The pure parts of running a student's kernel (issue 19): the file's header, the compiler's
// first error as one line, and the one sentence each way a run can end with. The runs
// themselves are tested through the binary (tests/cli/test_run_kernel.cpp).
#include <sys/syscall.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <csignal>

#include <linux/sched.h>

#include <unistd.h>

#include <cctype>
#include <fstream>
#include <set>

#include "kernels/io/regular_file.hpp"
#include "kernels/user/child_protocol.hpp"
#include "kernels/user/child_report.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/nvrtc_source.hpp"
#include "kernels/user/outcome.hpp"
#include "kernels/user/syscall_policy.hpp"
#include "kernels/user/toolchain.hpp"
#include "kernels/user/user_run.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

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

TEST_CASE("each way a run ends is one sentence, made from the child's facts", "[user]") {
    Limits limits;
    limits.cpu_seconds = 5;
    auto ended = [](int code, std::vector<Fact> facts = {}) {
        ChildEnd e;
        e.started = true;
        e.exited = true;
        e.code = code;
        e.facts.facts = std::move(facts);
        return e;
    };
    auto signalled = [](int sig, std::vector<Fact> facts = {}) {
        ChildEnd e;
        e.started = true;
        e.signal = sig;
        e.facts.facts = std::move(facts);
        return e;
    };
    CHECK(describe_end(ended(0, {{kFactTrace, "bytes"}}), limits).empty());
    CHECK(describe_end(ended(1, {{kFactOutOfMemory, "std::bad_alloc"}}), limits) ==
          "the kernel tried to allocate more memory than its limit of 4 GiB (std::bad_alloc)");
    CHECK(describe_end(ended(1, {{kFactThrew, "boom"}}), limits) == "the kernel threw boom");
    CHECK(describe_end(ended(1, {{kFactFailed, "a reason"}}), limits) == "a reason");
    CHECK(describe_end(ended(1, {{kFactMemoryPlan, "--n 9 needs about 9 GB"}}), limits) ==
          "--n 9 needs about 9 GB");
    // exit() from the kernel, named with where it was called; an _exit that left no fact.
    CHECK(describe_end(ended(3, {{kFactExit, "3 2 1 17"}}), limits) ==
          "the kernel called exit(3) in block 1, thread 17: a kernel ends by returning, and "
          "exit() ends the whole program");
    CHECK(describe_end(ended(3, {{kFactExit, "3 1 0 0"}}), limits)
              .find("exit(3) while its file was loaded, before any kernel ran (a global "
                    "constructor)") != std::string::npos);
    CHECK(describe_end(ended(3), limits) ==
          "the kernel ended its process itself (exit code 3) before its run was reported");
    CHECK(describe_end(ended(0), limits).find("before its run was reported") != std::string::npos);
    // Signals, as the handlers report them: SIGNO PHASE BLOCK THREAD ADDRESS SYSCALL DETAIL
    // FOREIGN.
    CHECK(describe_end(signalled(SIGXCPU, {{kFactSignal, "24 2 3 17 0 -1 0 0"}}), limits) ==
          "the kernel ran past its CPU-time limit of 5 s in block 3, thread 17 (an endless loop? "
          "--cpu-limit sets the limit; time spent waiting for a processor does not count)");
    CHECK(describe_end(signalled(SIGSEGV, {{kFactSignal, "11 2 0 2 8 -1 0 0"}}), limits) ==
          "the kernel crashed (SIGSEGV) in block 0, thread 2: a read or write at 0x8, a null "
          "pointer (an allocation that failed, or a pointer never set)");
    CHECK(describe_end(signalled(SIGSEGV), limits) == "the kernel crashed (SIGSEGV)");
    CHECK(describe_end(signalled(SIGSYS, {{kFactSignal,
                                           "31 2 0 0 0 " + std::to_string(SYS_socket) + " 0 0"}}),
                       limits) ==
          "the sandbox stopped the kernel: it tried to reach the network (socket) in block 0, "
          "thread 0");
    CHECK(describe_end(signalled(SIGSYS, {{kFactSignal,
                                           "31 1 0 0 0 " + std::to_string(SYS_openat) + " 0 0"}}),
                       limits) ==
          "the sandbox stopped the kernel: it tried to open a file (openat) while its file was "
          "loaded, before any kernel ran (a global constructor)");
    // clone's flags tell a thread from a process.
    const std::string clone3 = std::to_string(SYS_clone3);
    CHECK(
        describe_end(
            signalled(SIGSYS, {{kFactSignal, "31 2 0 0 0 " + clone3 + " " +
                                                 std::to_string(CLONE_THREAD | CLONE_VM) + " 0"}}),
            limits)
            .find("it tried to start a thread (clone3, as std::thread does)") != std::string::npos);
    CHECK(describe_end(
              signalled(SIGSYS, {{kFactSignal, "31 2 0 0 0 " + clone3 + " " +
                                                   std::to_string(CLONE_VFORK | CLONE_VM) + " 0"}}),
              limits)
              .find("start a process (clone3, as system() and posix_spawn do)") !=
          std::string::npos);
    CHECK(describe_end(signalled(SIGKILL), limits).find("CPU-time limit of 5 s") !=
          std::string::npos);
    ChildEnd slow = ended(0);
    slow.exited = false;
    slow.signal = SIGKILL;
    slow.stopped_waiting = true;
    slow.cpu_seconds = 0.2;
    slow.wall_seconds = 41;
    CHECK(describe_end(slow, limits) ==
          "the kernel waited more than 40 s without computing (asleep, blocked or stopped) and "
          "was stopped (it used 0 s of CPU in 41 s; time spent waiting for a processor on a busy "
          "machine does not count)");
    CHECK(describe_end(slow, limits, ChildRole::Gpu).find("never finished") != std::string::npos);
    // What a child brings is cut to one printable line.
    CHECK(describe_end(ended(1, {{kFactFailed, "a\x1b[2Jb\nPASS forged"}}), limits) == "a?[2Jb");
    CHECK(describe_end(ended(1, {{kFactThrew, std::string(5000, 'x')}}), limits).size() < 500);
}

TEST_CASE("a child's facts are read until one does not parse", "[user]") {
    const std::string good =
        encode_fact(kFactTrace, std::string("a\0b\nc", 5)) + encode_fact(kFactFailed, "why");
    const ReadFacts r = read_facts(good);
    REQUIRE(r.facts.size() == 2);
    CHECK(r.damage.empty());
    CHECK(r.facts[0].bytes == std::string("a\0b\nc", 5));
    CHECK(r.first(kFactFailed)->bytes == "why");
    CHECK(r.last(kFactSignal) == nullptr);
    for (const std::string& bad :
         {std::string("trace 99\nshort"), std::string("TRACE 1\nx"), std::string("trace x\n"),
          std::string("no header"), std::string("trace 123456789012345678901234\n")}) {
        INFO(bad);
        const ReadFacts b = read_facts(good + bad);
        CHECK(b.facts.size() == 2);  // what came before stands
        CHECK_FALSE(b.damage.empty());
    }
}

TEST_CASE("a child's report file is read fact by fact and never past its bound", "[user]") {
    const std::string path = "/tmp/ws_test_report_" + std::to_string(::getpid());
    auto write = [&](const std::string& bytes) {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        REQUIRE(f);
        std::fwrite(bytes.data(), 1, bytes.size(), f);
        std::fclose(f);
    };
    const std::string good =
        encode_fact(kFactTrace, std::string("a\0b\nc", 5)) + encode_fact(kFactFailed, "why");
    // As read_facts reads the same bytes, good or damaged.
    for (const std::string& tail :
         {std::string(), std::string("trace 99\nshort"), std::string("TRACE 1\nx"),
          std::string("trace x\n"), std::string("no header"),
          std::string("trace 123456789012345678901234\n")}) {
        INFO(tail);
        write(good + tail);
        const ReadFacts file = read_facts_file(path);
        const ReadFacts memory = read_facts(good + tail);
        REQUIRE(file.facts.size() == memory.facts.size());
        for (std::size_t i = 0; i < file.facts.size(); ++i) {
            CHECK(file.facts[i].kind == memory.facts[i].kind);
            CHECK(file.facts[i].bytes == memory.facts[i].bytes);
        }
        CHECK(file.damage.empty() == memory.damage.empty());
    }
    // A kernel that fills its descriptor: what passes the bound is not read, and says so.
    write(good + encode_fact(kFactNote, std::string(3 << 20, 'x')));
    const ReadFacts bounded = read_facts_file(path, 1 << 20);
    CHECK(bounded.facts.size() == 2);
    CHECK(bounded.damage.find("the report is larger than 1 MiB") == 0);
    // One that claims 2 GiB and stops: nothing of the sort is held.
    write(good + "note 2147483648\nxx");
    const ReadFacts claimed = read_facts_file(path);
    CHECK(claimed.facts.size() == 2);
    CHECK(claimed.damage.find("the report is larger than 1024 MiB") == 0);
    std::remove(path.c_str());
    CHECK(read_facts_file(path).facts.empty());  // no report at all
}

TEST_CASE("the compiler's endings are one line, its limits named", "[user]") {
    const Limits limits = compiler_limits();
    ChildEnd end;
    end.started = true;
    end.exited = true;
    end.code = 1;
    CHECK(describe_compile_end(end, limits, "k.cu:7:16: error: expected ';' before 'block_sync'\n",
                               "k.cu", Family::Reduce, false) ==
          "compile error at k.cu:7: expected ';' before 'block_sync'");
    CHECK(describe_compile_end(end, limits,
                               "c++: internal compiler error: CPU time limit exceeded signal "
                               "terminated program cc1plus\n",
                               "k.cu", Family::Reduce, false) ==
          "compile error: the compiler ran past its CPU-time limit of 120 s");
    end.code = 0;
    CHECK(describe_compile_end(end, limits, "", "k.cu", Family::Reduce, false).empty());
    // NVRTC's child: its code, or its log.
    CHECK(describe_compile_end(end, limits, "", "k.cu", Family::Reduce, true)
              .find("without its code") != std::string::npos);
    end.facts.facts = {{kFactCompileError, "k.cu(4): error: identifier \"y\" is undefined"}};
    CHECK(describe_compile_end(end, limits, "", "k.cu", Family::Reduce, true) ==
          "compile error at k.cu:4: identifier \"y\" is undefined");
    end.facts.facts = {{kFactCubin, "code"}, {kFactNames, "a\nb"}};
    CHECK(describe_compile_end(end, limits, "", "k.cu", Family::Reduce, true).empty());
}

TEST_CASE("file names are printed on one line", "[user]") {
    CHECK(printable_name("a\nPASS puzzle solved.cu") == "a\\nPASS puzzle solved.cu");
    CHECK(printable_name("tab\there\\\x1b") == "tab\\there\\\\\\x1b");
    CHECK(printable_name("plain name.cu") == "plain name.cu");
    CHECK(user_algo("dir/a\nb.cu") == "user:a_b.cu");
    // A line a child or a name brings: control and bidirectional-text characters made '?'.
    CHECK(printable_line("a\xe2\x80\xae"
                         "b\x1b[2Jc\rd\ne") == "a?b?[2Jc?d");
    CHECK(printable_line("x\xe2\x81\xa6y\xd8\x9cz \r") == "x?y?z");
    CHECK(printable_line("caf\xc3\xa9 \xe2\x80\xa6") ==
          "caf\xc3\xa9 \xe2\x80\xa6");  // other UTF-8 kept
}

TEST_CASE("the allow-list: each allowed call says why, every label completes the sentence",
          "[user]") {
    // Allowed: computing, its own memory, its given descriptors; nothing else.
    std::set<std::string> allowed;
    for (const AllowedCall& c : allowed_calls()) {
        INFO(c.name);
        CHECK(std::string(c.why).size() > 3);
        allowed.insert(c.name);
    }
    for (const char* needed : {"read", "write", "mmap", "munmap", "brk", "exit_group"})
        CHECK(allowed.count(needed) == 1);
    for (const char* never : {"socket",  "ioctl",       "clone",
                              "clone3",  "execve",      "open",
                              "fork",    "pidfd_open",  "pidfd_getfd",
                              "mount",   "fsopen",      "move_mount",
                              "reboot",  "sethostname", "swapoff",
                              "shmget",  "mq_open",     "keyctl",
                              "unshare", "setns",       "sched_setscheduler",
                              "ptrace",  "bpf"})
        CHECK(allowed.count(never) == 0);
    // Every known call's words complete "the sandbox stopped the kernel: it tried to ...".
    std::set<std::string> first_words;
    for (const KnownCall& c : known_forbidden_calls()) {
        const std::string words = tried_to(c.number, 0, false);
        const std::string sentence = "the sandbox stopped the kernel: it tried to " + words;
        INFO(sentence);
        CHECK(words.find(std::string("(") + c.name) != std::string::npos);
        CHECK(words.back() == ')');
        CHECK(words.find("ing ") != 0);
        CHECK(std::islower(static_cast<unsigned char>(words[0])));
        CHECK(words.find("  ") == std::string::npos);
        first_words.insert(words.substr(0, words.find(' ')));
    }
    // The verbs: a plain verb after "to", never a gerund ("it tried to writing files").
    for (const std::string& w : first_words) {
        INFO(w);
        CHECK(w.size() >= 3);
        CHECK(w.compare(w.size() - 3, 3, "ing") != 0);
    }
    CHECK(tried_to(SYS_write, 0, false) == "write to a descriptor it was not given (write)");
    CHECK(tried_to(99999, 0, false) ==
          "make a system call that computing does not need (number 99999)");
    CHECK(tried_to(11, 0, true).find("another architecture") != std::string::npos);
    CHECK(tried_to(SYS_ioctl, 0, false) == "control a terminal or a device (ioctl)");
    CHECK(tried_to(SYS_pidfd_getfd, 0, false) == "reach another process (pidfd_getfd)");
}

TEST_CASE(
    "NVRTC's translation unit: the student's lines, the headers by name, the family's "
    "parameters checked",
    "[run-kernel]") {
    const std::string tu = nvrtc_translation_unit(
        "// warpscope-kernel: scan\nint x;", "my \"k\".cu", Family::Scan, trace::DType::Float64);
    CHECK(tu.find("#include \"kernels/probe/vocabulary.cuh\"") != std::string::npos);
    CHECK(tu.find("#include \"kernels/cuda/gpu_probe.cuh\"") != std::string::npos);
    CHECK(tu.find("#line 1 \"my \\\"k\\\".cu\"\n// warpscope-kernel: scan\nint x;\n") !=
          std::string::npos);
    CHECK(tu.find("#line 1 \"" + std::string(kGenerated) + "\"") != std::string::npos);
    CHECK(tu.find("void (*)(const double*, double*, double*, unsigned, ScanKind, "
                  "ws::cuda::GpuProbe)") != std::string::npos);
    CHECK(nvrtc_kernel_name(trace::DType::Int32, false) == "kernel<int, ws::probe::NoProbe>");
    CHECK(nvrtc_kernel_name(trace::DType::Float32, true) == "kernel<float, ws::cuda::GpuProbe>");
    // No folder for NVRTC to read: only the headers handed over (issue 33).
    const auto options = nvrtc_options("sm_90");
    CHECK(std::find(options.begin(), options.end(), "-arch=sm_90") != options.end());
    for (const std::string& o : options) CHECK(o.rfind("-I", 0) != 0);
    std::string error;
    const std::vector<NvrtcHeader> handed = nvrtc_headers(WS_SOURCE_DIR, error);
    CHECK(error.empty());
    std::set<std::string> names;
    for (const NvrtcHeader& h : handed) names.insert(h.name);
    for (const char* needed : {"kernels/probe/vocabulary.cuh", "kernels/cuda/gpu_probe.cuh",
                               "kernels/trace/scan_kind.hpp", "cstddef", "type_traits",
                               "kernels/user/plain_call.hpp", "cuda_runtime.h"})
        CHECK(names.count(needed) == 1);
    for (const std::string& n : names) {
        INFO(n);
        // run-kernel's own code is not handed over; the call of a plain kernel is kernel code.
        if (n != "kernels/user/plain_call.hpp") CHECK(n.rfind("kernels/user/", 0) != 0);
        CHECK(n.rfind("cooperative_groups", 0) != 0);  // the toolkit's, not the emulator's
        CHECK(n.rfind("kernels/run/", 0) != 0);
    }
    CHECK(nvrtc_headers("/nonexistent", error).empty());
    CHECK_FALSE(error.empty());
}

TEST_CASE("the compiler's include path is built, not scanned for", "[user]") {
    const auto cmd = compile_command({"/usr/bin/g++"}, "/b/include", {"/s/c++", "/s/c"},
                                     "wrapper.cpp", "kernel.so");
    auto at = [&](const std::string& w) { return std::find(cmd.begin(), cmd.end(), w); };
    REQUIRE(at("-nostdinc") != cmd.end());
    CHECK(at("-I/b/include") != cmd.end());
    CHECK(at("-isystem/s/c++") < at("-isystem/s/c"));
    for (const std::string& w : cmd) CHECK(w.rfind("-iquote", 0) != 0);  // no student folder
    // The compiler's own list: C++ before C, as it searches them.
    const auto dirs = standard_include_dirs(find_compiler());
    REQUIRE(dirs.size() >= 2);
    CHECK(dirs.front().find("c++") != std::string::npos);
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

TEST_CASE("the build's precompiled prelude is what the kernel's compile reads", "[user]") {
    const std::string binary = WS_BINARY;
    const std::string include_dir = binary.substr(0, binary.rfind('/')) + "/include";
    const std::string pch = include_dir + "/" + kPrelude + ".gch";
    if (::access(pch.c_str(), R_OK) != 0) {
        WARN("no precompiled prelude in " << include_dir << " (not a GCC build)");
        return;
    }
    char dir[] = "/tmp/ws_pch_XXXXXX";
    REQUIRE(::mkdtemp(dir));
    const std::string wrapper = std::string(dir) + "/wrapper.cpp";
    {
        std::ofstream(wrapper) << wrapper_source(
            "// warpscope-kernel: reduce\ntemplate <class T, class Probe>\n__global__ void "
            "kernel(const T* g_in, T* g_out, unsigned n, Probe probe) {}\n",
            "k.cu");
    }
    std::vector<std::string> compiler = find_compiler();
    compiler.front() = program_path(compiler.front());
    std::string cmd;
    for (const std::string& w :
         compile_command(compiler, include_dir, standard_include_dirs(compiler), wrapper,
                         std::string(dir) + "/k.so"))
        cmd += "'" + w + "' ";
    // -H lists the headers read; "! FILE.gch" is a precompiled header used.
    const CommandResult r = run_command(cmd + "-H -Winvalid-pch");
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(r.err.find("! " + pch) != std::string::npos);
    CHECK(r.err.find("invalid") == std::string::npos);
    std::system(("rm -rf '" + std::string(dir) + "'").c_str());
}

TEST_CASE("the guide's allow-list is the filter's", "[user]") {
    std::ifstream in(std::string(WS_SOURCE_DIR) + "/docs/your-kernel.md");
    std::set<std::string> listed;
    bool table = false;
    for (std::string line; std::getline(in, line);) {
        if (line.find("| calls | why |") != std::string::npos) {
            table = true;
            continue;
        }
        if (!table) continue;
        if (line.find('|') == std::string::npos) break;
        const std::string calls = line.substr(0, line.find('|', line.find('|') + 1));
        for (std::size_t at = calls.find('`'); at != std::string::npos;
             at = calls.find('`', calls.find('`', at + 1) + 1))
            listed.insert(calls.substr(at + 1, calls.find('`', at + 1) - at - 1));
    }
    std::set<std::string> allowed;
    for (const AllowedCall& c : allowed_calls()) allowed.insert(c.name);
    CHECK(listed == allowed);
}

TEST_CASE("a header states the block sizes it is written for, and another is refused in one line",
          "[user]") {
    const KernelHeader warp =
        parse_kernel_header("// warpscope-kernel: reduce shared=none blocks=32\nrest", "k.cu");
    REQUIRE(warp.ok());
    CHECK(warp.blocks == std::vector<unsigned>{32});
    CHECK(block_refusal(warp, 32, "k.cu").empty());
    CHECK(block_refusal(warp, 128, "k.cu") ==
          "k.cu:1: written for block 32 (its header's blocks=32), not --block 128");
    const KernelHeader any = parse_kernel_header("// warpscope-kernel: reduce\nrest", "k.cu");
    CHECK(block_refusal(any, 128, "k.cu").empty());  // no blocks=: any its rule takes
    CHECK_FALSE(parse_kernel_header("// warpscope-kernel: reduce blocks=48\n", "k.cu").ok());
    CHECK(parse_kernel_header("// warpscope-kernel: reduce block=any blocks=48,96\n", "k.cu").ok());
    CHECK_FALSE(parse_kernel_header("// warpscope-kernel: reduce blocks=\n", "k.cu").ok());
    // Puzzle 6's one-warp solution says so: at --block 128 it is refused, not summed wrong.
    std::string error;
    const std::string solution = io::read_regular_file(
        std::string(WS_SOURCE_DIR) + "/assets/puzzles/06-warp-shuffle.solution.cu", 1 << 20, error);
    REQUIRE(error.empty());
    const KernelHeader six = parse_kernel_header(solution, "06.cu");
    REQUIRE(six.ok());
    CHECK_FALSE(block_refusal(six, 128, "06.cu").empty());
}
