// The shipped recordings and GPU counts the lesson tests check slides against, read once.
#pragma once
#include "tests/test_paths.hpp"
#include "ui/model/lesson/slide_check.hpp"

inline const ws::ui::LessonData& shipped_lesson_data() {
    static const ws::ui::LessonData d = ws::ui::load_lesson_data(WS_SOURCE_DIR);
    return d;
}
