// The lessons as the window lists them (the controls' Lessons list): one entry per file of
// assets/lessons, by file name, each with the title a click opens at slide 1 (or why the file
// was refused), and how to open a lesson, in the words the list and the help (F1) share. Plain
// data, from the library the lesson feature loads (LessonState::library).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "ui/model/lesson/lesson.hpp"

namespace ws::ui {

struct LessonEntry {
    std::string name;   // the file's name without .lesson: what --lesson and act::OpenLesson take
    std::string label;  // "1. Harris's reduction ladder" (the number --lesson takes, the title)
    std::size_t slides = 0;
    std::string problem;  // why the file was refused ("" : it opens)
};

// Every lesson file of `lib`, the refused ones too, by file name.
std::vector<LessonEntry> lesson_entries(const LessonLibrary& lib);

// How to open a lesson from the command line: "warpscope --lesson NAME ...".
const char* lesson_flag_how();
// How to open a lesson at all (the help overlay): the list, the flag, the keys.
std::string lesson_how();

}  // namespace ws::ui
