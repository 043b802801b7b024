// The facts a slide may state (issue 35): from its trace at its step, from the whole trace, from
// the GPU's own counts for its request and from the recording the slide names. A slide's words
// write them as {name args} and are filled in when shown; its claims compare them. One table
// (fact_table) names and explains every fact: the parser, `warpscope lessons --facts` and the
// README's pointer read it.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "kernels/run/measurements.hpp"
#include "ui/model/lesson/lesson.hpp"
#include "ui/model/trace/hardware_view.hpp"
#include "ui/model/trace/trace_view.hpp"

namespace ws::ui {

// Where a slide's facts come from; any may be missing (a fact that needs it is then unknown).
struct FactSources {
    const TraceView* view = nullptr;  // the slide's trace
    std::size_t step = 0;             // the slide's step in it (slide_step)
    bool at_moment = false;           // `step` is a moment of the pipeline view (the slide's view)
    const run::Measurements* figures = nullptr;  // the slide's recording
    const HardwareView* hardware = nullptr;      // the GPU's counts for the slide's request
};

struct FactValue {
    bool is_number = true;
    double number = 0;
    std::string text;  // as the slide shows it (numbers formatted by their fact)
};

enum class FactSource { Trace, Hardware, Recording };
struct FactInfo {
    const char* name;
    const char* args;  // "" or "ALGO TYPE N"
    const char* what;
    FactSource source = FactSource::Trace;
};
const std::vector<FactInfo>& fact_table();

// `expr` is "name arg ...": its value, or nullopt and `why` (one line).
std::optional<FactValue> evaluate_fact(const std::string& expr, const FactSources& src,
                                       std::string& why);

// The race a slide tells: at its step, the first swap a schedule made there, else the step's
// first race; at a step without one, the trace's earliest swap (its second access first), else
// its earliest race. nullptr when nothing races.
const RacePair* slide_race(const TraceView& v, std::size_t step);
// The view step a slide lands on: `step` (-1: the last) clamped; with StepAnchor::Race, the
// access-step of the second access of slide_race's race. In the pipeline view (`view`) a step
// is a moment, and StepAnchor::CopyWait the first wait on a copy in flight (else `step`).
std::size_t slide_step(const TraceView& v, long step, StepAnchor anchor, View view);

}  // namespace ws::ui
