// A plain CUDA kernel cannot move its shared memory out of the recorder's sight (issue 57): the
// compiler's load and store callbacks do not see a copy (memcpy, a struct's assignment), an
// atomic builtin or inline assembly. Copies and fills are recorded as the loads and stores they
// make (kernels/user/plain_copies.hpp); any other write is found when shared memory no longer
// holds what the recorded stores left (kernels/sim/plain_runtime.cpp), and the run then has no
// picture and no counters to grade. Each kernel is Harris's reduce1 (puzzle 2's conflicts) with
// its tree's addition written another way.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/cli/puzzle_files.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

namespace {

const std::string kAddition = "sdata[index] += sdata[index + s];";
const std::string kLoad = "sdata[tid] = (i < n) ? g_idata[i] : T(0);";

std::string harris_reduce1() {
    return std::string(WS_SOURCE_DIR) + "/tests/data/plain_kernels/reduce_interleaved_strided.cu";
}

// reduce1 with `from` written as `to`, in `dir`.
std::string rewritten(const TempDir& dir, const std::string& name, const std::string& from,
                      const std::string& to) {
    std::string text = read_all(harris_reduce1());
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    const std::string path = (dir.path / name).string();
    std::ofstream(path) << text;
    return path;
}

nlohmann::json totals_of(const std::string& file) {
    const CommandResult r = run_warpscope("run-kernel " + file + " --n 2000 --block 128 --json");
    INFO(file << "\n" << r.err);
    REQUIRE(r.code == 0);
    return nlohmann::json::parse(r.out).at("totals");
}

const std::string kUnseen = "shared memory changed with no store the recorder saw";

}  // namespace

TEST_CASE("a plain kernel's copies and fills of shared memory are recorded as its stores and loads",
          "[cli][run-kernel][plain]") {
    TempDir dir("ws_plain_copies");
    // The addition through memcpy: the same two loads and one store a lane makes, so the same
    // conflicts (the order of the two loads differs, not their banks).
    const std::string copied =
        rewritten(dir, "copied.cu", kAddition,
                  "{ T a, b; __builtin_memcpy(&a, &sdata[index], sizeof a);"
                  " __builtin_memcpy(&b, &sdata[index + s], sizeof b); a += b;"
                  " __builtin_memcpy(&sdata[index], &a, sizeof a); }");
    // The load through a fill and a copy: one more store a thread, no more conflicts.
    const std::string filled =
        rewritten(dir, "filled.cu", kLoad,
                  "{ T v = (i < n) ? g_idata[i] : T(0); __builtin_memset(&sdata[tid], 0, sizeof v);"
                  " __builtin_memmove(&sdata[tid], &v, sizeof v); }");
    const nlohmann::json harris = totals_of(harris_reduce1());
    REQUIRE(harris.at("bank_conflicts") == 720);
    const nlohmann::json c = totals_of(copied);
    CHECK(c.at("bank_conflicts") == 720);
    CHECK(c.at("smem_reads") == harris.at("smem_reads"));
    CHECK(c.at("smem_writes") == harris.at("smem_writes"));
    const nlohmann::json f = totals_of(filled);
    CHECK(f.at("bank_conflicts") == 720);
    CHECK(f.at("smem_writes") == harris.at("smem_writes").get<int>() + 16 * 128);  // a thread
    // Graded, the copy changes nothing: the conflicts are counted and the puzzle is not solved.
    const CommandResult graded = run_warpscope("run-kernel " + copied + " --puzzle 2");
    INFO(graded.out << graded.err);
    CHECK(graded.code == 1);
    CHECK(graded.out.find("FAIL bank_conflicts == 0 (self-reported): got 720") !=
          std::string::npos);
}

TEST_CASE("shared memory written out of the recorder's sight leaves a run with no picture to grade",
          "[cli][run-kernel][plain]") {
    TempDir dir("ws_plain_unseen");
    const std::string atomic =
        rewritten(dir, "atomic.cu", kAddition,
                  "__atomic_fetch_add(&sdata[index], sdata[index + s], __ATOMIC_RELAXED);");
    const std::string assembly = rewritten(
        dir, "assembly.cu", kAddition,
        "{ T sum = sdata[index] + sdata[index + s]; void* to = &sdata[index];"
        " const void* from = &sum; unsigned long bytes = sizeof sum;"
        " asm volatile(\"rep movsb\" : \"+D\"(to), \"+S\"(from), \"+c\"(bytes) : : \"memory\"); }");
    for (const std::string& file : {atomic, assembly}) {
        const CommandResult run =
            run_warpscope("run-kernel " + file + " --n 2000 --block 128 --type int");
        INFO(file << "\n" << run.out << run.err);
        CHECK(run.code != 0);
        // The first barrier after the hidden write: line 29 of reduce1.
        CHECK(run.err.find(":29: " + kUnseen) != std::string::npos);
        const CommandResult graded = run_warpscope("run-kernel " + file + " --puzzle 2");
        INFO(graded.out);
        CHECK(graded.code == 1);
        CHECK(graded.out.find(kUnseen) != std::string::npos);
        CHECK(graded.out.find("PASS bank_conflicts") == std::string::npos);
        CHECK(graded.out.find(": solved") == std::string::npos);
    }
}
