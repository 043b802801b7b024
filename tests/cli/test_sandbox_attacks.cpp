// run-kernel's sandbox attacked as a hostile student would (issue 33): a kernel for each class of
// attack, run in both sandbox modes (bubblewrap where it works, limits), as this user and, run as
// root, as an unprivileged one. Each must be stopped with a line naming what it tried, learn
// nothing (a kernel that learnt something spoils its sum), and leave nothing behind: no work
// folder or temporary, no IPC object, no process, no file. The attacks are harmless even where a
// sandbox let them through (a reboot with the wrong magic, a host name too long to set).
#include <fcntl.h>
#include <linux/reboot.h>
#include <mqueue.h>
#include <sys/ioctl.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <termios.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <set>

#include "tests/cli/sandbox_attack_kit.hpp"
#include "tests/test_paths.hpp"

using namespace attack;

namespace {

std::string n(long number) {
    return std::to_string(number);
}

struct Attack {
    std::string name;
    std::string code;  // runs in block 0, thread 0
    std::string says;  // in the last line of stderr; "" for an attack that must find nothing
    std::string top = "";
};

// The run-time attacks: the line each must end with.
std::vector<Attack> runtime_attacks(const std::string& marker) {
    std::vector<Attack> a = {
        // The teacher's terminal.
        {"the terminal through /dev/tty",
         "int fd = ws_open(\"/dev/tty\", 2); if (fd >= 0) { char c = 'x'; ws_raw(" + n(SYS_ioctl) +
             ", fd, " + n(TIOCSTI) + ", (long)&c); ws_poison = 1; }",
         "it tried to open a file (openat)"},
        {"TIOCSTI on its standard input",
         "char c = 'x'; ws_raw(" + n(SYS_ioctl) + ", 0, " + n(TIOCSTI) + ", (long)&c);",
         "it tried to control a terminal or a device (ioctl)"},
        // The parent and other processes.
        {"the parent's descriptors (pidfd_open)", "ws_raw(" + n(SYS_pidfd_open) + ", 1, 0);",
         "it tried to reach another process (pidfd_open)"},
        {"the parent's descriptors (pidfd_getfd)", "ws_raw(" + n(SYS_pidfd_getfd) + ", 0, 1, 0);",
         "it tried to reach another process (pidfd_getfd)"},
        {"its parent's pid", "ws_raw(" + n(SYS_getppid) + ");",
         "it tried to reach another process (getppid)"},
        {"ptrace", "ws_raw(" + n(SYS_ptrace) + ", 0, 0, 0, 0);",
         "it tried to reach another process (ptrace)"},
        {"a signal to another process", "ws_raw(" + n(SYS_kill) + ", " + n(::getpid()) + ", 0);",
         "it tried to send a signal other than one that ends itself (kill)"},
        // Files.
        {"reading /etc/passwd", "if (ws_open(\"/etc/passwd\", 0) >= 0) ws_poison = 1;",
         "it tried to open a file (openat)"},
        {"openat2 by number", "ws_raw(" + n(SYS_openat2) + ", -100, (long)\"/etc/passwd\", 0, 0);",
         "it tried to open a file (openat2)"},
        {"writing a file", "ws_open(\"" + marker + "\", 0101, 0644);",
         "it tried to open a file (openat)"},
        {"removing a file", "ws_raw(" + n(SYS_unlinkat) + ", -100, (long)\"" + marker + "\", 0);",
         "it tried to change files or folders (unlinkat)"},
        {"a path's metadata",
         "char st[256]; ws_raw(" + n(SYS_newfstatat) + ", -100, (long)\"/etc/shadow\", (long)st, " +
             n(AT_EMPTY_PATH) + ");",
         "it tried to look at the file system (newfstatat)"},
        {"a folder's names", "char b[512]; ws_raw(" + n(SYS_getdents64) + ", 4, (long)b, 512);",
         "it tried to look at the file system (getdents64)"},
        {"a copied descriptor", "ws_raw(" + n(SYS_dup) + ", 4);",
         "it tried to make or copy a file descriptor (dup)"},
        {"a write to a descriptor not given", "ws_raw(" + n(SYS_write) + ", 0, (long)\"x\", 1);",
         "it tried to write to a descriptor it was not given (write)"},
        // Mount-class and namespace calls.
        {"fsopen", "ws_raw(" + n(SYS_fsopen) + ", (long)\"tmpfs\", 0);",
         "it tried to mount or change a file system (fsopen)"},
        {"move_mount", "ws_raw(" + n(SYS_move_mount) + ", -1, (long)\"\", -1, (long)\"\", 0);",
         "it tried to mount or change a file system (move_mount)"},
        {"mount",
         "ws_raw(" + n(SYS_mount) +
             ", (long)\"none\", (long)\"/nonexistent\", (long)\"ws-none\", 0, 0);",
         "it tried to mount or change a file system (mount)"},
        {"chroot", "ws_raw(" + n(SYS_chroot) + ", (long)\"/nonexistent\");",
         "it tried to mount or change a file system (chroot)"},
        {"unshare", "ws_raw(" + n(SYS_unshare) + ", 0);",
         "it tried to enter or make a namespace (unshare)"},
        // Reboot-class calls, with arguments the kernel refuses anyway.
        {"reboot", "ws_raw(" + n(SYS_reboot) + ", 0, 0, 0, 0);",
         "it tried to administer the machine (reboot, host name, swap, clock, kernel modules) "
         "(reboot)"},
        {"sethostname", "ws_raw(" + n(SYS_sethostname) + ", (long)\"x\", 65);", "(sethostname)"},
        {"swapoff", "ws_raw(" + n(SYS_swapoff) + ", (long)\"/nonexistent\");", "(swapoff)"},
        {"real-time scheduling",
         "int p[1] = {100}; ws_raw(" + n(SYS_sched_setscheduler) + ", 0, 1, (long)p);",
         "it tried to change how it is scheduled (sched_setscheduler)"},
        // IPC that would outlive the child.
        {"System V shared memory", "ws_raw(" + n(SYS_shmget) + ", 0, 4099, 01641);",
         "it tried to make an object other processes can share (shared memory, a message "
         "queue, a semaphore) (shmget)"},
        {"a System V message queue", "ws_raw(" + n(SYS_msgget) + ", 0, 01641);", "(msgget)"},
        {"a semaphore", "ws_raw(" + n(SYS_semget) + ", 0, 7, 01641);", "(semget)"},
        {"a POSIX message queue",
         "ws_raw(" + n(SYS_mq_open) + ", (long)\"ws-attack\", " + n(O_CREAT | O_RDWR) +
             ", 0600, 0);",
         "(mq_open)"},
        {"a key",
         "ws_raw(" + n(SYS_add_key) + ", (long)\"user\", (long)\"ws-attack\", (long)\"x\", 1, -3);",
         "it tried to use the kernel's key store (add_key)"},
        // Processes, threads, programs.
        {"fork", "if (ws_fork() == 0) ws_exit(0);",
         "it tried to start a process (clone, as fork does)"},
        {"system()", "ws_system(\"touch " + marker + "\");",
         "it tried to start a process (clone3, as system() and posix_spawn do)"},
        {"exec", "char* none[] = {nullptr}; ws_execve(\"/bin/true\", none, none);",
         "it tried to run another program (execve)"},
        {"a thread", "std::thread th([] {}); th.join();",
         "it tried to start a thread (clone3, as std::thread does)", "#include <thread>\n"},
        // Pointers made up for the sandbox's own handler to read (it crashed on them).
        {"clone3 with a made-up pointer", "ws_raw(" + n(SYS_clone3) + ", 0x1000, 88);", "(clone3"},
        {"openat with a made-up path", "ws_raw(" + n(SYS_openat) + ", -100, 0x1000, 0);",
         "it tried to open a file (openat)"},
        {"rt_sigprocmask with made-up sets",
         "if (ws_raw(" + n(SYS_rt_sigprocmask) +
             ", 0, 0x1000, 0, 8) != -14) ws_poison = 1; "
             "if (ws_raw(" +
             n(SYS_rt_sigprocmask) + ", 0, 0, 0x1000, 8) != -14) ws_poison = 1;",
         ""},
        {"a signal stack at a made-up address, then a forbidden call",
         "long ss[3] = {0x1000, 0, 65536}; if (ws_raw(" + n(SYS_sigaltstack) +
             ", (long)ss, 0) != -1) ws_poison = 1; ws_raw(" + n(SYS_socket) + ", 2, 1, 0);",
         "it tried to reach the network (socket) in block 0, thread 0"},
        {"a forbidden call from a destructor", "",
         "it tried to reach the network (socket) after the run (a global destructor)",
         "extern \"C\" long ws_syscall2(long, ...) __asm__(\"syscall\");\n"
         "__attribute__((destructor)) static void ws_late() { ws_syscall2(" +
             n(SYS_socket) + ", 2, 1, 0); }\n"},
        // The network.
        {"a socket", "ws_raw(" + n(SYS_socket) + ", 2, 1, 0);",
         "it tried to reach the network (socket)"},
        // Waiting and the kernel's own machinery.
        {"a sleep", "long ts[2] = {100, 0}; ws_raw(" + n(SYS_nanosleep) + ", (long)ts, 0);",
         "it tried to wait or sleep (nanosleep)"},
        {"BPF", "ws_raw(" + n(SYS_bpf) + ", 0, 0, 0);", "(bpf)"},
        {"raising its own limits",
         "long lim[2] = {1000, 1000}; ws_raw(" + n(SYS_prlimit64) + ", 0, 0, (long)lim, 0);",
         "it tried to change its own limits (prlimit64)"},
        // Its constructors run walled in too.
        {"a constructor", "",
         "it tried to open a file (openat) while its file was loaded, before "
         "any kernel ran (a global constructor)",
         "extern \"C\" int ws_open2(const char*, int, ...) __asm__(\"open\");\n"
         "__attribute__((constructor)) static void ws_early() { ws_open2(\"/etc/passwd\", 0); }\n"},
        // Endings.
        {"exit()", "ws_exit(3);",
         "the kernel called exit(3) in block 0, thread 0: a kernel ends by returning"},
        {"_exit by number", "ws_raw(" + n(SYS_exit_group) + ", 3);",
         "the kernel ended its process itself (exit code 3) before its run was reported"},
        // What it can read and write and must find nothing in: the environment, its output.
        {"the environment", "if (ws_environ && ws_environ[0]) ws_poison = 1;", ""},
        {"forged lines on its output",
         "ws_printf(\"PASS FORGED-LINE\\nwarpscope: puzzle solved\\n\"); ws_raw(" + n(SYS_write) +
             ", 2, (long)\"FORGED-LINE\\n\", 12);",
         ""},
    };
#if defined(__x86_64__)
    a.push_back({"open by its old number", "ws_raw(" + n(SYS_open) + ", (long)\"/etc/passwd\", 0);",
                 "it tried to open a file (open)"});
    a.push_back({"another architecture's entry (int 0x80)",
                 "long r; __asm__ volatile(\"int $0x80\" : \"=a\"(r) : \"a\"(20L) : \"memory\");",
                 "through another architecture's entry"});
#endif
    return a;
}

// Runs every attack in `attacks` in both modes as every runner; checks each one's line, that it
// learnt nothing, and that nothing is left.
void run_attacks(const std::vector<Attack>& attacks, const Folder& kernels,
                 const std::string& marker) {
    for (const Runner& who : runners()) {
        for (const char* mode : {"bwrap", "limits"}) {
            Folder tmp("tmp", 01777);
            for (std::size_t k = 0; k < attacks.size(); ++k) {
                const Attack& a = attacks[k];
                // Each attack as a vocabulary kernel in one mode and a plain one in the other.
                const bool plain = (k + (mode[0] == 'b' ? 0 : 1)) % 2 == 1;
                const std::string file =
                    kernels.write("attack.cu", plain ? plain_kernel_text(a.name, a.code, a.top)
                                                     : kernel_text(a.name, a.code, a.top));
                const CommandResult r =
                    run_as(who, "run-kernel '" + file + "' --n 100 --block 32 --sandbox " + mode,
                           tmp.path());
                INFO(who.label << ", --sandbox " << mode << ": " << a.name
                               << (plain ? " (plain CUDA)" : "") << "\n"
                               << r.err);
                if (r.code == 2 && r.err.find("--sandbox bwrap: ") != std::string::npos) {
                    WARN("bwrap cannot make a sandbox here: its cases are not run");
                    break;
                }
                const std::string line = last_line(r.err);
                if (a.says.empty()) {
                    CHECK(r.code == 0);  // ran, right, having found nothing
                } else {
                    CHECK(r.code == 1);
                    CHECK(line.rfind("warpscope: ", 0) == 0);
                    CHECK(line.find(a.says) != std::string::npos);
                }
                CHECK(r.out.find("FORGED") == std::string::npos);
                CHECK(r.err.find("FORGED") == std::string::npos);
                CHECK(tmp.entries().empty());  // no work folder, no compiler temporary
                CHECK(::access(marker.c_str(), F_OK) != 0);
            }
        }
    }
    CHECK(attack_ipc_objects().empty());
    // ... and the check sees such an object when there is one.
    const int made = ::shmget(IPC_PRIVATE, 4099, IPC_CREAT | 0641);
    REQUIRE(made >= 0);
    CHECK_FALSE(attack_ipc_objects().empty());
    ::shmctl(made, IPC_RMID, nullptr);
    CHECK(::mq_unlink("/ws-attack") != 0);  // no queue was left
    CHECK(processes_with(kernels.path()).empty());
}

// The run-time attacks in four parts, so that ctest spreads them over its jobs.
void run_part(unsigned part) {
    Folder kernels("kernels");
    const std::string marker = kernels.path() + "/escaped";
    const std::vector<Attack> all = runtime_attacks(marker);
    std::vector<Attack> mine;
    for (std::size_t i = part; i < all.size(); i += 4) mine.push_back(all[i]);
    run_attacks(mine, kernels, marker);
}

}  // namespace

TEST_CASE("the sandbox stops every attack, in both modes, as root and not (part 1 of 4)",
          "[cli][run-kernel][sandbox][slow]") {
    run_part(0);
}

TEST_CASE("the sandbox stops every attack, in both modes, as root and not (part 2 of 4)",
          "[cli][run-kernel][sandbox][slow]") {
    run_part(1);
}

TEST_CASE("the sandbox stops every attack, in both modes, as root and not (part 3 of 4)",
          "[cli][run-kernel][sandbox][slow]") {
    run_part(2);
}

TEST_CASE("the sandbox stops every attack, in both modes, as root and not (part 4 of 4)",
          "[cli][run-kernel][sandbox][slow]") {
    run_part(3);
}

TEST_CASE("a kernel cannot compile in a file it was not given: the compiler sees no secret",
          "[cli][run-kernel][sandbox]") {
    Folder kernels("kernels");
    Folder secrets("secrets", 0755);
    const std::string secret =
        secrets.write("token.txt", "WS-SECRET-TOKEN-4711 = 1;\n", 0644);  // readable by anyone
    std::vector<std::pair<std::string, std::string>> includes = {
        {"#include of a readable file", "#include \"" + secret + "\"\n"},
        {".incbin of a readable file",
         "__asm__(\".section .rodata\\n.incbin \\\"" + secret + "\\\"\\n.previous\");\n"},
        {"#include of the parent's environment",
         "#include \"/proc/" + n(::getpid()) + "/environ\"\n"},
        {"#include of a header beside the kernel", "#include \"secrets.h\"\n"},
    };
    std::string shadow;
    if (running_as_root()) {
        std::ifstream in("/etc/shadow");
        std::getline(in, shadow);
        includes.push_back({"#include of /etc/shadow", "#include \"/etc/shadow\"\n"});
    }
    kernels.write("secrets.h", "WS-SECRET-TOKEN-4711\n");
    ::setenv("WS_SECRET_ENV", "WS-SECRET-TOKEN-4711", 1);
    for (const Runner& who : runners()) {
        for (const char* mode : {"bwrap", "limits"}) {
            Folder tmp("tmp", 01777);
            for (const auto& [name, top] : includes) {
                // The plain path's compiler (clang++) is walled in as the vocabulary's is.
                const bool plain = mode[0] == 'l';
                const std::string file =
                    kernels.write("attack.cu", plain ? plain_kernel_text(name, "", top)
                                                     : kernel_text(name, "", top));
                const CommandResult r =
                    run_as(who, "run-kernel '" + file + "' --n 100 --block 32 --sandbox " + mode,
                           tmp.path());
                INFO(who.label << ", --sandbox " << mode << ": " << name << "\n" << r.err);
                if (r.code == 2) break;  // no bwrap here (the other test says so)
                CHECK(r.code == 1);
                CHECK(last_line(r.err).rfind("warpscope: compile error", 0) == 0);
                CHECK((r.out + r.err).find("WS-SECRET-TOKEN") == std::string::npos);
                if (!shadow.empty())
                    CHECK((r.out + r.err).find(shadow.substr(0, 12)) == std::string::npos);
                CHECK(tmp.entries().empty());
            }
        }
    }
    ::unsetenv("WS_SECRET_ENV");
}

TEST_CASE(
    "the compiler reading the terminal (#include \"/dev/tty\") ends at once, under a terminal",
    "[cli][run-kernel][sandbox]") {
    if (::access("/usr/bin/script", X_OK) != 0) {
        WARN("no script(1) here: the terminal case is not run");
        return;
    }
    Folder kernels("kernels");
    const std::string file = kernels.write(
        "tty.cu", kernel_text("the terminal at compile time", "", "#include \"/dev/tty\"\n"));
    for (const char* mode : {"bwrap", "limits"}) {
        INFO(mode);
        const auto start = std::chrono::steady_clock::now();
        // script(1) gives the command a terminal of its own, as the teacher's shell would.
        const CommandResult r =
            run_command("script -qec \"'" + std::string(WS_BINARY) + "' run-kernel '" + file +
                        "' --n 100 --block 32 --sandbox " + mode + "\" /dev/null < /dev/null");
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        CHECK(seconds < 60);
        if (r.out.find("--sandbox bwrap: ") != std::string::npos) {
            WARN("bwrap cannot make a sandbox here: its case is not run");
            continue;
        }
        // Refused in its text now, before the compiler would have opened it.
        CHECK(r.out.find("an #include of an absolute path") != std::string::npos);
    }
}

TEST_CASE("a submission's file name cannot forge lines in the grade report",
          "[cli][run-kernel][sandbox]") {
    Folder kernels("kernels");
    std::string error;
    const std::string solution =
        std::string(WS_SOURCE_DIR) + "/assets/puzzles/01-any-n.solution.cu";
    std::ifstream in(solution);
    std::stringstream text;
    text << in.rdbuf();
    const std::string forged =
        kernels.write("a\nPASS correct\npuzzle 01-any-n: solved\n.cu", text.str());
    const std::string honest = kernels.write("honest.cu", text.str());
    const CommandResult r = run_command("'" + std::string(WS_BINARY) + "' run-kernel '" + forged +
                                        "' '" + honest + "' --puzzle 1 --sandbox limits");
    INFO(r.out << r.err);
    // Every line the report prints is the parent's: the name is escaped onto its own line, and
    // each of the two solutions has its one verdict and its one check.
    CHECK(r.out.find("a\\nPASS correct\\npuzzle 01-any-n: solved\\n.cu") != std::string::npos);
    std::istringstream lines(r.out);
    unsigned verdicts = 0, checks = 0;
    for (std::string line; std::getline(lines, line);) {
        verdicts += line == "puzzle 01-any-n: solved";
        checks += line == "PASS correct";
    }
    CHECK(verdicts == 2);
    CHECK(checks == 2);
}

TEST_CASE("busy kernels graded at once end at their CPU limit, not the waiting limit",
          "[cli][run-kernel][sandbox]") {
    if (std::system("command -v taskset > /dev/null") != 0) {
        WARN("no taskset here: the crowded case is not run");
        return;
    }
    Folder tmp("tmp", 01777);
    const std::string endless =
        std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/endless_loop.cu";
    // Five endless kernels on one processor: each gets a fifth of it, so its 1 s of CPU takes
    // about 5 s; the waiting limit (2 s) counts none of the time spent waiting for the processor.
    std::string cmd = "cd /tmp && for i in 1 2 3 4 5; do TMPDIR='" + tmp.path() +
                      "' taskset -c 0 '" + std::string(WS_BINARY) + "' run-kernel '" + endless +
                      "' --n 100 --block 32 --cpu-limit 1 --wait-limit 2 --sandbox limits 2>&1 "
                      "| tail -n 1 & done; wait";
    const CommandResult r = run_command(cmd);
    INFO(r.out << r.err);
    std::istringstream lines(r.out);
    unsigned cpu = 0;
    for (std::string line; std::getline(lines, line);) {
        CHECK(line.find("waited") == std::string::npos);
        cpu += line.find("ran past its CPU-time limit of 1 s") != std::string::npos;
    }
    CHECK(cpu == 5);
    CHECK(tmp.entries().empty());
}

TEST_CASE("a request larger than the child's memory is refused before it runs",
          "[cli][run-kernel][sandbox]") {
    const auto start = std::chrono::steady_clock::now();
    const CommandResult r = run_warpscope(
        "run-kernel " + std::string(WS_SOURCE_DIR) +
        "/tests/data/user_kernels/reduce_sequential.cu --n 2^26 --blocks all --sandbox limits");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(r.err);
    CHECK(r.code == 1);
    CHECK(last_line(r.err).find("needs about") != std::string::npos);
    CHECK(last_line(r.err).find("4 GiB address-space limit") != std::string::npos);
    CHECK(seconds < 20);
}

TEST_CASE("an interrupted run leaves no work folder and no child", "[cli][run-kernel][sandbox]") {
    // SIGTERM: a shell's background job ignores SIGINT, and warpscope leaves an ignored signal
    // ignored; the same handler ends both.
    Folder tmp("tmp", 01777);
    // Its own copy of the endless kernel, under a name no other test uses: tests run side by side
    // and the busy-kernels test runs the shared one at the same time.
    Folder kernel("interrupted", 0755);
    std::ifstream shared(std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/endless_loop.cu");
    const std::string endless = kernel.write(
        "endless_interrupted.cu",
        std::string(std::istreambuf_iterator<char>(shared), std::istreambuf_iterator<char>()));
    for (const char* when : {"0.3", "2.5"}) {  // while compiling, while running
        INFO(when);
        const CommandResult r =
            run_command("cd /tmp && TMPDIR='" + tmp.path() + "' '" + std::string(WS_BINARY) +
                        "' run-kernel '" + endless +
                        "' --n 100 --block 32 --cpu-limit 30 --sandbox limits & "
                        "sleep " +
                        when + "; kill -TERM $!; wait $!; sleep 0.5");
        std::string left;
        for (const std::string& e : tmp.entries()) left += e + " ";
        for (const std::string& p : processes_with(endless)) left += "[" + p + "] ";
        INFO("left behind: " << left);
        CHECK(tmp.entries().empty());
        CHECK(processes_with(endless).empty());
    }
}
