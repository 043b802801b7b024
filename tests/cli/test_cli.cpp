// The command line is a contract that scripts and tests depend on: these run the real binary.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "kernels/catalog.hpp"
#include "tests/cli/run_command.hpp"

using nlohmann::json;

TEST_CASE("list --json names every algorithm with its family and title", "[cli]") {
    const auto r = run_warpscope("list --json");
    REQUIRE(r.code == 0);
    const json j = json::parse(r.out);
    REQUIRE(j.size() == ws::catalog().size());
    for (std::size_t i = 0; i < j.size(); ++i) {
        CHECK(j[i]["id"] == ws::catalog()[i].id);
        CHECK(j[i]["family"] == ws::family_name(ws::catalog()[i].family));
        CHECK_FALSE(j[i]["title"].get<std::string>().empty());
        CHECK_FALSE(j[i]["what_changed"].get<std::string>().empty());
        CHECK_FALSE(j[i]["needs"].get<std::string>().empty());
        CHECK(j[i]["blocks"] == ws::block_rule_name(ws::catalog()[i].block_rule));
        CHECK(j[i]["results"] == ws::result_names(ws::catalog()[i].reduce_op));
    }
    for (const json& v : j)
        CHECK(v["blocks"] == (v["id"] == "scan-pipeline" ? "exactly-224"
                              : (v["id"] == "reduce-minmax-avg" ||
                                 (v["family"] == "memory" && v["id"] != "aos-vs-soa"))
                                  ? "any-1-1024"
                                  : "power-of-two-32-1024"));
    const auto plain = run_warpscope("list");
    CHECK(plain.code == 0);
    CHECK(count_lines(plain.out) == ws::catalog().size() + 1);
}

TEST_CASE("stats --json has the contract's fields, per step and in total", "[cli]") {
    const auto r = run_warpscope(
        "stats --algo reduce-sequential --n 1000 --block 128 --type float --backend cpu --json");
    REQUIRE(r.code == 0);
    const json j = json::parse(r.out);
    for (const char* key :
         {"algo", "n", "block", "type", "backend", "result", "expected", "ok", "steps", "totals"})
        CHECK(j.contains(key));
    CHECK(j["algo"] == "reduce-sequential");
    CHECK(j["n"] == 1000);
    CHECK(j["type"] == "float");
    CHECK(j["backend"] == "emulator");
    CHECK(j["ok"] == true);
    CHECK(j["result"] == j["expected"]);
    REQUIRE(j["steps"].size() == 9);  // load + 7 levels (128 threads) + the final write
    const char* counters[] = {"phase",           "substep",
                              "active_lanes",    "live_lanes",
                              "active_warps",    "divergent_warps",
                              "idle_lane_warps", "smem_instructions",
                              "smem_wavefronts", "smem_ideal_wavefronts",
                              "bank_conflicts",  "smem_reads",
                              "smem_writes",     "gmem_sectors",
                              "hazards"};
    for (const auto& step : j["steps"])
        for (const char* key : counters) CHECK(step.contains(key));
    CHECK(j["steps"][1]["active_lanes"] == 64);
    CHECK(j["steps"][1]["smem_reads"] == 128);
    CHECK(j["totals"]["bank_conflicts"] == 0);
    CHECK(j["totals"]["active_warps"].get<int>() > 0);
    // The traced block's warp instructions by kind: 128 threads of float (4 warps) load from
    // global once each and store into shared memory once each.
    const auto& mix = j["instruction_mix"];
    CHECK(mix["global_read"]["warp_instructions"] == 4);
    CHECK(mix["global_read"]["lanes"] == 128);
    CHECK(mix["shared_write"]["lanes"].get<int>() ==
          j["totals"]["smem_writes"].get<int>() / (1000 / 128 + 1));
    CHECK(mix["shuffle"]["warp_instructions"] == 0);
}

TEST_CASE("a trace file replays through stats --trace with the same numbers", "[cli]") {
    const std::string file = "/tmp/ws_cli_trace_" + std::to_string(::getpid()) + ".wstrace";
    const auto t = run_warpscope(
        "trace --algo reduce-interleaved-strided --n 300 --block 64 "
        "--pattern random --backend cpu -o " +
        file);
    REQUIRE(t.code == 0);
    CHECK(t.out.find("-> " + file) != std::string::npos);
    const auto live = run_warpscope(
        "stats --algo reduce-interleaved-strided --n 300 --block 64 "
        "--pattern random --backend cpu --json");
    const auto replay = run_warpscope("stats --trace " + file + " --json");
    REQUIRE(replay.code == 0);
    json a = json::parse(live.out), b = json::parse(replay.out);
    CHECK(a["steps"] == b["steps"]);
    CHECK(a["totals"] == b["totals"]);
    CHECK(a["result"] == b["result"]);

    // A damaged copy is refused in one line, and nothing crashes.
    std::ifstream in(file, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), {});
    REQUIRE(bytes.size() > 100);
    const std::string bad = file + ".bad";
    std::ofstream(bad, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    const auto broken = run_warpscope("stats --trace " + bad + " --json");
    CHECK(broken.code == 2);
    CHECK(count_lines(broken.err) == 1);
    CHECK(broken.out.empty());
    std::ofstream(bad, std::ios::binary) << "hello, I am not a trace";
    CHECK(run_warpscope("stats --trace " + bad).code == 2);
    CHECK(run_warpscope("stats --trace /nonexistent/file.wstrace").code == 2);
    std::remove(file.c_str());
    std::remove(bad.c_str());
}

TEST_CASE("bad arguments get one line naming the argument, and exit code 2", "[cli]") {
    struct Case {
        const char* args;
        const char* names;
    } cases[] = {
        {"stats --algo reduce-sequential --n 0 --backend cpu", "--n 0"},
        {"stats --algo reduce-sequential --n 2^40 --backend cpu", "--n"},
        {"stats --algo reduce-sequential --n abc --backend cpu", "--n abc"},
        {"stats --algo reduce-sequential --n 100 --block 100 --backend cpu", "--block 100"},
        {"stats --algo reduce-sequential --n 100 --block 2048 --backend cpu", "--block 2048"},
        {"stats --algo nope --n 100 --backend cpu", "--algo nope"},
        {"stats --algo reduce-sequential --n 100 --type half --backend cpu", "--type half"},
        {"stats --algo reduce-sequential --n 100 --pattern zig --backend cpu", "--pattern zig"},
        {"stats --algo reduce-sequential --n 100 --schedule fast --backend cpu", "--schedule fast"},
        {"stats --algo reduce-sequential --n 100 --blocks 7 --backend cpu", "--blocks 7"},
        {"stats --algo reduce-sequential --n 100 --backend tpu", "--backend tpu"},
        {"verify --algo nope", "--algo nope"},
        {"trace --algo reduce-sequential --n 10", "--output"},
        {"frobnicate", "frobnicate"},
        {"bench --contention --algo reduce-sequential", "--contention"},
        {"bench --rounds 0", "--rounds 0: 1 to 9"},
        {"bench --rounds 10", "--rounds 10: 1 to 9"},
        // A seed is digits (CLI11 read -5 as 2^64 - 5); a file named -x.cu is no option.
        {"race --algo reduce-sequential --n 64 --search-seed -5", "--search-seed: -5: not a seed"},
        {"run-kernel -dash.cu", "-dash.cu: not an option of run-kernel"},
    };
    for (const auto& c : cases) {
        const auto r = run_warpscope(c.args);
        INFO(c.args << "\nstderr: " << r.err);
        CHECK(r.code == 2);
        CHECK(count_lines(r.err) == 1);
        CHECK(r.err.find(c.names) != std::string::npos);
    }
}

TEST_CASE("the default backend says which one it used", "[cli]") {
    const auto r = run_warpscope("stats --algo reduce-sequential --n 64 --block 32 --json");
    REQUIRE(r.code == 0);
    CHECK(r.err.find("backend:") != std::string::npos);
}

TEST_CASE("a kernel the emulator stops is reported with its line, and the run fails cleanly",
          "[cli]") {
    // The legacy unroll under the sequential schedule computes a wrong sum: reported, exit 1.
    const auto r = run_warpscope(
        "stats --algo reduce-unroll-last-warp-legacy --n 256 --block 64 "
        "--pattern random --schedule sequential --backend cpu --json");
    CHECK(r.code == 1);
    const json j = json::parse(r.out);
    CHECK(j["ok"] == false);
    CHECK(j["totals"]["hazards"].get<int>() > 0);
}

TEST_CASE("stats --hardware without the GPU backend is refused in one line", "[cli]") {
    const auto r = run_warpscope(
        "stats --algo reduce-sequential --n 256 --block 256 --backend cpu --hardware");
    CHECK(r.code == 2);
    CHECK(count_lines(r.err) == 1);
    CHECK(r.err.find("--hardware: the GPU's counters need the CUDA backend (") !=
          std::string::npos);
}

TEST_CASE("race tells the legacy unroll's story and exits 1, a race-free kernel exits 0", "[cli]") {
    const auto racy = run_warpscope(
        "race --algo reduce-unroll-last-warp-legacy --n 128 --block 64 --seed 1 --json");
    CHECK(racy.code == 1);
    CHECK(racy.out.find("\"schedule\": \"lockstep,2@8+1\"") != std::string::npos);
    const auto clean = run_warpscope("race --algo reduce-sequential --block 64 --tries 20");
    CHECK(clean.code == 0);
    CHECK(clean.out.find("No schedule of 20 tries gave another result") != std::string::npos);
    const auto refused = run_warpscope("race --algo reduce-sequential --schedule random:3");
    CHECK(refused.code == 2);
    CHECK(refused.err.find("race tries the schedules itself") != std::string::npos);
}

TEST_CASE("a link the window refuses says why in one line and exit code 2, never an abort",
          "[cli]") {
    // Unknown keys, a switch given a value, bad %-encoding, bytes a terminal would obey, and a
    // flag a link may not carry (a file to write): each refused before any window opens.
    for (const char* link :
         {"'warpscope://open?nope=1'", "'warpscope://open?lab-fits=2'", "'warpscope://open?n=%zz'",
          "'warpscope://open?algo=%1B%5B2J%1B%5D0%3Bpwned%07%0D'",
          "'warpscope://open?screenshot=%2Ftmp%2Fx.png'", "'warpscope://open?step'"}) {
        const auto r = run_warpscope(link);
        INFO(link << "\nstderr: " << r.err);
        CHECK(count_lines(r.err) == 1);
        CHECK(r.err.find('\x1b') == std::string::npos);
        CHECK(r.code == 2);
    }
}

TEST_CASE("a command name or an option the program refuses is printed escaped", "[cli]") {
    // U+202E (right-to-left override) and ESC in argv[1]: escaped, never written as they are.
    for (const char* arg :
         {"\"$(printf '\\342\\200\\256xyz')\"", "\"$(printf '\\033[2Jx')\"",
          "\"-$(printf '\\342\\200\\256')y\"", "lessons \"$(printf '\\342\\200\\256x\\033[2J')\"",
          "--lesson \"$(printf '\\342\\200\\256x')\" --screenshot /tmp/ws-never.png"}) {
        const auto r = run_warpscope(arg);
        INFO(arg << "\nstderr: " << r.err);
        CHECK(r.code == 2);
        CHECK(count_lines(r.err) == 1);
        CHECK(r.err.find("\xe2\x80\xae") == std::string::npos);
        CHECK(r.err.find('\x1b') == std::string::npos);
    }
}

TEST_CASE("a PNG export into a folder it cannot write says so before drawing a step", "[cli]") {
    char folder[] = "/tmp/ws_read_only_XXXXXX";
    REQUIRE(::mkdtemp(folder) != nullptr);
    REQUIRE(::chmod(folder, 0555) == 0);
    // Root writes anywhere: the program runs as nobody there (util-linux's setpriv).
    std::string as_user;
    if (::geteuid() == 0) {
        REQUIRE(std::system("command -v setpriv > /dev/null") == 0);
        as_user = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    }
    const auto r =
        run_command(as_user + WS_BINARY +
                    " --algo reduce-sequential --n 4096 --block 256 --export-pngs " + folder);
    INFO(r.err);
    CHECK(r.code == 2);
    CHECK(count_lines(r.err) == 1);
    CHECK(r.err.find(std::string("--export-pngs ") + folder + ": the folder is not writable") !=
          std::string::npos);
    ::rmdir(folder);
}
