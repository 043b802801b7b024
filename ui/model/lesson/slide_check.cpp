// Running every slide and checking its words.
#include "ui/model/lesson/slide_check.hpp"

#include <filesystem>

#include "kernels/run/emulator_backend.hpp"

namespace ws::ui {

LessonData load_lesson_data(const std::string& root) {
    LessonData d;
    d.lab = load_lab_data(root);
    d.hardware = load_hardware_library(root);
    return d;
}

const MeasurementFile* recording_named(const LabData& lab, const std::string& name) {
    for (const MeasurementFile& f : lab.files)
        if (std::filesystem::path(f.path).stem().string() == name) return &f;
    return nullptr;
}

void run_slide(const Slide& s, const LessonData& data, SlideRun& out) {
    out.view.reset();
    out.hardware = {};
    out.sources = {};
    if (!s.request.algo.empty()) {
        auto t = std::make_shared<const trace::Trace>(run::run_on_emulator(s.request));
        out.view = make_trace_view(t);
        out.hardware = hardware_view(*t, data.hardware);
        out.sources.view = out.view.get();
        out.sources.step = slide_step(*out.view, s.step, s.step_anchor, s.view);
        out.sources.at_moment = s.view == View::Pipeline;
        out.sources.hardware = &out.hardware;
    }
    if (!s.figures.empty()) out.sources.figures = recording_named(data.lab, s.figures);
}

std::vector<std::string> check_lesson(const Lesson& lesson, const LessonData& data) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
        const Slide& s = lesson.slides[i];
        if (!s.figures.empty() && !recording_named(data.lab, s.figures))
            out.push_back(lesson.name + ".lesson:" + std::to_string(s.line) + ": slide " +
                          std::to_string(i + 1) + " (" + s.heading + "): figures: " + s.figures +
                          " is not a recording in assets/measurements");
        SlideRun run;
        run_slide(s, data, run);
        for (std::string& p : check_slide(lesson, i, run.sources)) out.push_back(std::move(p));
    }
    return out;
}

}  // namespace ws::ui
