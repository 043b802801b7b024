// The lesson feature's rows.
#include "ui/features/lesson/lesson_flags.hpp"

#include "ui/flags/flag_values.hpp"
#include "ui/model/lesson/quiz_state.hpp"
#include "ui/window_args.hpp"

namespace ws::ui {
namespace {

using Row = FlagRow<LessonArgs>;
using Text = std::optional<std::string>;

std::vector<Row> rows() {
    std::vector<Row> r;
    Row lesson =
        text_row("--lesson", "open a lesson of assets/lessons (its name or number): lecture mode",
                 &LessonArgs::lesson);
    lesson.in_link = true;
    lesson.write = [](const LessonArgs& a) {
        return a.lesson.empty() ? std::nullopt : Text(a.lesson);
    };
    lesson.example = {"--lesson", "02-bank-conflicts"};
    r.push_back(lesson);

    Row slide = value_row<LessonArgs>("--slide", "the lesson's slide to open: 1, 2, ...");
    slide.store = [](LessonArgs& a, const std::string& v) {
        const auto s = parse_long(v);
        if (!s || *s < 1) return "--slide " + v + ": not a slide number (1, 2, ...)";
        a.slide = std::size_t(*s - 1);
        return std::string();
    };
    slide.in_link = true;
    slide.write = [](const LessonArgs& a) {
        return a.lesson.empty() ? std::nullopt : Text(std::to_string(a.slide + 1));
    };
    slide.example = {"--lesson", "01-reduction-ladder", "--slide", "3"};
    r.push_back(slide);

    Row quiz = value_row<LessonArgs>(
        "--quiz", "open with a quiz attempt (predict the next step) of this seed, 1..999999999");
    quiz.store = [](LessonArgs& a, const std::string& v) {
        std::string error;
        attempt_seed(v, 1, error);
        if (!error.empty()) return "--quiz " + v + ": not a seed (1..999999999)";
        a.quiz_seed = v;
        return std::string();
    };
    quiz.in_link = true;
    quiz.write = [](const LessonArgs& a) {
        return a.quiz_seed.empty() ? std::nullopt : Text(a.quiz_seed);
    };
    quiz.example = {"--lesson", "01-reduction-ladder", "--slide", "2", "--quiz", "77"};
    r.push_back(quiz);

    r.push_back(
        switch_row("--whole-stage",
                   "with --lesson: the slide's picture on the whole stage, its words hidden (Z)",
                   &LessonArgs::whole_stage));
    return r;
}

std::string finish(LessonArgs& l, const WindowArgs&) {
    if (l.whole_stage && l.lesson.empty())
        return "--whole-stage shows a slide's picture alone: it goes with --lesson NAME";
    return "";
}

}  // namespace

const FlagTable<LessonArgs>& lesson_flags() {
    static const FlagTable<LessonArgs> table{"Lessons and the quiz", rows(), finish};
    return table;
}

}  // namespace ws::ui
