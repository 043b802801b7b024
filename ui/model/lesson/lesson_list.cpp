// The lessons listed, and how to open one.
#include "ui/model/lesson/lesson_list.hpp"

#include <algorithm>

namespace ws::ui {
namespace {

// The number --lesson takes for `l` ("1" for 01-reduction-ladder), when find_lesson agrees.
std::string number_of(const LessonLibrary& lib, const Lesson& l) {
    const std::size_t digits = l.name.find_first_not_of("0123456789");
    if (digits == 0 || digits == std::string::npos) return "";
    const std::size_t first = std::min(l.name.find_first_not_of('0'), digits - 1);
    const std::string number = l.name.substr(first, digits - first);
    return find_lesson(lib, number) == &l ? number : "";
}

// The lesson a refused file's problem names ("02-banks.lesson: line 7: ..." : "02-banks").
std::string refused_name(const std::string& problem) {
    const std::size_t dot = problem.find(".lesson");
    if (dot == std::string::npos) return problem;
    const std::size_t slash = problem.rfind('/', dot);
    const std::size_t from = slash == std::string::npos ? 0 : slash + 1;
    return problem.substr(from, dot - from);
}

}  // namespace

std::vector<LessonEntry> lesson_entries(const LessonLibrary& lib) {
    std::vector<LessonEntry> out;
    for (const Lesson& l : lib.lessons) {
        const std::string number = number_of(lib, l);
        out.push_back(
            {l.name, (number.empty() ? "" : number + ". ") + l.title, l.slides.size(), ""});
    }
    for (const std::string& p : lib.problems) {
        const std::string name = refused_name(p);
        out.push_back({name, name + " (refused)", 0, p});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const LessonEntry& a, const LessonEntry& b) { return a.name < b.name; });
    return out;
}

const char* lesson_flag_how() {
    return "warpscope --lesson NAME opens one from the command line (its name or number: "
           "--lesson 1; --slide N for another slide)";
}

std::string lesson_how() {
    return std::string(
               "The Lessons list in the controls opens a lesson at slide 1 (a click); Page "
               "Down and Page Up step through its slides (with no lesson on, Page Down shows "
               "the list). ") +
           lesson_flag_how() + ".";
}

}  // namespace ws::ui
