// The facts of a pipelined block (issue 38) a slide can state: its stages, copies and waits
// from the Pipeline view's model (ui/model/trace/pipeline_view.hpp), and, when the slide's step
// is a moment of the pipeline view, what that moment shows. One table, read by fact_table().
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ui/model/lesson/slide_facts.hpp"

namespace ws::ui {

const std::vector<FactInfo>& pipeline_fact_table();

// `name` is one of pipeline_fact_table()'s: its value for the slide, or nullopt and `why`.
std::optional<FactValue> pipeline_fact(const std::string& name,
                                       const std::vector<std::string>& args, const FactSources& src,
                                       std::string& why);

}  // namespace ws::ui
