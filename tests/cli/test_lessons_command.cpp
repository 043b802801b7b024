// `warpscope lessons` (issue 35): the shipped lessons listed and every claim checked from the
// command line; a lesson file of the teacher's checked the same way, its wrong claims named with
// file line and slide; a refused lesson says its file, line and why; --words prints each slide's
// words filled in.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/cli/run_command.hpp"
#include "tests/test_paths.hpp"

TEST_CASE("warpscope lessons --check: every claim of the shipped lessons holds", "[cli][lesson]") {
    const CommandResult r = run_warpscope("lessons --check");
    INFO(r.out << r.err);
    CHECK(r.code == 0);
    CHECK(r.out.find("slides of 7 lessons: every claim holds") != std::string::npos);
    const CommandResult list = run_warpscope("lessons");
    CHECK(list.code == 0);
    CHECK(list.out.find("04-races") != std::string::npos);
    const CommandResult facts = run_warpscope("lessons --facts");
    CHECK(facts.out.find("{of ALGO OTHER TYPE N}") != std::string::npos);
    CHECK(facts.out.find("{race_cell}") != std::string::npos);
    CHECK(facts.out.find("{stages_in STATE}") != std::string::npos);
}

TEST_CASE("warpscope lessons --words prints each slide as its screen fills it", "[cli][lesson]") {
    const CommandResult r = run_warpscope("lessons 6 --words");
    INFO(r.out << r.err);
    CHECK(r.code == 0);
    // The pipeline slide that lands on the first wait for a copy, its moment filled in.
    CHECK(r.out.find("A warp waits on a stage still loading") != std::string::npos);
    CHECK(r.out.find(": its copy is still in flight, and the waiting warp's line is drawn red") !=
          std::string::npos);
    CHECK(r.out.find("(moment ") != std::string::npos);
    CHECK(r.out.find("{") == std::string::npos);  // no placeholder left unfilled
    CHECK(r.out.find("unknown:") == std::string::npos);
}

TEST_CASE("warpscope lessons --check FILE names each wrong claim with its line and slide",
          "[cli][lesson]") {
    const CommandResult r = run_warpscope("lessons --check '" + std::string(WS_SOURCE_DIR) +
                                          "/tests/data/lessons/wrong-claims.lesson'");
    INFO(r.out << r.err);
    CHECK(r.code == 1);
    CHECK(r.out.find("wrong-claims.lesson:8: slide 1 (A race told backwards): claim "
                     "{race_cell} = 26: it is ") != std::string::npos);
    CHECK(r.err.find("problems in 4 slides of 1 lessons") != std::string::npos);
}

TEST_CASE("warpscope lessons: a refused lesson says its file, line and why", "[cli][lesson]") {
    namespace fs = std::filesystem;
    const fs::path root =
        fs::temp_directory_path() / ("ws-cli-lessons-" + std::to_string(::getpid()));
    fs::create_directories(root / "assets/lessons");
    std::ofstream(root / "assets/lessons/09-broken.lesson")
        << "title: t\nslide: s\nrequest: --algo reduce-sequential --n 64 --block 32\nstep: two\n"
           "say: a\n";
    const CommandResult r = run_command("WARPSCOPE_ROOT='" + root.string() + "' '" +
                                        std::string(WS_BINARY) + "' lessons 9");
    CHECK(r.code == 1);
    CHECK(r.err ==
          "warpscope: refused: assets/lessons/09-broken.lesson: line 4: step: two is not "
          "a step (0, 1, ..., -1 for the last, race or copy-wait)\n");
    fs::remove_all(root);
}
