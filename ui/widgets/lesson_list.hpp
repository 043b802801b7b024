// The Lessons list of the controls: each lesson of assets/lessons by its title, a click opening
// it at slide 1 through the lesson feature (act::OpenLesson); the lesson on marked; a refused
// file dim, with why on hover; under it, how to open one from the command line.
#pragma once
#include "ui/ui_state.hpp"

namespace ws::ui {

void draw_lesson_list(PanelContext& ctx);

}  // namespace ws::ui
