#include "ui/model/lesson/lesson.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "kernels/io/data_file.hpp"
#include "kernels/run/request_parse.hpp"

namespace ws::ui {
namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

void join(std::string& into, const std::string& more) {
    into += (into.empty() ? "" : " ") + more;
}

std::string longest_word(const std::string& text) {
    std::string best, word;
    for (char c : text + " ") {
        if (c == ' ' || c == '\t') {
            if (word.size() > best.size()) best = word;
            word.clear();
        } else {
            word += c;
        }
    }
    return best;
}

}  // namespace

Lesson parse_lesson(const std::string& name, const std::string& text, std::string& error) {
    Lesson lesson;
    lesson.name = name;
    std::istringstream in(text);
    std::string raw;
    int number = 0;
    auto fail = [&](const std::string& why) {
        error = "line " + std::to_string(number) + ": " + why;
        return Lesson{};
    };
    while (std::getline(in, raw)) {
        ++number;
        if (raw.size() > kMaxLessonLine)
            return fail("a line of " + std::to_string(raw.size()) + " characters (at most " +
                        std::to_string(kMaxLessonLine) + ")");
        const std::string line = trim(raw);
        if (line.empty() || line[0] == '#') continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos) return fail("not \"key: value\": " + line);
        const std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
        if (key == "title") {
            lesson.title = value;
            continue;
        }
        if (key == "slide" || key == "say" || key == "note" || key == "ask" || key == "answer") {
            if (std::string word = longest_word(value); word.size() > kMaxLessonWord)
                return fail("a word of " + std::to_string(word.size()) + " characters (at most " +
                            std::to_string(kMaxLessonWord) +
                            ", so that it wraps): " + word.substr(0, 20) + "...");
        }
        if (key == "slide") {
            lesson.slides.push_back({});
            lesson.slides.back().heading = value;
            lesson.slides.back().line = number;
            continue;
        }
        if (lesson.slides.empty()) return fail(key + " before the first slide:");
        Slide& s = lesson.slides.back();
        if (key == "request") {
            run::RequestText t;
            std::string why;
            if (!run::request_text_from_flags(value, t, why)) return fail(why);
            const run::ParsedRequest p = run::parse_request(t, {run::kMaxElementsEmulator, true});
            if (!p.ok()) return fail(p.error);
            s.request = p.request;
            s.request_flags = value;
        } else if (key == "step" && value == "race") {
            s.step_anchor = StepAnchor::Race;
        } else if (key == "step" && value == "copy-wait") {
            s.step_anchor = StepAnchor::CopyWait;
        } else if (key == "step") {
            try {
                std::size_t used = 0;
                s.step = std::stol(value, &used);
                if (used != value.size() || s.step < -1) throw std::invalid_argument(value);
            } catch (const std::exception&) {
                return fail("step: " + value +
                            " is not a step (0, 1, ..., -1 for the last, race or copy-wait)");
            }
        } else if (key == "view") {
            const auto v = parse_view(value);
            if (!v) return fail("view: " + value + " is not a view (" + view_names(", ") + ")");
            s.view = *v;
        } else if (key == "panel") {
            s.panel = parse_panel(value);
            if (!s.panel)
                return fail("panel: " + value + " is not a panel (" + panel_names() + ")");
        } else if (key == "say" || key == "note" || key == "ask" || key == "answer") {
            std::string& into = key == "say"    ? s.say
                                : key == "note" ? s.note
                                : key == "ask"  ? s.ask
                                                : s.answer;
            if (key == "ask" && !s.ask_line) s.ask_line = number;
            if (key == "answer" && !s.answer_line) s.answer_line = number;
            join(into, value);
            if (into.size() > kMaxSlideText)
                return fail("slide " + std::to_string(lesson.slides.size()) + "'s " + key +
                            " text passes " + std::to_string(kMaxSlideText) + " characters");
        } else if (key == "figures") {
            if (value.empty() || value.find_first_of("/\\. ") != std::string::npos)
                return fail("figures: " + value +
                            " is not a recording's name (a file of assets/measurements without "
                            ".json, e.g. nvidia-h100)");
            s.figures = value;
        } else if (key == "claim") {
            s.claims.push_back({number, value});
        } else {
            return fail("unknown key " + key +
                        " (title, slide, request, step, view, panel, say, "
                        "note, ask, answer, figures, claim)");
        }
    }
    number = 0;
    if (lesson.title.empty()) return fail("no title: line");
    if (lesson.slides.empty()) return fail("no slide: line");
    for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
        const Slide& s = lesson.slides[i];
        if (s.request.algo.empty() && s.view != View::Lab)
            return fail("slide " + std::to_string(i + 1) + " (" + s.heading + ") has no request");
        if (s.say.empty())
            return fail("slide " + std::to_string(i + 1) + " (" + s.heading + ") says nothing");
        if (s.step_anchor == StepAnchor::CopyWait && s.view != View::Pipeline)
            return fail("slide " + std::to_string(i + 1) + " (" + s.heading +
                        "): step: copy-wait is a moment of the pipeline view (view: pipeline)");
        // The teacher's window shows the answer under the question: one needs the other.
        if (!s.ask.empty() && s.answer.empty()) {
            number = s.ask_line;
            return fail("slide " + std::to_string(i + 1) + " (" + s.heading +
                        ") asks a question with no answer: line (answer: ...)");
        }
        if (s.ask.empty() && !s.answer.empty()) {
            number = s.answer_line;
            return fail("slide " + std::to_string(i + 1) + " (" + s.heading +
                        ") answers with no ask: line (ask: ...)");
        }
    }
    error.clear();
    return lesson;
}

LessonLibrary load_lessons(const std::string& root) {
    LessonLibrary lib;
    namespace fs = std::filesystem;
    for (const std::string& file : io::data_files(root + "/assets/lessons", ".lesson")) {
        std::string error;
        const std::string text = io::read_data_file(file, io::DataKind::Lesson, error);
        if (!error.empty()) {  // already names the file
            lib.problems.push_back(error);
            continue;
        }
        Lesson l = parse_lesson(fs::path(file).stem().string(), text, error);
        if (error.empty())
            lib.lessons.push_back(std::move(l));
        else
            lib.problems.push_back(fs::path(file).filename().string() + ": " + error);
    }
    return lib;
}

namespace {

// Lesson `l` ("04-races") is the one `name` names: itself, or its number ("4").
bool names(const std::string& l, const std::string& name) {
    if (l == name) return true;
    const auto dash = l.find('-');
    if (dash == std::string::npos) return false;
    try {
        std::size_t used = 0;
        const int wanted = std::stoi(name, &used);
        return used == name.size() && std::stoi(l.substr(0, dash)) == wanted;
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace

std::string lesson_problem(const LessonLibrary& lib, const std::string& name) {
    for (const std::string& p : lib.problems) {
        const auto dot = p.find(".lesson");
        if (dot != std::string::npos && names(p.substr(0, dot), name)) return p;
    }
    return "";
}

const Lesson* find_lesson(const LessonLibrary& lib, const std::string& name) {
    for (const Lesson& l : lib.lessons)
        if (names(l.name, name)) return &l;
    return nullptr;
}

bool next_slide(const LessonLibrary& lib, const std::string& lesson, std::size_t& slide, int by) {
    const Lesson* l = find_lesson(lib, lesson);
    if (!l || l->slides.empty()) return false;
    const long to = std::clamp<long>(long(slide) + by, 0, long(l->slides.size()) - 1);
    if (std::size_t(to) == slide) return false;
    slide = std::size_t(to);
    return true;
}

}  // namespace ws::ui
