// Every data folder the window reads at start (lessons, measurements and hardware counts, the
// multi-GPU files, SASS, the reference table, puzzles) holds, beside a good file, a FIFO named
// like one of its files, a link to /dev/zero and a sparse file past the folder's limit: the
// window still starts (within seconds, no abort), loads the good files and says of each bad one,
// in one line, which file and why (issue 34: io::read_data_file, the one loader).
#include <sys/resource.h>

#include <catch2/catch.hpp>

#include "kernels/io/atomic_file.hpp"
#include "kernels/io/data_file.hpp"
#include "tests/reliability/reliability_kit.hpp"
#include "tests/test_paths.hpp"
#include "ui/session.hpp"
#include "ui/settings.hpp"

using namespace reliability;
namespace fs = std::filesystem;

namespace {

// A data folder of the window: where, the extension it reads (and a prefix), one good file to
// copy from the repository's assets, and the limit of its kind.
struct Folder {
    std::string dir, ext, prefix, good;
    ws::io::DataKind kind;
};

const std::vector<Folder>& folders() {
    static const std::vector<Folder> f = {
        {"lessons", ".lesson", "", "01-reduction-ladder.lesson", ws::io::DataKind::Lesson},
        {"measurements", ".json", "", "nvidia-h100.json", ws::io::DataKind::Measurements},
        {"measurements", ".json", "hardware-counts-", "hardware-counts-nvidia-h100.json",
         ws::io::DataKind::HardwareCounts},
        {"measurements/multi-gpu", ".json", "", "multi-gpu-float-nvidia-h200x2.json",
         ws::io::DataKind::Measurements},
        {"sass", ".sass", "", "reduce-sequential.sass", ws::io::DataKind::Sass},
        {"reference", ".csv", "harris-g80", "harris-g80.csv", ws::io::DataKind::Reference},
        {"puzzles", ".puzzle", "", "01-any-n.puzzle", ws::io::DataKind::Puzzle},
    };
    return f;
}

// In `root`/assets/`f.dir`: the good file, and three bad ones named like the folder's files.
std::vector<std::string> fill(const std::string& root, const Folder& f, int i) {
    const fs::path dir = fs::path(root) / "assets" / f.dir;
    fs::create_directories(dir);
    const fs::path good = fs::path(WS_SOURCE_DIR) / "assets" / f.dir / f.good;
    if (fs::exists(good)) fs::copy_file(good, dir / f.good, fs::copy_options::overwrite_existing);
    std::vector<std::string> bad;
    const std::string stem = f.prefix + "zz-bad-" + std::to_string(i);
    const std::string fifo = (dir / (stem + "-fifo" + f.ext)).string();
    ::mkfifo(fifo.c_str(), 0644);
    const std::string zero = (dir / (stem + "-zero" + f.ext)).string();
    fs::create_symlink("/dev/zero", zero);
    const std::string big = (dir / (stem + "-big" + f.ext)).string();
    write_bytes(big, "{");
    REQUIRE(::truncate(big.c_str(), off_t(ws::io::max_bytes(f.kind) + 1)) == 0);
    return {fifo, zero, big};
}

bool any_names(const std::vector<std::string>& lines, const std::string& file,
               const std::string& why) {
    for (const std::string& l : lines)
        if (l.find(file) != std::string::npos && l.find(why) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("reliability: a special or oversized file in each data folder leaves the window starting",
          "[reliability]") {
    ScratchDir d;
    std::vector<std::vector<std::string>> bad;
    for (std::size_t i = 0; i < folders().size(); ++i)
        bad.push_back(fill(d.path, folders()[i], int(i)));
    // The puzzle's kernels beside it.
    for (const char* f : {"01-any-n.start.cu", "01-any-n.solution.cu", "01-any-n.wrong.cu"})
        fs::copy_file(fs::path(WS_SOURCE_DIR) / "assets/puzzles" / f,
                      d / ("assets/puzzles/" + std::string(f)));
    ::setenv("WARPSCOPE_ROOT", d.path.c_str(), 1);
    const Ended e = in_child(
        [&] {
            ws::ui::Session s(false);
            const std::vector<std::string>& problems = s.data_problems();
            int missing = 0;
            for (std::size_t i = 0; i < folders().size(); ++i) {
                if (folders()[i].dir == "reference") continue;  // one file by name: below
                const auto& b = bad[i];
                missing += !any_names(problems, b[0], "it is a FIFO, not a regular file");
                missing += !any_names(problems, b[1], "a character device, not a regular file");
                missing += !any_names(problems, b[2], "can have");
            }
            // The good files still load, and the window runs requests.
            s.ui.form.algo = "reduce-sequential";
            s.ui.form.n = "64";
            s.ui.form.block = 32;
            s.run_form();
            const bool runs = s.view().step_count() > 0;
            const bool lesson = s.ui.lesson.library && s.ui.lesson.library->lessons.size() == 1;
            const bool sass = s.ui.sass && s.ui.sass->count("reduce-sequential") == 1 &&
                              s.ui.sass->at("reduce-sequential").error.empty();
            const bool lab = s.ui.lab.data && !s.ui.lab.data->files.empty() &&
                             !s.ui.lab.data->multi_gpu.files.empty();
            const bool puzzles = s.ui.editor.puzzles.size() == 1;
            std::fprintf(stderr, "missing %d runs %d lesson %d sass %d lab %d puzzles %d\n",
                         missing, runs, lesson, sass, lab, puzzles);
            for (const std::string& p : problems) std::fprintf(stderr, "  %s\n", p.c_str());
            return missing == 0 && runs && lesson && sass && lab && puzzles ? 0 : 1;
        },
        60);
    ::unsetenv("WARPSCOPE_ROOT");
    CHECK_FALSE(e.timed_out);
    CHECK(e.signal == 0);
    CHECK(e.exit_code == 0);
}

TEST_CASE("reliability: the reference table as a FIFO or too large is said, not waited on",
          "[reliability]") {
    for (const std::string kind : {"fifo", "big"}) {
        ScratchDir d;
        fs::create_directories(d / "assets/reference");
        const std::string path = d / "assets/reference/harris-g80.csv";
        if (kind == "fifo")
            ::mkfifo(path.c_str(), 0644);
        else
            REQUIRE((write_bytes(path, "#"), ::truncate(path.c_str(), off_t(64) << 20) == 0));
        const Ended e = in_child(
            [&] {
                const ws::ui::LabData lab = ws::ui::load_lab_data(d.path);
                return lab.problems.size() == 1 && lab.problems[0].find(path) != std::string::npos
                           ? 0
                           : 1;
            },
            10);
        CHECK_FALSE(e.timed_out);
        CHECK(e.exit_code == 0);
    }
}

TEST_CASE("reliability: a settings file of any size is kept as .bad and said", "[reliability]") {
    ScratchDir d;
    const std::string path = d / "settings.json";
    // Two megabytes of valid JSON: past what a settings file can have.
    write_bytes(path, "{\"theme\": \"light\", \"pad\": \"" + std::string(2 << 20, 'x') + "\"}");
    const std::uint64_t size = fs::file_size(path);
    std::string problem;
    const ws::ui::Settings s = ws::ui::load_settings(path, &problem);
    CHECK(s.theme == "dark");  // not read: the defaults
    CHECK(problem.find("more than the 1.0 MB a settings file can have") != std::string::npos);
    CHECK(problem.find("kept as " + path + ".bad") != std::string::npos);
    REQUIRE(fs::exists(path + ".bad"));
    CHECK(fs::file_size(path + ".bad") == size);
    // The window saves over it on exit: the copy keeps the old bytes.
    CHECK(ws::ui::save_settings(s, path).empty());
    CHECK(fs::file_size(path + ".bad") == size);
    CHECK(fs::file_size(path) < 4096);
}

TEST_CASE("reliability: mistyped settings values are reset, said and kept", "[reliability]") {
    ScratchDir d;
    const std::string path = d / "settings.json";
    const std::string text =
        R"({"theme": "neon", "font_scale": "big", "speed": 2, "request": {"block": "many"}})";
    write_bytes(path, text);
    std::string problem;
    const ws::ui::Settings s = ws::ui::load_settings(path, &problem);
    CHECK(s.theme == "dark");
    CHECK(s.font_scale == 1.0f);
    CHECK(s.speed == 2);
    CHECK(s.form.block == 32);
    CHECK(problem.find("theme \"neon\" is not dark or light") != std::string::npos);
    CHECK(problem.find("font_scale \"big\" is not a number") != std::string::npos);
    CHECK(problem.find("request.block \"many\" is not a number of threads") != std::string::npos);
    CHECK(problem.find("kept as " + path + ".bad") != std::string::npos);
    CHECK(read_bytes(path + ".bad") == text);
    // A file the window wrote itself has nothing to say.
    REQUIRE(ws::ui::save_settings(s, path).empty());
    problem.clear();
    ws::ui::load_settings(path, &problem);
    CHECK(problem.empty());
}

TEST_CASE("reliability: files written together are all new or all old, even on a full disk",
          "[reliability]") {
    ScratchDir d;
    const std::string page = d / "page.png", answers = d / "page-answers.txt";
    write_bytes(page, "old page");
    write_bytes(answers, "old answers");
    // The page fits under the limit, the answers do not: neither is replaced.
    const Ended e = in_child([&] {
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{1 << 16, 1 << 16};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const std::string big(1 << 20, 'a');
        const std::string error =
            ws::io::write_files_together({{page, "new page"}, {answers, big}});
        return error.find("cannot write " + answers + ": File too large") == 0 ? 0 : 1;
    });
    CHECK(e.exit_code == 0);
    CHECK(read_bytes(page) == "old page");
    CHECK(read_bytes(answers) == "old answers");
    CHECK(d.temporaries().empty());
    // With room for both, both are new, and nothing is left beside them.
    CHECK(ws::io::write_files_together({{page, "new page"}, {answers, "new answers"}}).empty());
    CHECK(read_bytes(page) == "new page");
    CHECK(read_bytes(answers) == "new answers");
    CHECK(d.names().size() == 2);
    // A target that cannot be written (a folder in its place): the others stay as they were.
    fs::create_directories(d / "folder.txt");
    CHECK(!ws::io::write_files_together({{page, "newer"}, {d / "folder.txt", "x"}}).empty());
    CHECK(read_bytes(page) == "new page");
}
