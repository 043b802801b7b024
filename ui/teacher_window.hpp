// The teacher's window in lecture mode: a second GLFW window with its own ImGui context (sharing
// the main window's fonts and OpenGL objects) that shows the slide's note, the question and the
// next slide (ui/widgets/teacher_notes.hpp). N opens and closes it. It is placed on another
// monitor than the main window where there is one: with the projector as a second screen (not
// mirrored) the class sees the main window and only the teacher sees this one. With one monitor
// it opens beside the main window, never over it (ui/geometry/teacher_place.hpp).
#pragma once
#include <string>
#include <vector>

#include "ui/keys.hpp"

struct GLFWwindow;
struct ImGuiContext;

namespace ws::ui {

class GuiContext;
struct UiState;

class TeacherWindow {
  public:
    TeacherWindow() = default;
    ~TeacherWindow();
    TeacherWindow(const TeacherWindow&) = delete;
    TeacherWindow& operator=(const TeacherWindow&) = delete;

    // Shows it while `shown` (opened the first time), hides it otherwise; "" or an error.
    std::string show(bool shown, GuiContext& main);
    // One frame of it when shown; the main window's contexts are current again after.
    void frame(const UiState& ui);
    // The keys pressed in it since the last call (the lecture's keys act from it too).
    std::vector<KeyAction> take_keys();
    // Its close button was pressed (the caller turns the notes off).
    bool take_close();

  private:
    GLFWwindow* window_ = nullptr;
    GLFWwindow* main_ = nullptr;
    ImGuiContext* imgui_ = nullptr;
    bool shown_ = false;
};

}  // namespace ws::ui
