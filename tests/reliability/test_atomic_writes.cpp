// Writes are atomic: the target is the old file, untouched, or the whole new one, whatever
// happens during the write (a full disk, an interrupt, a second writer), and no temporary is
// left behind.
#include <sys/resource.h>

#include <catch2/catch.hpp>

#include "kernels/io/atomic_file.hpp"
#include "kernels/io/interrupt_cleanup.hpp"
#include "kernels/run/emulator_backend.hpp"
#include "kernels/trace/trace_file.hpp"
#include "tests/reliability/reliability_kit.hpp"

using namespace reliability;

namespace {

// A trace of a few megabytes: every block of a 2^16-element reduction.
const ws::trace::Trace& large_trace() {
    static const ws::trace::Trace t = [] {
        ws::trace::Request r;
        r.algo = "reduce-sequential";
        r.n = std::uint64_t(1) << 16;
        r.block = 256;
        r.all_blocks = true;
        r.pattern = "random";
        return ws::run::run_on_emulator(r);
    }();
    return t;
}

}  // namespace

TEST_CASE("reliability: a file is written whole and replaces the old one", "[reliability]") {
    ScratchDir d;
    const std::string target = d / "out.txt";
    CHECK(ws::io::write_file_atomically(target, "first").empty());
    CHECK(read_bytes(target) == "first");
    ::chmod(target.c_str(), 0640);
    CHECK(ws::io::write_file_atomically(target, "second, longer").empty());
    CHECK(read_bytes(target) == "second, longer");
    struct stat st {};
    ::stat(target.c_str(), &st);
    CHECK((st.st_mode & 0777) == 0640);  // a replaced file keeps its permissions
    CHECK(d.names() == std::vector<std::string>{"out.txt"});
}

TEST_CASE("reliability: a new file is written whole and never over an existing one",
          "[reliability]") {
    ScratchDir d;
    const std::string target = d / "grades.csv";
    CHECK(ws::io::write_new_file_atomically(target, "first").empty());
    CHECK(read_bytes(target) == "first");
    const std::string refused = ws::io::write_new_file_atomically(target, "second");
    CHECK(refused.find("cannot write " + target + ": File exists") != std::string::npos);
    CHECK(read_bytes(target) == "first");
    CHECK(d.names() == std::vector<std::string>{"grades.csv"});  // no temporary left
}

TEST_CASE("reliability: an output that cannot be written is said before any work",
          "[reliability]") {
    ScratchDir d;
    ::mkfifo((d / "fifo").c_str(), 0644);
    CHECK(ws::io::check_output_path(d / "no-such-folder/out.wstrace").find("does not exist") !=
          std::string::npos);
    CHECK(ws::io::check_output_path(d / "fifo").find("a FIFO, not a regular file") !=
          std::string::npos);
    CHECK(ws::io::check_output_path(d.path).find("a folder, not a regular file") !=
          std::string::npos);
    CHECK(ws::io::check_output_path("/dev/null/x").find("is not a folder") != std::string::npos);
    CHECK(ws::io::check_output_path(d / "fine.wstrace").empty());
    // A FIFO as the target is refused, not opened (which would block) nor replaced.
    const Ended e =
        in_child([&] { return ws::trace::save_trace(large_trace(), d / "fifo").empty(); }, 10);
    CHECK_FALSE(e.timed_out);
    CHECK(e.exit_code == 0);
    struct stat st {};
    ::stat((d / "fifo").c_str(), &st);
    CHECK(S_ISFIFO(st.st_mode));
}

TEST_CASE("reliability: a full disk leaves the old trace as it was", "[reliability]") {
    ScratchDir d;
    const std::string target = d / "kept.wstrace";
    ws::trace::Trace small = large_trace();
    small.blocks.resize(1);
    REQUIRE(ws::trace::save_trace(small, target).empty());
    const std::string before = read_bytes(target);
    REQUIRE(ws::trace::encode_trace(large_trace()).size() > 2 * (1 << 20));
    // A child whose files may not grow past 1 MB: the disk is "full" in the middle of the write.
    const Ended e = in_child([&] {
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{1 << 20, 1 << 20};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const std::string error = ws::trace::save_trace(large_trace(), target);
        return error.find("cannot write " + target + ": File too large") == 0 ? 0 : 1;
    });
    CHECK(e.exit_code == 0);
    CHECK(read_bytes(target) == before);
    CHECK(d.temporaries().empty());
}

TEST_CASE("reliability: an interrupt during a write removes the temporary", "[reliability]") {
    for (int sig : {SIGINT, SIGTERM}) {
        ScratchDir d;
        const std::string target = d / "kept.wstrace";
        write_bytes(target, "the old file");
        const Ended e = in_child([&] {
            ws::io::install_interrupt_cleanup();
            ws::io::AtomicFile f(target);
            f.write(std::string(1 << 20, 'x'));
            ::raise(sig);  // as if Ctrl+C came in the middle of the write
            f.write("never");
            f.commit();
            return 3;
        });
        CHECK(e.signal == sig);  // ended as the signal ends a program, after cleaning up
        CHECK(read_bytes(target) == "the old file");
        CHECK(d.temporaries().empty());
    }
}

TEST_CASE("reliability: two writers of one file leave one whole trace",
          "[reliability][unsanitized]") {
    ScratchDir d;
    const std::string target = d / "shared.wstrace";
    ws::trace::Trace other = large_trace();
    other.request.seed = 99;
    other.blocks.resize(other.blocks.size() / 2);
    const std::string a = ws::trace::encode_trace(large_trace()),
                      b = ws::trace::encode_trace(other);
    for (int trial = 0; trial < 20; ++trial) {
        const pid_t first = ::fork();
        if (first == 0) ::_exit(ws::trace::save_trace(large_trace(), target).empty() ? 0 : 1);
        const pid_t second = ::fork();
        if (second == 0) ::_exit(ws::trace::save_trace(other, target).empty() ? 0 : 1);
        CHECK(wait_for(first, 30).exit_code == 0);
        CHECK(wait_for(second, 30).exit_code == 0);
        const std::string now = read_bytes(target);
        CHECK((now == a || now == b));
        CHECK(ws::trace::load_trace(target).ok);
        CHECK(d.temporaries().empty());
    }
}
