// Plain CUDA kernels through `warpscope run-kernel`: kernels taken from public material run with
// only their header line added and sum or scan right with their accesses recorded; a run that
// recorded nothing, or stored where the picture cannot show, says so in one line and is not a
// success; a vocabulary kernel that declares memory of its own is refused; the recorded lines
// are the student's. (The twins' counters: test_plain_twins.cpp.)
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "kernels/trace/trace_file.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

using nlohmann::json;

namespace {

std::string data(const std::string& name) {
    return std::string(WS_SOURCE_DIR) + "/tests/data/plain_kernels/" + name;
}

// A kernel file of its own, in a folder of the test's.
std::string write_kernel(const std::string& name, const std::string& text) {
    const std::string path = "/tmp/ws_plain_" + std::to_string(::getpid()) + "_" + name;
    std::ofstream(path) << text;
    return path;
}

// The last line of stderr.
std::string last_line(const std::string& err) {
    std::string s = err;
    while (!s.empty() && s.back() == '\n') s.pop_back();
    const auto nl = s.rfind('\n');
    return nl == std::string::npos ? s : s.substr(nl + 1);
}

}  // namespace

TEST_CASE("kernels from public CUDA material run with only their header line added",
          "[cli][plain][slow]") {
    struct Case {
        const char* file;
        const char* flags;
    };
    const Case cases[] = {
        {"public/harris_reduce0.cu", "--n 1000 --block 64"},
        {"public/samples_reduce6.cu", "--n 100003 --block 128 --type float"},
        {"public/samples_reduce6.cu", "--n 4097 --block 256 --type double"},
        {"public/pmpp_kogge_stone.cu", "--n 4097 --block 256 --type float"},
        {"public/cg_reduce_sum.cu", "--n 77777 --block 96 --type int"},
    };
    for (const Case& c : cases) {
        const CommandResult r = run_warpscope(std::string("run-kernel ") + data(c.file) + " " +
                                              c.flags + " --pattern random --json");
        INFO(c.file << " " << c.flags << "\n" << r.err);
        REQUIRE(r.code == 0);
        const json j = json::parse(r.out);
        CHECK(j["ok"] == true);
        // Recorded: shared memory or shuffles (cg_reduce_sum.cu has only shuffles and atomics).
        CHECK(j["totals"]["smem_instructions"].get<int>() +
                  j["instruction_mix"]["shuffle"]["warp_instructions"].get<int>() >
              0);
        CHECK(j["totals"]["gmem_sectors"].get<int>() > 0);
    }
}

TEST_CASE("a plain kernel's recorded lines are its own", "[cli][plain]") {
    const std::string file = data("public/harris_reduce0.cu");
    const std::string trace_file = "/tmp/ws_plain_lines_" + std::to_string(::getpid()) + ".trace";
    const CommandResult r =
        run_warpscope("run-kernel " + file + " --n 256 --block 64 --trace-out " + trace_file);
    INFO(r.err);
    REQUIRE(r.code == 0);
    const ws::trace::LoadResult loaded = ws::trace::load_trace(trace_file);
    std::remove(trace_file.c_str());
    REQUIRE(loaded.ok);
    REQUIRE_FALSE(loaded.trace.blocks.empty());
    // harris_reduce0.cu: line 11 loads g_idata and stores sdata[tid]; line 16 adds; line 21
    // writes g_odata.
    std::map<unsigned, std::set<ws::trace::EventKind>> kinds;
    std::string seen;
    for (const ws::trace::Event& e : loaded.trace.blocks.front().events)
        if (kinds[e.line].insert(e.kind).second)
            seen += " line " + std::to_string(e.line) + ": kind " + std::to_string(int(e.kind));
    INFO(seen);
    using K = ws::trace::EventKind;
    CHECK(kinds[11] == std::set<K>{K::GlobalRead, K::SharedWrite});
    CHECK(kinds[16] == std::set<K>{K::SharedRead, K::SharedWrite});
    CHECK(kinds[21] == std::set<K>{K::SharedRead, K::GlobalWrite});
    CHECK(kinds.size() == 3);
}

TEST_CASE("a plain run that cannot show its accesses says so and is not a success",
          "[cli][plain]") {
    SECTION("it touched neither its shared memory nor its buffers") {
        const std::string file =
            write_kernel("blind.cu",
                         "// warpscope-kernel: reduce kernel=k in=a out=b n=n\n"
                         "__global__ void k(const int* a, int* b, unsigned n, int* other) {\n"
                         "    if (threadIdx.x == 0 && other) other[0] = 1;\n"
                         "}\n");
        // `other` is not named: the header must say what it is.
        CommandResult r = run_warpscope("run-kernel " + file + " --n 100 --block 32");
        CHECK(r.code == 1);
        CHECK(last_line(r.err).find("parameter other of k is not named by the header") !=
              std::string::npos);
        std::ofstream(file) << "// warpscope-kernel: reduce kernel=k in=a out=b n=n\n"
                               "__global__ void k(const int* a, int* b, unsigned n) {}\n";
        r = run_warpscope("run-kernel " + file + " --n 100 --block 32");
        INFO(r.err);
        CHECK(r.code == 1);
        CHECK(last_line(r.err).find("the run recorded no shared or global access") !=
              std::string::npos);
        std::remove(file.c_str());
    }
    SECTION("it stored into a __device__ array") {
        const std::string file =
            write_kernel("device_array.cu",
                         "// warpscope-kernel: reduce kernel=k in=a out=b n=n\n"
                         "__device__ int scratch[1024];\n"
                         "__global__ void k(const int* a, int* b, unsigned n) {\n"
                         "    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                         "    scratch[threadIdx.x] = i < n ? a[i] : 0;\n"
                         "    __syncthreads();\n"
                         "    if (threadIdx.x == 0) {\n"
                         "        int s = 0;\n"
                         "        for (unsigned t = 0; t < blockDim.x; ++t) s += scratch[t];\n"
                         "        b[blockIdx.x] = s;\n"
                         "    }\n"
                         "}\n");
        const CommandResult r = run_warpscope("run-kernel " + file + " --n 100 --block 32");
        INFO(r.err);
        CHECK(r.code == 1);
        CHECK(last_line(r.err).find("device_array.cu:5: ") != std::string::npos);
        CHECK(last_line(r.err).find("stores went to memory that is neither shared memory nor "
                                    "the kernel's buffers") != std::string::npos);
        std::remove(file.c_str());
    }
}

TEST_CASE("a plain kernel's type, kind and names are checked before it runs", "[cli][plain]") {
    const CommandResult wrong_type =
        run_warpscope("run-kernel " + data("public/pmpp_kogge_stone.cu") + " --n 100 --type int");
    CHECK(wrong_type.code == 2);
    CHECK(last_line(wrong_type.err)
              .find("Kogge_Stone_scan_kernel takes float (its X is float*): run it with --type "
                    "float") != std::string::npos);
    const CommandResult wrong_kind =
        run_warpscope("run-kernel " + data("public/pmpp_kogge_stone.cu") +
                      " --n 100 --type float --kind exclusive");
    CHECK(wrong_kind.code == 2);
    CHECK(last_line(wrong_kind.err).find("computes an inclusive scan") != std::string::npos);
    const std::string file = write_kernel("grid.cu",
                                          "// warpscope-kernel: reduce kernel=k in=a out=b n=n\n"
                                          "#include <cooperative_groups.h>\n"
                                          "namespace cg = cooperative_groups;\n"
                                          "__global__ void k(const int* a, int* b, unsigned n) {\n"
                                          "    cg::grid_group g = cg::this_grid();\n"
                                          "}\n");
    const CommandResult outside = run_warpscope("run-kernel " + file + " --n 100 --block 32");
    CHECK(outside.code == 1);
    CHECK(last_line(outside.err).find("grid.cu:5: ") != std::string::npos);
    CHECK(last_line(outside.err).find("grid_group") != std::string::npos);
    std::remove(file.c_str());
}

TEST_CASE("a vocabulary kernel that declares memory of its own is refused, not graded",
          "[cli][plain]") {
    // Puzzle 2's start with its shared_array made a static array: its accesses would not be
    // recorded, and "bank_conflicts == 0" would pass on nothing.
    std::ifstream in(std::string(WS_SOURCE_DIR) + "/assets/puzzles/02-bank-conflicts.start.cu");
    std::stringstream text;
    text << in.rdbuf();
    std::string source = text.str();
    const std::string from = "auto s = shared_array<T>(probe, blockDim.x);";
    const auto at = source.find(from);
    REQUIRE(at != std::string::npos);
    source.replace(at, from.size(), "static T s[1024];");
    const std::string file = write_kernel("static_array.cu", source);
    const CommandResult r = run_warpscope("run-kernel " + file + " --puzzle 2");
    INFO(r.out << r.err);
    CHECK(r.code != 0);
    CHECK((r.out + r.err).find("a static array in a kernel") != std::string::npos);
    CHECK((r.out + r.err).find("solved") == std::string::npos);
    std::remove(file.c_str());
}

TEST_CASE("a plain CUDA answer is graded as a vocabulary one is", "[cli][plain]") {
    // Sequential addressing as Harris writes it, with SharedMemory<T>: puzzle 2's answer.
    const CommandResult r =
        run_warpscope("run-kernel " + data("reduce_sequential.cu") + " --puzzle 2");
    INFO(r.out << r.err);
    CHECK(r.code == 0);
    CHECK(r.out.find("PASS bank_conflicts == 0") != std::string::npos);
    CHECK(r.out.find("puzzle 02-bank-conflicts: solved") != std::string::npos);
    // Its strided twin has the conflicts the puzzle is about: not solved.
    const CommandResult strided =
        run_warpscope("run-kernel " + data("reduce_interleaved_strided.cu") + " --puzzle 2");
    CHECK(strided.code != 0);
    CHECK(strided.out.find("FAIL bank_conflicts == 0") != std::string::npos);
}

TEST_CASE("Harris's reduce0 as the slides print it gives the catalog's counters", "[cli][plain]") {
    for (const char* request : {"--n 4097 --block 256", "--n 1000 --block 64 --pattern random"}) {
        const std::string flags = std::string(" ") + request + " --type int --json";
        const CommandResult mine =
            run_warpscope("run-kernel " + data("public/harris_reduce0.cu") + flags);
        const CommandResult catalog =
            run_warpscope("stats --algo reduce-interleaved-divergent" + flags);
        INFO(request << "\n" << mine.err << catalog.err);
        REQUIRE(mine.code == 0);
        REQUIRE(catalog.code == 0);
        const json a = json::parse(mine.out), b = json::parse(catalog.out);
        CHECK(a["totals"] == b["totals"]);
        CHECK(a["steps"] == b["steps"]);
        CHECK(a["instruction_mix"] == b["instruction_mix"]);
        CHECK(a["result"] == b["result"]);
    }
}
