// The command line's contract, as a script sees it: exit 0 only when the whole output reached
// its reader; 2 for bad input, said before any work (a request too large for the memory, an
// output folder that is not there, options that cannot go together); 1 when the work or its
// output failed; one line on stderr for each failure; outputs atomic under interrupts and
// concurrent writers.
#include <catch2/catch.hpp>

#include "kernels/trace/trace_file.hpp"
#include "tests/reliability/reliability_kit.hpp"

using namespace reliability;

namespace {

const Streams kCaptureErr{"/dev/null", "capture"};

std::vector<std::string> trace_args(const std::string& out, const std::string& n,
                                    const std::string& seed = "1") {
    return {"trace",    "--algo", "reduce-sequential", "--n",    n,        "--block", "256",
            "--blocks", "all",    "--pattern",         "random", "--seed", seed,      "-o",
            out};
}

}  // namespace

TEST_CASE("reliability: output that does not reach its reader fails the command",
          "[reliability][cli]") {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"list", "--json"},
             {"stats", "--algo", "reduce-sequential", "--n", "1000"},
             {"verify", "--algo", "reduce-sequential", "--quick"}}) {
        for (const std::string& out : {std::string("/dev/full"), std::string("-closed-")}) {
            const Finished f = run_warpscope_to(args, {out, "capture"});
            INFO(args[0] << " > " << out << ": " << f.err);
            CHECK(f.ended.exit_code == 1);
            CHECK(f.err.find("warpscope: cannot write the output") != std::string::npos);
        }
        CHECK(run_warpscope_to(args, {"/dev/null", "/dev/null"}).ended.exit_code == 0);
    }
}

TEST_CASE("reliability: bad input is exit 2 and one line naming what was wrong",
          "[reliability][cli]") {
    ScratchDir d;
    struct Case {
        std::vector<std::string> args;
        std::string says;
    };
    const std::string trace = d / "t.wstrace";
    REQUIRE(run_warpscope_to(trace_args(trace, "1000"), {}).ended.exit_code == 0);
    const std::string fifo = d / "fifo";
    ::mkfifo(fifo.c_str(), 0644);
    for (const Case& c : std::vector<Case>{
             {{"-x"}, "-x: not an option"},
             {{"stats", "--trace", trace, "--n", "abc", "--block", "7"}, "leave out --n"},
             {{"stats", "--trace", trace, "--backend", "cpu"}, "leave out --backend"},
             {{"stats", "--trace", trace, "--schedule", "sequential"}, "leave out --schedule"},
             {{"stats", "--trace", trace, "--kind", "exclusive"}, "leave out --kind"},
             {{"stats", "--trace", fifo}, "a FIFO, not a regular file"},
             {{"stats", "--trace", "/dev/zero"}, "a character device, not a regular file"},
             {trace_args(fifo, "1000"), "a FIFO, not a regular file"},
             {trace_args(d / "no-such-folder/t.wstrace", "1000"), "does not exist"},
             {trace_args(d.path, "1000"), "a folder, not a regular file"},
             {{"bench", "--sizes", "1..9999999999999999999"}, "at most 2^30 elements"},
             {{"bench", "--sizes", "2^10..2^28", "--json", d / "none/b.json"}, "does not exist"},
             {{"trace", "--algo", "reduce-sequential", "--n", "1000", "--max-memory", "lots", "-o",
               trace},
              "--max-memory lots: not a size"},
         }) {
        const Finished f = run_warpscope_to(c.args, kCaptureErr, 15);
        INFO(c.args[0] << " " << (c.args.size() > 1 ? c.args[1] : "") << ": " << f.err);
        CHECK_FALSE(f.ended.timed_out);
        // bench without a GPU also exits 2; the line must still be the sizes' (checked first)
        CHECK(f.ended.exit_code == 2);
        CHECK(f.err.find(c.says) != std::string::npos);
        CHECK(lines_in(f.err) == 1);
    }
    // The largest 64-bit seed is a seed.
    const Finished seed = run_warpscope_to(
        trace_args(d / "seed.wstrace", "1000", "18446744073709551615"), kCaptureErr);
    CHECK(seed.ended.exit_code == 0);
    CHECK(ws::trace::load_trace(d / "seed.wstrace").trace.request.seed == UINT64_MAX);
}

TEST_CASE("reliability: a request too large for the memory is refused before it runs",
          "[reliability][cli][slow][unsanitized]") {
    ScratchDir d;
    const std::string out = d / "big.wstrace";
    write_bytes(out, "the old file");
    std::vector<std::string> args = {
        "trace", "--algo", "reduce-sequential", "--n", "2^20", "--block", "1024", "--blocks", "all",
        "-o",    out,      "--max-memory",      "50M"};
    const auto start = std::chrono::steady_clock::now();
    const Finished f = run_warpscope_to(args, kCaptureErr, 30);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(f.ended.exit_code == 2);
    CHECK(f.err.find("--blocks all needs about") != std::string::npos);
    CHECK(f.err.find("recorded blocks of") != std::string::npos);
    CHECK(f.err.find("more than the 50.0 MB --max-memory allows") != std::string::npos);
    CHECK(lines_in(f.err) == 1);
    CHECK(read_bytes(out) == "the old file");
    // Running it takes the emulator seconds; the refusal costs one block's work.
    CHECK(seconds < 2.0);
    // Under the limit, the same request runs.
    args.back() = "2G";
    CHECK(run_warpscope_to(args, kCaptureErr, 120).ended.exit_code == 0);
    CHECK(ws::trace::load_trace(out).ok);
}

TEST_CASE("reliability: an interrupted trace -o leaves the old file or the new, nothing else",
          "[reliability][cli][slow][unsanitized]") {
    ScratchDir d;
    const std::string out = d / "run.wstrace";
    REQUIRE(run_warpscope_to(trace_args(out, "1000"), {}).ended.exit_code == 0);
    std::string before;  // the file as the trial found it (a finished trial replaces it)
    const auto writing_began = [&] {
        struct stat st {};
        return !d.temporaries().empty() || ::stat(out.c_str(), &st) != 0 ||
               std::uint64_t(st.st_size) != before.size();
    };
    int interrupted = 0;
    for (int trial = 0; trial < 12; ++trial) {
        before = read_bytes(out);
        const pid_t pid = start_warpscope(trace_args(out, "2^18", std::to_string(trial + 2)));
        if (trial % 2 == 0) {
            // The moment the output starts to be written: a temporary appears (or, written in
            // place, the old file changes size).
            const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
            while (!writing_began() && std::chrono::steady_clock::now() < give_up) {
            }
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(60 * trial));  // mid-run
        }
        ::kill(pid, trial % 4 < 2 ? SIGINT : SIGTERM);
        const Ended e = wait_for(pid, 60);
        interrupted += e.signal != 0;
        const ws::trace::LoadResult r = ws::trace::load_trace(out);
        INFO("trial " << trial << ": " << r.error);
        CHECK(r.ok);
        CHECK((read_bytes(out) == before || r.trace.request.seed == unsigned(trial + 2)));
        CHECK(d.temporaries().empty());
    }
    CHECK(interrupted > 0);
}

TEST_CASE("reliability: two trace -o to one file leave one whole trace",
          "[reliability][cli][unsanitized]") {
    ScratchDir d;
    const std::string out = d / "both.wstrace";
    for (int trial = 0; trial < 10; ++trial) {
        // The same work, so that the two finish, and write, at about the same time.
        const pid_t a = start_warpscope(trace_args(out, "2^16", "11"));
        const pid_t b = start_warpscope(trace_args(out, "2^16", "12"));
        CHECK(wait_for(a, 60).exit_code == 0);
        CHECK(wait_for(b, 60).exit_code == 0);
        const ws::trace::LoadResult r = ws::trace::load_trace(out);
        INFO("trial " << trial << ": " << r.error);
        CHECK(r.ok);
        CHECK((r.trace.request.seed == 11 || r.trace.request.seed == 12));
        CHECK(d.temporaries().empty());
    }
}
