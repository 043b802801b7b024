// `warpscope lessons` (issue 35): the lessons of assets/lessons listed, a refused one with its
// file, line and why; `--check` runs every slide and checks its words and claims against its
// trace, GPU counts and recording (ui/model/lesson/slide_check.hpp), a line per problem; a
// teacher's own lesson file is checked the same way; `--facts` lists the facts a slide can use;
// `--words` prints each slide's words as its screen fills them (the teacher's answer and note too).
#include <cstdio>
#include <filesystem>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "kernels/io/data_file.hpp"
#include "kernels/io/data_root.hpp"
#include "kernels/user/outcome.hpp"
#include "ui/model/lesson/slide_check.hpp"

namespace ws::cli {
namespace {

int print_facts() {
    for (const ui::FactInfo& f : ui::fact_table()) {
        const std::string call = std::string("{") + f.name + (*f.args ? " " : "") + f.args + "}";
        std::printf("%-28s %s\n", call.c_str(), f.what);
    }
    return 0;
}

// Each slide as its screen words it: heading, say and ask with their facts filled in, and the
// teacher's answer and note.
void print_words(const ui::Lesson& l, const ui::LessonData& data) {
    std::printf("%s: %s\n", l.name.c_str(), l.title.c_str());
    for (std::size_t i = 0; i < l.slides.size(); ++i) {
        const ui::Slide& s = l.slides[i];
        ui::SlideRun run;
        ui::run_slide(s, data, run);
        std::vector<std::string> problems;
        const auto fill = [&](const std::string& t) {
            return ui::fill_facts(t, run.sources, &problems);
        };
        std::printf("\n%zu. %s\n", i + 1, fill(s.heading).c_str());
        if (run.view)
            std::printf("   (%s %zu)\n", s.view == ui::View::Pipeline ? "moment" : "step",
                        run.sources.step + 1);
        std::printf("   %s\n", fill(s.say).c_str());
        if (!s.ask.empty()) std::printf("   ask: %s\n", fill(s.ask).c_str());
        if (!s.answer.empty()) std::printf("   answer: %s\n", fill(s.answer).c_str());
        if (!s.note.empty()) std::printf("   note: %s\n", fill(s.note).c_str());
        for (const std::string& p : problems) std::printf("   unknown: %s\n", p.c_str());
    }
}

}  // namespace

int cmd_lessons(const LessonsOptions& o) {
    if (o.facts) return print_facts();
    const std::string root = io::data_root();
    const ui::LessonLibrary lib = ui::load_lessons(root);
    int code = 0;
    std::vector<ui::Lesson> chosen;
    if (o.names.empty()) {
        for (const std::string& p : lib.problems) {
            std::fprintf(stderr, "warpscope: refused: assets/lessons/%s\n", p.c_str());
            code = 1;
        }
        chosen = lib.lessons;
    }
    for (const std::string& name : o.names) {
        if (const ui::Lesson* l = ui::find_lesson(lib, name)) {
            chosen.push_back(*l);
            continue;
        }
        if (const std::string p = ui::lesson_problem(lib, name); !p.empty()) {
            std::fprintf(stderr, "warpscope: refused: assets/lessons/%s\n", p.c_str());
            code = 1;
            continue;
        }
        std::string error;  // a file of the teacher's
        const std::string text = io::read_data_file(name, io::DataKind::Lesson, error);
        if (!error.empty())
            throw UsageError{name + ": not a lesson of assets/lessons (" + error + ")"};
        ui::Lesson l = ui::parse_lesson(std::filesystem::path(name).stem().string(), text, error);
        if (!error.empty()) {
            std::fprintf(stderr, "warpscope: refused: %s: %s\n", user::printable_name(name).c_str(),
                         user::printable_line(error, 2000).c_str());
            code = 1;
            continue;
        }
        chosen.push_back(std::move(l));
    }
    if (o.words) {
        const ui::LessonData data = ui::load_lesson_data(root);
        for (const ui::Lesson& l : chosen) print_words(l, data);
        return code;
    }
    if (!o.check) {
        for (const ui::Lesson& l : chosen)
            std::printf("%-28s %zu slides  %s\n", l.name.c_str(), l.slides.size(), l.title.c_str());
        return code;
    }
    const ui::LessonData data = ui::load_lesson_data(root);
    std::size_t slides = 0, problems = 0;
    for (const ui::Lesson& l : chosen) {
        slides += l.slides.size();
        for (const std::string& p : ui::check_lesson(l, data)) {
            std::printf("%s\n", p.c_str());
            ++problems;
        }
    }
    std::fprintf(problems ? stderr : stdout,
                 problems ? "warpscope: %zu problems in %zu slides of %zu lessons\n"
                          : "%zu slides of %zu lessons: every claim holds\n",
                 problems ? problems : slides, problems ? slides : chosen.size(), chosen.size());
    return problems || code ? 1 : 0;
}

}  // namespace ws::cli
