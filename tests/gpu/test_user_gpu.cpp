// [gpu] tests of a student's kernel on the GPU (issue 19: run-kernel --backend cuda): NVRTC
// compiles it, the catalog's plans run it, record it and check it, and its trace equals the
// emulator's; every puzzle is graded on the GPU (puzzle 11, the bandwidth one, only there); a
// kernel that faults, never ends or does not compile ends in one line and the next run works.
// Run through the binary, as a teacher's script would.
#if defined(WS_HAVE_CUDA)
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "kernels/run/request_parse.hpp"
#include "kernels/user/puzzle.hpp"
#include "kernels/user/toolchain.hpp"
#include "kernels/user/user_run.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

using namespace ws::user;
using nlohmann::json;

namespace {

std::string user_kernel(const std::string& name) {
    return std::string(WS_SOURCE_DIR) + "/tests/data/user_kernels/" + name;
}

std::vector<Puzzle> all_puzzles() {
    std::vector<Puzzle> puzzles;
    for (const std::string& f : puzzle_files(WS_SOURCE_DIR)) {
        const PuzzleParse p = load_puzzle(f);
        REQUIRE(p.ok());
        puzzles.push_back(p.puzzle);
    }
    return puzzles;
}

// The last line of stderr that is not the sandbox's warning.
std::string last_error(const CommandResult& r) {
    std::string last;
    std::istringstream lines(r.err);
    for (std::string line; std::getline(lines, line);)
        if (line.find("bubblewrap") == std::string::npos && !line.empty()) last = line;
    return last;
}

}  // namespace

TEST_CASE("every puzzle's reference solution runs on the GPU and its trace equals the emulator's",
          "[gpu][user]") {
    unsigned runs = 0;
    for (const Puzzle& p : all_puzzles()) {
        // The puzzle's own requests, and odd sizes in every type on random data, with the
        // first request's block and kind.
        std::vector<std::string> requests = p.requests;
        ws::run::RequestText base;
        std::string error;
        REQUIRE(ws::run::request_text_from_flags(p.requests.front(), base, error));
        const char* extras[][3] = {
            {"4099", "float", "5"}, {"1000003", "double", "6"}, {"777", "int", "7"}};
        for (const auto& e : extras)
            requests.push_back(std::string("--n ") + e[0] + " --type " + e[1] + " --seed " + e[2] +
                               " --pattern random --block " + base.block + " --kind " + base.kind);
        for (const std::string& request : requests) {
            INFO(p.name << ": " << request);
            const auto r = run_warpscope("run-kernel " + p.solution + " " + request +
                                         " --backend cuda --json");
            INFO(r.err);
            REQUIRE(r.code == 0);
            const json j = json::parse(r.out);
            CHECK(j["backend"] == "cuda");
            CHECK(j["ok"] == true);
            CHECK(j["gpu"]["crosscheck"] == "equal");
            bool timed = false;
            for (const json& point : j["gpu"]["points"])
                if (point["algo"] == "the kernel") timed = point["gbps"].get<double>() > 0;
            CHECK(timed);
            ++runs;
        }
    }
    CHECK(runs >= 40);
}

TEST_CASE("every puzzle is graded on the GPU: the solutions solve it, the wrong ones fail",
          "[gpu][user]") {
    for (const Puzzle& p : all_puzzles()) {
        INFO(p.name);
        const auto solved =
            run_warpscope("run-kernel " + p.solution + " --puzzle " + p.name + " --backend cuda");
        INFO(solved.out << solved.err);
        CHECK(solved.code == 0);
        CHECK(solved.out.find("puzzle " + p.name + ": solved") != std::string::npos);
        CHECK(solved.out.find("crosscheck: the GPU's trace equals the emulator's") !=
              std::string::npos);
        const auto wrong = run_warpscope("run-kernel " + p.wrong + " --puzzle " + p.name +
                                         " --backend cuda --json");
        INFO(wrong.out << wrong.err);
        CHECK(wrong.code == 1);
        const json j = json::parse(wrong.out);
        CHECK(j["solved"] == false);
        for (const json& c : j["checks"]) CHECK(c["pass"] == (c["check"] != p.wrong_fails));
    }
}

TEST_CASE("on the GPU a fault, a kernel that never ends and a compile error are one line each",
          "[gpu][user]") {
    struct Case {
        std::string file, flags, says;
    };
    const Case cases[] = {
        {"global_out_of_bounds.cu", "", "illegal"},
        {"gpu_spin.cu", " --cpu-limit 1 --wait-limit 10", "the kernel never finished"},
        {"syntax_error.cu", "", "compile error at " + user_kernel("syntax_error.cu") + ":"},
        {"wrong_sum.cu", "", "wrong result"},
    };
    for (const Case& c : cases) {
        INFO(c.file);
        const auto r = run_warpscope("run-kernel " + user_kernel(c.file) +
                                     " --n 5000 --block 128 --backend cuda" + c.flags);
        INFO(r.out << r.err);
        CHECK(r.code == 1);
        CHECK(last_error(r).find(c.says) != std::string::npos);
        // and the GPU is still there for the next kernel
        const auto next = run_warpscope("run-kernel " + user_kernel("reduce_sequential.cu") +
                                        " --n 5000 --block 128 --backend cuda");
        CHECK(next.code == 0);
    }
}
TEST_CASE(
    "plain CUDA kernels run on the GPU: checked and timed and recorded by the GPU where it can",
    "[gpu][user]") {
    struct Case {
        const char* file;
        const char* flags;
    };
    const Case cases[] = {
        {"reduce_interleaved_strided.cu", "--n 4097 --block 64 --type int"},
        {"reduce_complete_unroll.cu", "--n 1000003 --block 256 --type double"},
        {"reduce_warp_shuffle.cu", "--n 77777 --block 128 --type float"},
        {"scan_kogge_stone.cu", "--n 4097 --block 256 --type float"},
        {"scan_blelloch_padded.cu", "--n 100003 --block 128 --type int --kind exclusive"},
        {"public/samples_reduce6.cu", "--n 1000003 --block 128 --type float"},
        {"public/pmpp_kogge_stone.cu", "--n 100003 --block 512 --type float"},
        {"public/cg_reduce_sum.cu", "--n 77777 --block 96 --type int"},
        {"public/harris_reduce0.cu", "--n 2^20 --block 256 --type int"},
    };
    for (const Case& c : cases) {
        const std::string file = std::string(WS_SOURCE_DIR) + "/tests/data/plain_kernels/" + c.file;
        const std::string flags = std::string(" ") + c.flags + " --pattern random --json";
        const CommandResult gpu = run_warpscope("run-kernel " + file + " --backend cuda" + flags);
        INFO(c.file << c.flags << "\n" << gpu.err);
        const json g = json::parse(gpu.out);
        CHECK(g["ok"] == true);
        CHECK(g["device"].get<std::string>().find("emulator") == std::string::npos);
        CHECK(g["gpu"]["points"].size() > 0);
        // Where the Compute Sanitizer API is, the GPU records the kernel itself (issue 56).
        const bool recorded = g["gpu"]["recorded_on_gpu"] == true;
        if (find_plain_compiler().empty()) {
            // No clang++ on this machine: no emulator to picture or compare with.
            if (recorded) {
                CHECK(gpu.code == 0);
                CHECK(g["gpu"]["crosscheck"].get<std::string>().find("not compared") == 0);
                CHECK(g["steps"].size() > 0);
            } else {
                CHECK(gpu.code == 1);
                CHECK(last_error(gpu).find("which is not installed") != std::string::npos);
            }
            continue;
        }
        REQUIRE(gpu.code == 0);
        if (recorded) {  // the GPU's own trace: equal, or the same accesses in the compiler's order
            const std::string crosscheck = g["gpu"]["crosscheck"];
            CHECK((crosscheck == "equal" || crosscheck == "same accesses"));
            continue;
        }
        CHECK(g["gpu"]["crosscheck"].get<std::string>().find(kPlainPictureLine) == 0);
        // The picture is the emulator's run of the same request.
        const CommandResult cpu = run_warpscope("run-kernel " + file + flags);
        REQUIRE(cpu.code == 0);
        const json e = json::parse(cpu.out);
        CHECK(g["totals"] == e["totals"]);
        CHECK(g["steps"] == e["steps"]);
    }
}

#endif  // WS_HAVE_CUDA
