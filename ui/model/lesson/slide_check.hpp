// Every slide against its screen (issue 35): the slide's request run on the emulator as the
// window runs it, the step it lands on, its recording and the GPU's counts for it, and every
// placeholder, claim and lint rule of its words checked (claims.hpp). The claims test and
// `warpscope lessons --check` run this over every lesson.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ui/model/lab/lab_data.hpp"
#include "ui/model/lesson/claims.hpp"
#include "ui/model/lesson/lesson.hpp"
#include "ui/model/trace/hardware_view.hpp"

namespace ws::ui {

// What slides draw on beside their traces: the recordings and the GPU's counts, read once.
struct LessonData {
    LabData lab;
    HardwareLibrary hardware;
};
LessonData load_lesson_data(const std::string& root);

// The recording called `name` ("nvidia-h100": assets/measurements/nvidia-h100.json), or nullptr.
const MeasurementFile* recording_named(const LabData& lab, const std::string& name);

// A slide shown: its trace, where it lands, and its facts' sources (pointing into this).
struct SlideRun {
    std::shared_ptr<const TraceView> view;
    HardwareView hardware;
    FactSources sources;
    SlideRun() = default;
    SlideRun(const SlideRun&) = delete;
    SlideRun& operator=(const SlideRun&) = delete;
};
void run_slide(const Slide& s, const LessonData& data, SlideRun& out);

// Every problem of every slide of `lesson`, a line each (empty: every claim holds).
std::vector<std::string> check_lesson(const Lesson& lesson, const LessonData& data);

}  // namespace ws::ui
