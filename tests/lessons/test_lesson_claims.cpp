// Every slide says what its screen shows (issue 35): the claims test runs every slide of every
// lesson on the emulator, fills its {facts} and checks its claims and lint; a lesson that gets
// its screen wrong (tests/data/lessons/wrong-claims.lesson) fails with the slide and the claim
// named; the lesson format refuses text that could not wrap, with its line; a refused lesson
// says where and why in the window and on the command line.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "kernels/run/emulator_backend.hpp"
#include "tests/lessons/lesson_data.hpp"
#include "tests/test_paths.hpp"
#include "ui/model/lesson/claims.hpp"
#include "ui/model/lesson/slide_check.hpp"
#include "ui/session.hpp"

using namespace ws;
using namespace ws::ui;

namespace {

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

bool has(const std::vector<std::string>& lines, const std::string& a, const std::string& b = "") {
    for (const std::string& l : lines)
        if (l.find(a) != std::string::npos && l.find(b) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("every slide of every lesson passes the claims test", "[lesson][claims]") {
    const LessonLibrary lib = load_lessons(WS_SOURCE_DIR);
    for (const std::string& p : lib.problems) FAIL(p);
    REQUIRE(lib.lessons.size() >= 7);
    std::size_t claims = 0;
    for (const Lesson& l : lib.lessons) {
        for (const std::string& p : check_lesson(l, shipped_lesson_data())) FAIL_CHECK(p);
        for (const Slide& s : l.slides) claims += s.claims.size();
    }
    CHECK(claims >= 30);  // the lessons state what they rely on
}

TEST_CASE("a lesson that gets its screen wrong fails with the slide and the claim named",
          "[lesson][claims]") {
    std::string error;
    const Lesson l = parse_lesson(
        "wrong-claims",
        read(std::string(WS_SOURCE_DIR) + "/tests/data/lessons/wrong-claims.lesson"), error);
    REQUIRE(error.empty());
    const std::vector<std::string> p = check_lesson(l, shipped_lesson_data());
    INFO([&] {
        std::string all;
        for (const std::string& x : p) all += x + "\n";
        return all;
    }());
    // Slide 1: the race is on another cell than it claims, and the sum is wrong.
    CHECK(has(p, "wrong-claims.lesson:8: slide 1 (A race told backwards): claim {race_cell} = 26"));
    CHECK(has(p, "slide 1 (", "claim {right} = right: it is wrong"));
    // Slide 2: a figure, a conflict's ways and a GPU written by hand.
    CHECK(has(p, "slide 2 (A figure by hand)", "\"889 GB/s\" is written by hand"));
    CHECK(has(p, "slide 2 (", "\"4-way\" is written by hand"));
    CHECK(has(p, "slide 2 (", "\"H100\" names a GPU by hand"));
    // Slide 3: "at the roofline" backed only by a claim below 95% of the copy, and the text's
    // figure is 0.81: the lint refuses it.
    CHECK(has(p, "slide 3 (At the roofline, it says)", "says \"at the roofline\" with no claim"));
    // Slide 4: an unknown fact, and a recording's fact with no recording named.
    CHECK(has(p, "slide 4 (", "{no_such_fact}: no fact called no_such_fact"));
    CHECK(has(p, "slide 4 (", "names none (figures: line)"));
    CHECK(has(p, "slide 4 (", "{ms reduce-sequential int 2^28}: ms needs the slide's recording"));
}

TEST_CASE("a slide's race facts are the pair its screen labels, and it lands on them",
          "[lesson][claims]") {
    const LessonLibrary lib = load_lessons(WS_SOURCE_DIR);
    const Lesson* l = find_lesson(lib, "4");
    REQUIRE(l);
    const Slide& s = l->slides[1];
    REQUIRE(s.step_anchor == StepAnchor::Race);
    SlideRun run;
    run_slide(s, shipped_lesson_data(), run);
    const TraceView& v = *run.view;
    const StepView& at = v.steps[run.sources.step];
    REQUIRE(at.micro > 0);  // an access-step
    REQUIRE_FALSE(at.races.empty());
    const RacePair& r = v.races[at.races.front()];  // what the grid's label tells first
    CHECK(r.against_lockstep);
    CHECK(fill_facts("{race_first} {race_first_did} s[{race_cell}], then {race_second} "
                     "{race_second_did}",
                     run.sources) ==
          std::to_string(r.first_thread) + (r.first_writes ? " wrote" : " read") + " s[" +
              std::to_string(r.cell) + "], then " + std::to_string(r.second_thread) +
              (r.second_writes ? " wrote" : " read"));
    // Lockstep runs every pair in its own order: no swap there.
    trace::Request lockstep = s.request;
    lockstep.schedule = "lockstep";
    const auto lv =
        make_trace_view(std::make_shared<const trace::Trace>(run::run_on_emulator(lockstep)));
    CHECK_FALSE(lv->races.empty());
    for (const RacePair& p : lv->races) CHECK_FALSE(p.against_lockstep);
}

TEST_CASE("claims compare facts, numbers and words", "[lesson][claims]") {
    const Lesson* l = nullptr;
    const LessonLibrary lib = load_lessons(WS_SOURCE_DIR);
    l = find_lesson(lib, "5");
    REQUIRE(l);
    SlideRun run;
    run_slide(l->slides[0], shipped_lesson_data(), run);  // Kogge-Stone, 64 elements
    CHECK(check_claim("{depth} = 6", run.sources).empty());
    CHECK(check_claim("{depth} = 7", run.sources) == "it is 6");
    CHECK(check_claim("{depth} < {additions}", run.sources).empty());
    CHECK(check_claim("{right} = right", run.sources).empty());
    CHECK(check_claim("{right} < right", run.sources) == "only = and != compare words");
    CHECK(check_claim("depth = 6", run.sources) == "its left side is not a {fact}");
    CHECK(check_claim("{depth} ~ 6", run.sources).rfind("not \"{fact} OP value\"", 0) == 0);
    CHECK(fill_facts("{additions} additions, {nope}", run.sources) == "321 additions, {nope?}");
}

TEST_CASE("a recording's facts: times, bandwidth, ratios, the GPU and the date",
          "[lesson][claims]") {
    const MeasurementFile* f = recording_named(shipped_lesson_data().lab, "nvidia-h100");
    REQUIRE(f);
    FactSources src;
    src.figures = f;
    std::string why;
    CHECK(evaluate_fact("gpu", src, why)->text == "H100");
    CHECK(evaluate_fact("date", src, why)->text == f->date.substr(0, 10));
    const auto copy = evaluate_fact("gbps copy int 2^28", src, why);
    const auto ro = evaluate_fact("gbps read-only int 268435456", src, why);
    const auto of = evaluate_fact("of copy read-only int 2^28", src, why);
    REQUIRE((copy && ro && of));
    CHECK(of->number == Approx(copy->number / ro->number).epsilon(0.01));
    CHECK_FALSE(evaluate_fact("ms copy int 2^99", src, why));
    CHECK(why == "2^99 is not a size (1048576 or 2^20)");
    CHECK_FALSE(evaluate_fact("ms no-such-algo int 2^28", src, why));
    CHECK(why.find("has no no-such-algo int at n = 2^28") != std::string::npos);
    CHECK_FALSE(evaluate_fact("speedup copy int 2^28", src, why));
    CHECK(why == "speedup takes ALGO OTHER TYPE N");
}

TEST_CASE("\"at the roofline\" needs a claim of at least 95% of the copy or read-only stream",
          "[lesson][claims]") {
    Slide s;
    s.say = "This scan is at the roofline.";
    s.figures = "x";
    CHECK(has(lint_slide(s), "says \"at the roofline\" with no claim"));
    s.claims.push_back({1, "{of a copy int 2^28} >= 0.94"});
    CHECK(has(lint_slide(s), "says \"at the roofline\" with no claim"));
    s.claims.push_back({2, "{of a read-only int 2^28} >= 0.95"});
    CHECK(lint_slide(s).empty());
    s.say = "Close to the memory's roofline, short of it.";  // not "at"
    s.claims.clear();
    CHECK(lint_slide(s).empty());
}

TEST_CASE("lesson text that could not wrap is refused with its line", "[lesson]") {
    const std::string head =
        "title: t\nslide: s\nrequest: --algo reduce-sequential --n 64 --block 32\n";
    std::string error;
    parse_lesson("x", head + "say: " + std::string(20000, 'w') + "\n", error);
    CHECK(error.rfind("line 4: a line of 20005 characters", 0) == 0);
    parse_lesson("x", head + "say: a " + std::string(900, 'w') + "\n", error);
    CHECK(error.rfind("line 4: a word of 900 characters (at most 60", 0) == 0);
    std::string many;
    for (int i = 0; i < 60; ++i) many += "say: " + std::string(40, 'a') + " b\n";
    parse_lesson("x", head + many, error);
    CHECK(error.find("slide 1's say text passes 1500 characters") != std::string::npos);
    CHECK(error.rfind("line ", 0) == 0);
    parse_lesson("x", head + "say: a\nfigures: ../../etc/passwd\n", error);
    CHECK(error.rfind("line 5: figures: ../../etc/passwd is not a recording's name", 0) == 0);
    const Lesson ok = parse_lesson("x", head + "step: race\nsay: a\nclaim: {depth} = 1\n", error);
    CHECK(error.empty());
    REQUIRE(ok.slides.size() == 1);
    CHECK(ok.slides[0].step_anchor == StepAnchor::Race);
    REQUIRE(ok.slides[0].claims.size() == 1);
    CHECK(ok.slides[0].claims[0].line == 6);
    CHECK(ok.slides[0].line == 2);
}

TEST_CASE("a refused lesson says its file, line and why, in the window", "[lesson][session]") {
    namespace fs = std::filesystem;
    const fs::path root = fs::temp_directory_path() / ("ws-lessons-" + std::to_string(::getpid()));
    fs::create_directories(root / "assets/lessons");
    std::ofstream(root / "assets/lessons/09-broken.lesson")
        << "title: t\nslide: s\nrequest: --algo reduce-sequential --n 64 --block 32\nsay: "
        << std::string(100, 'w') << "\n";
    const char* old = std::getenv("WARPSCOPE_ROOT");
    const std::string saved = old ? old : "";
    ::setenv("WARPSCOPE_ROOT", root.c_str(), 1);
    {
        Session s(false);
        s.post(act::OpenLesson{"9", 0});
        s.update();
        CHECK(s.ui.banner.find("--lesson 9: refused: assets/lessons/09-broken.lesson: line 4: a "
                               "word of 100 characters") != std::string::npos);
        const std::string unknown = "--lesson 8: no such lesson in assets/lessons";
        s.post(act::OpenLesson{"8", 0});
        s.update();
        CHECK(s.ui.banner.find(unknown) != std::string::npos);
    }
    if (old)
        ::setenv("WARPSCOPE_ROOT", saved.c_str(), 1);
    else
        ::unsetenv("WARPSCOPE_ROOT");
    fs::remove_all(root);
}

TEST_CASE("a slide's words are filled from its screen, and the lab opens its recording",
          "[lesson][session]") {
    Session s(false);
    REQUIRE(s.ui.lesson.library);
    const Lesson* l = find_lesson(*s.ui.lesson.library, "1");
    REQUIRE(l);
    const Slide& slide = l->slides[0];
    REQUIRE(slide.figures == "nvidia-h100");
    s.post(act::OpenLesson{l->name, 0});
    s.update();
    s.update();
    REQUIRE(s.ui.lab.data);
    REQUIRE(s.ui.lab.file < s.ui.lab.data->files.size());
    const MeasurementFile& shown = s.ui.lab.data->files[s.ui.lab.file];
    CHECK(std::filesystem::path(shown.path).stem().string() == "nvidia-h100");
    // The words carry the recording's figures and the trace's counts, no placeholder left.
    const std::string& say = s.ui.lesson.words.say;
    INFO(say);
    CHECK(say.find('{') == std::string::npos);
    std::string why;
    FactSources src;
    src.figures = &shown;
    CHECK(say.find("Measured on an H100 (" + shown.date.substr(0, 10) + ") at 2^28 ints: " +
                   evaluate_fact("ms reduce-interleaved-divergent int 2^28", src, why)->text +
                   " ms") != std::string::npos);
    SlideRun run;
    run_slide(slide, shipped_lesson_data(), run);
    CHECK(say == fill_facts(slide.say, run.sources));
    // Moving on fills the next slide's words.
    s.post(act::MoveSlide{1});
    s.update();
    s.update();
    CHECK(s.ui.lesson.words.heading == l->slides[1].heading);
    CHECK(s.ui.lesson.words.say.find("-way in step") != std::string::npos);
    CHECK(s.ui.lesson.words.say.find('{') == std::string::npos);
}

TEST_CASE(
    "lessons --check wants a note on every slide and a question whose answer the say does not give",
    "[lesson][claims]") {
    std::string error;
    const Lesson l = parse_lesson(
        "given-away",
        "title: t\n"
        "slide: No note\n"
        "request: --algo reduce-interleaved-divergent --n 256 --block 256 --pattern random\n"
        "step: 1\n"
        "say: {busy_warps} warps are busy.\n"
        "slide: The answer above the question\n"
        "request: --algo reduce-interleaved-divergent --n 256 --block 256 --pattern random\n"
        "step: 1\n"
        "say: In {bar_step}, {busy_warps} of {warps} warps are busy.\n"
        "note: n\n"
        "ask: How many warps are busy?\n"
        "answer: {busy_warps} of {warps}.\n"
        "slide: The next step's answer\n"
        "request: --algo reduce-interleaved-divergent --n 256 --block 256 --pattern random\n"
        "step: 5\n"
        "say: In {bar_step}, {busy_warps} of {warps} warps are busy.\n"
        "note: n\n"
        "ask: In the next step, {next bar_step}, how many warps are busy?\n"
        "answer: {next busy_warps} of {warps}, as the warps grid shows it there.\n",
        error);
    REQUIRE(error.empty());
    const std::vector<std::string> p = check_lesson(l, shipped_lesson_data());
    INFO([&] {
        std::string all;
        for (const std::string& x : p) all += x + "\n";
        return all;
    }());
    CHECK(has(p, "given-away.lesson:2: slide 1 (No note): no note: for the teacher"));
    CHECK(has(p,
              "given-away.lesson:12: slide 2 (The answer above the question): the answer is "
              "in the say: above the question: 8 of 8."));
    CHECK_FALSE(has(p, "slide 3 ("));  // the next step's count, not the one on show
    CHECK(p.size() == 2);
}

TEST_CASE("{next FACT} is the fact at the step after the slide's, {bar_step} as the bar names it",
          "[lesson][claims]") {
    Slide s;
    s.request.algo = "reduce-interleaved-divergent";
    s.request.n = 256;
    s.request.block = 256;
    s.request.pattern = "random";
    s.step = 5;
    SlideRun run;
    run_slide(s, shipped_lesson_data(), run);
    REQUIRE(run.view);
    const std::size_t n = run.view->step_count();
    CHECK(fill_facts("{bar_step}", run.sources) == "step 6 of " + std::to_string(n) + " (5,0)");
    CHECK(fill_facts("{next bar_step}", run.sources) ==
          "step 7 of " + std::to_string(n) + " (6,0)");
    // Stride 32: every warp keeps a lane; stride 64: half of them.
    CHECK(fill_facts("{busy_warps} then {next busy_warps}", run.sources) == "8 then 4");
    CHECK(check_claim("{next busy_warps} < {busy_warps}", run.sources).empty());
    s.step = -1;
    run_slide(s, shipped_lesson_data(), run);
    std::string why;
    CHECK_FALSE(evaluate_fact("next busy_warps", run.sources, why));
    CHECK(why == "the slide shows the last step: there is none after it");
    CHECK_FALSE(evaluate_fact("next", run.sources, why));
}

TEST_CASE("the GPU's branch counters, of the GPU a slide names", "[lesson][claims]") {
    Slide s;
    s.request.algo = "reduce-interleaved-divergent";
    s.request.n = 256;
    s.request.block = 256;
    s.request.pattern = "random";
    SlideRun run;
    run_slide(s, shipped_lesson_data(), run);
    // assets/measurements/hardware-counts-nvidia-h200.json: the short if is predicated.
    CHECK(fill_facts("{hw_gpu h200} ({hw_date h200}): {hw divergent-targets h200} of "
                     "{hw branch-targets H200}, {hw_threads nvidia-h200} threads",
                     run.sources) == "H200 (2026-11-28): 0 of 72, 24.1 threads");
    CHECK(fill_facts("{hw_source h200}", run.sources) == "H200 counted (2026-11-28)");
    // Without a GPU named: the one the panels show (the first recorded, the H100).
    CHECK(fill_facts("{hw_gpu}", run.sources) == "H100");
    CHECK(fill_facts("{hw branch-targets}", run.sources) ==
          fill_facts("{hw branch-targets h100}", run.sources));
    std::string why;
    CHECK_FALSE(evaluate_fact("hw branch-targets a100", run.sources, why));
    CHECK(why == "no GPU called a100 counted the slide's request (h100, h200 did)");
    CHECK_FALSE(evaluate_fact("hw no-such-counter", run.sources, why));
    CHECK(why == "the H100 did not count no-such-counter");
    CHECK_FALSE(evaluate_fact("hw_threads h200 h100", run.sources, why));
    CHECK(why == "hw_threads takes [GPU]");
}
