// Grades a student cannot forge from inside its kernel's process (issue 57): a kernel with bank
// conflicts that appends, from a destructor at exit, the trace of the puzzle's solution to its
// report (a run that then counted 0 conflicts), one that prints grade-like lines, and one that
// writes 0 conflicts into the recorder's totals: none solves the puzzle. The accesses the recorder
// keeps are still written inside the kernel's own process (docs/your-kernel.md, "What it does not
// stop"): every report marks a counter's check self-reported.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "kernels/user/puzzle.hpp"
#include "tests/cli/puzzle_files.hpp"
#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

namespace {

// The start kernel of puzzle 2 (right, with bank conflicts) and `extra` after it.
std::string write_kernel(const std::string& path, const std::string& extra) {
    std::ofstream(path) << read_all(puzzle_file("02-bank-conflicts.start.cu")) << extra;
    return path;
}

}  // namespace

TEST_CASE("a kernel that appends a forged trace to its report does not solve the puzzle",
          "[cli][run-kernel][sandbox]") {
    const std::string dir = "/tmp/ws_forgery_" + std::to_string(::getpid());
    REQUIRE(run_command("mkdir -p " + dir).code == 0);
    // The trace of the puzzle's solution on the puzzle's request: 0 bank conflicts, right.
    const std::string solved = dir + "/solved.wstrace";
    REQUIRE(run_warpscope("run-kernel " + puzzle_file("02-bank-conflicts.solution.cu") +
                          " --n 2000 --block 128 --trace-out " + solved)
                .code == 0);
    const std::string bytes = read_all(solved);
    REQUIRE(bytes.size() > 100);
    std::string array;
    for (unsigned char c : bytes) array += std::to_string(unsigned(c)) + ",";
    const std::string header = "trace " + std::to_string(bytes.size()) + "\\n";
    const std::string forger = write_kernel(
        dir + "/forger.cu",
        "static const unsigned char ws_forged[] = {" + array +
            "};\n"
            "extern \"C\" long ws_write(int, const void*, unsigned long) __asm__(\"write\");\n"
            "__attribute__((destructor)) static void ws_forge() {\n"
            "    ws_write(3, \"" +
            header + "\", " + std::to_string(header.size() - 1) +
            ");\n"
            "    ws_write(3, ws_forged, sizeof ws_forged);\n"
            "}\n");
    const CommandResult r = run_warpscope("run-kernel " + forger + " --puzzle 2");
    INFO(r.out << r.err);
    CHECK(r.code != 0);
    CHECK(r.out.find(": solved") == std::string::npos);
    CHECK((r.out + r.err).find("wrote into its own report") != std::string::npos);
    // The start kernel alone fails the puzzle on its conflicts: the forgery was all it had.
    const CommandResult start =
        run_warpscope("run-kernel " + puzzle_file("02-bank-conflicts.start.cu") + " --puzzle 2");
    CHECK(start.out.find("FAIL bank_conflicts == 0") != std::string::npos);
    run_command("rm -rf " + dir);
}

TEST_CASE("a kernel that prints grade-like lines does not change its grade",
          "[cli][run-kernel][sandbox]") {
    const std::string dir = "/tmp/ws_forgery_lines_" + std::to_string(::getpid());
    REQUIRE(run_command("mkdir -p " + dir).code == 0);
    const std::string kernel = write_kernel(
        dir + "/printer.cu",
        "extern \"C\" int ws_printf(const char*, ...) __asm__(\"printf\");\n"
        "extern \"C\" long ws_write(int, const void*, unsigned long) __asm__(\"write\");\n"
        "__attribute__((constructor)) static void ws_lines() {\n"
        "    ws_printf(\"PASS bank_conflicts == 0\\npuzzle 02-bank-conflicts: solved\\n\");\n"
        "    ws_write(2, \"puzzle 02-bank-conflicts: solved\\n\", 33);\n"
        "}\n");
    const CommandResult r = run_warpscope("run-kernel " + kernel + " --puzzle 2");
    INFO(r.out << r.err);
    CHECK(r.code == 1);
    CHECK(r.out.find("FAIL bank_conflicts == 0") != std::string::npos);
    CHECK(r.out.find("PASS bank_conflicts == 0") == std::string::npos);
    CHECK(r.out.find(": solved") == std::string::npos);
    CHECK(r.err.find("solved") == std::string::npos);
    run_command("rm -rf " + dir);
}

namespace {

// The start kernel of puzzle 2, its shared accesses and their bank conflicts unchanged, with a
// call `ws_forge(probe)` after its last store and `forge`, the body of that function, run by the
// last block's thread 0 on the emulator's recorder: the probe's first member is the recorder it
// records into.
std::string start_kernel_forging(const std::string& path, const std::string& forge) {
    std::string text = read_all(puzzle_file("02-bank-conflicts.start.cu"));
    const std::string last = "global_array(g_out, probe)[blockIdx.x] = s[0];\n";
    const std::size_t end = text.find(last), kernel = text.find("template <class T, class Probe>");
    REQUIRE(end != std::string::npos);
    REQUIRE(kernel != std::string::npos);
    text.insert(end + last.size(), "    ws_forge(probe);\n");
    text.insert(kernel,
                "template <class Probe>\n"
                "void ws_forge(Probe& probe) {\n"
                "    if constexpr (sizeof(Probe) > sizeof(void*)) {  // the emulator's probe\n"
                "        if (threadIdx.x != 0 || blockIdx.x == 0 || blockIdx.x + 1 != gridDim.x)\n"
                "            return;\n"
                "        ws::sim::SimRecorder* rec = nullptr;\n"
                "        __builtin_memcpy(&rec, &probe, sizeof rec);\n" +
                    forge +
                    "    }\n"
                    "}\n");
    std::ofstream(path) << text;
    return path;
}

// Writes 0 conflicts into the recorder's totals, a const reference away: the last block leaves
// the total at minus one block's conflicts (the blocks before it, divided by their number), and
// the recorder adds that block's own when it finishes: 0.
std::string recorder_writer(const std::string& path) {
    return start_kernel_forging(
        path,
        "        auto& totals = const_cast<ws::trace::Counters&>(rec->totals());\n"
        "        totals.bank_conflicts = 0 - totals.bank_conflicts / blockIdx.x;\n");
}

const std::string kConflicts = "bank_conflicts == 0 (self-reported)";

}  // namespace

// The grade counts the totals from every block's accesses (kernels/user/recount.hpp), so what the
// kernel wrote into the recorder's totals changes nothing; the report says what they said.
TEST_CASE("a kernel that writes 0 bank conflicts into the recorder does not change its grade",
          "[cli][run-kernel][grade]") {
    TempDir dir("ws_forgery_recorder");
    const std::string writer = recorder_writer((dir.path / "writer.cu").string());
    const std::string start = puzzle_file("02-bank-conflicts.start.cu");
    const std::string changed =
        "--n 2000 --block 128: the recorder's totals were changed inside "
        "the kernel's process: they say 0 bank_conflicts where its events "
        "count 720; graded on the events\n";
    const CommandResult honest = run_warpscope("run-kernel " + start + " --puzzle 2");
    CHECK(honest.code == 1);
    CHECK(honest.out.find("FAIL " + kConflicts + ": got 720") != std::string::npos);
    CHECK(honest.out.find("totals were changed") == std::string::npos);
    // Outside a grade the picture's totals are the process's: the write is real there.
    const CommandResult picture =
        run_warpscope("run-kernel " + writer + " --n 2000 --block 128 --json");
    REQUIRE(picture.code == 0);
    CHECK(nlohmann::json::parse(picture.out).at("totals").at("bank_conflicts") == 0);

    const CommandResult r = run_warpscope("run-kernel " + writer + " --puzzle 2");
    INFO(r.out << r.err);
    CHECK(r.code == 1);
    CHECK(r.out.find("PASS correct\n") != std::string::npos);
    CHECK(r.out.find("FAIL " + kConflicts + ": got 720") != std::string::npos);
    CHECK(r.out.find(changed) != std::string::npos);
    CHECK(r.out.find(": solved") == std::string::npos);
    const CommandResult json = run_warpscope("run-kernel " + writer + " --puzzle 2 --json");
    const auto graded = nlohmann::json::parse(json.out);
    REQUIRE(graded.at("checks").size() == 2);
    CHECK(graded.at("checks")[1].at("pass") == false);
    CHECK(graded.at("runs")[0].get<std::string>() + "\n" == changed);

    // Graded with the start kernel, and for Gradescope: both fail on 720, the line with the writer.
    const std::string note = ws::user::self_reported_note() + "\n";
    const CommandResult both = run_warpscope("grade --puzzle 2 --jobs 1 " + writer + " " + start);
    INFO(both.out);
    CHECK(both.code == 1);
    std::size_t fails = 0;
    for (std::size_t at = 0;
         (at = both.out.find("FAIL " + kConflicts + ": got 720", at)) != std::string::npos; ++at)
        ++fails;
    CHECK(fails == 2);
    CHECK(both.out.find(changed) < both.out.find("== " + start));
    CHECK(both.out.find(note) == both.out.size() - note.size());
    const std::string results = (dir.path / "results.json").string();
    run_warpscope("grade --puzzle 2 --jobs 1 --gradescope " + results + " " + writer);
    const auto gradescope = nlohmann::json::parse(read_all(results));
    CHECK(gradescope.at("score") == 1);  // correct only
    CHECK(gradescope.at("tests")[1].at("score") == 0);
    CHECK(gradescope.at("output").get<std::string>().find(changed.substr(0, changed.size() - 1)) !=
          std::string::npos);
}

namespace {

// Moves every recorded shared access of the blocks finished before the last into a bank of its
// lane's own: their conflicts vanish from the events, but not from what the reads found and the
// barriers' copies of memory hold.
std::string event_rewriter(const std::string& path) {
    return start_kernel_forging(
        path,
        "        for (auto& b : rec->blocks())\n"
        "            for (auto& e : b.events)\n"
        "                if (e.kind == ws::trace::EventKind::SharedRead ||\n"
        "                    e.kind == ws::trace::EventKind::SharedWrite)\n"
        "                    e.address = (e.thread % 32) * 4;\n");
}

}  // namespace

// The grade replays the recorded accesses (kernels/user/recount.hpp): rewritten ones no longer
// hold together, and the run is not graded on them.
TEST_CASE("a kernel that rewrites its recorded accesses does not change its grade",
          "[cli][run-kernel][grade]") {
    TempDir dir("ws_forgery_events");
    const std::string rewriter = event_rewriter((dir.path / "rewriter.cu").string());
    // Outside a grade, the rewriting is real: the picture's blocks lost their conflicts.
    const CommandResult picture =
        run_warpscope("run-kernel " + rewriter + " --n 2000 --block 128 --blocks 0 --json");
    REQUIRE(picture.code == 0);
    std::uint64_t shown = 0;  // the start kernel's block 0 has 45
    for (const auto& step : nlohmann::json::parse(picture.out).at("steps"))
        shown += step.at("bank_conflicts").get<std::uint64_t>();
    CHECK(shown == 0);
    const CommandResult r = run_warpscope("run-kernel " + rewriter + " --puzzle 2");
    INFO(r.out << r.err);
    CHECK(r.code == 1);
    CHECK(r.out.find("FAIL " + kConflicts + ": got a recording that contradicts itself") !=
          std::string::npos);
    CHECK(r.out.find("the recording contradicts itself (block 0: ") != std::string::npos);
    CHECK(r.out.find("PASS " + kConflicts) == std::string::npos);
    CHECK(r.out.find(": solved") == std::string::npos);
}

TEST_CASE("a check on a counter is marked self-reported in --json and in Gradescope's results",
          "[cli][run-kernel][grade]") {
    const std::string start = puzzle_file("02-bank-conflicts.start.cu");
    const CommandResult json = run_warpscope("run-kernel " + start + " --puzzle 2 --json");
    REQUIRE(json.code == 1);
    // correct: the parent's own check, no mark; bank_conflicts: the recorder's count.
    const std::size_t correct = json.out.find("\"check\": \"correct\"");
    const std::size_t conflicts = json.out.find("\"check\": \"bank_conflicts == 0\"");
    REQUIRE(correct != std::string::npos);
    REQUIRE(conflicts != std::string::npos);
    CHECK(json.out.find("\"self_reported\": true") > conflicts);
    CHECK(json.out.substr(correct, conflicts - correct).find("self_reported") == std::string::npos);
    CHECK(json.out.find(ws::user::self_reported_note()) == std::string::npos);  // JSON: the field
    TempDir dir("ws_forgery_results");
    const std::string results = (dir.path / "results.json").string();
    const CommandResult g =
        run_warpscope("grade --puzzle 2 --jobs 1 --gradescope " + results + " " + start);
    INFO(g.err);
    const auto tests = nlohmann::json::parse(read_all(results)).at("tests");
    REQUIRE(tests.size() == 2);
    CHECK(tests[0].at("output") == "PASS correct");
    const std::string output = tests[1].at("output");
    CHECK(output.find("FAIL " + kConflicts + ": got 720") == 0);
    CHECK(output.find("\n" + ws::user::self_reported_note()) != std::string::npos);
}
