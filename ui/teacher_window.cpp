// The teacher's window: its own GLFW window and ImGui context, drawn after the main one.
#include "ui/teacher_window.hpp"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <GLFW/glfw3.h>

#include <algorithm>

#include "ui/fonts.hpp"
#include "ui/geometry/teacher_place.hpp"
#include "ui/gui_context.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/teacher_notes.hpp"

namespace ws::ui {
namespace {

// The keys pressed in the teacher's window (GLFW calls back during the main loop's poll).
std::vector<KeyAction>& pending_keys() {
    static std::vector<KeyAction> keys;
    return keys;
}

void on_key(GLFWwindow*, int key, int, int action, int) {
    if (action != GLFW_PRESS && action != GLFW_REPEAT) return;
    std::vector<KeyAction>& k = pending_keys();
    switch (key) {
        case GLFW_KEY_PAGE_DOWN:
            k.push_back(KeyAction::NextSlide);
            break;
        case GLFW_KEY_PAGE_UP:
            k.push_back(KeyAction::PrevSlide);
            break;
        case GLFW_KEY_RIGHT:
            k.push_back(KeyAction::StepForward);
            break;
        case GLFW_KEY_LEFT:
            k.push_back(KeyAction::StepBack);
            break;
        case GLFW_KEY_SPACE:
            if (action == GLFW_PRESS) k.push_back(KeyAction::PlayPause);
            break;
        case GLFW_KEY_N:
            if (action == GLFW_PRESS) k.push_back(KeyAction::Notes);
            break;
        case GLFW_KEY_Z:
            if (action == GLFW_PRESS) k.push_back(KeyAction::WholeStage);
            break;
        default:
            break;
    }
}

// The monitor the main window is on (its centre), or the primary one.
GLFWmonitor* monitor_of(GLFWwindow* w) {
    int x = 0, y = 0, ww = 0, wh = 0, count = 0;
    glfwGetWindowPos(w, &x, &y);
    glfwGetWindowSize(w, &ww, &wh);
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    for (int i = 0; i < count; ++i) {
        int mx = 0, my = 0, mw = 0, mh = 0;
        glfwGetMonitorWorkarea(monitors[i], &mx, &my, &mw, &mh);
        const int cx = x + ww / 2, cy = y + wh / 2;
        if (cx >= mx && cx < mx + mw && cy >= my && cy < my + mh) return monitors[i];
    }
    return glfwGetPrimaryMonitor();
}

// On another monitor than the main window's where there is one (the teacher's screen, with
// the projector as the main window's), else beside the main window on its monitor, never over
// it (place_beside: right, else left, else below).
void place(GLFWwindow* teacher, GLFWwindow* main) {
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    GLFWmonitor* projected = monitor_of(main);
    for (int i = 0; i < count; ++i) {
        if (monitors[i] == projected) continue;
        int mx = 0, my = 0, mw = 0, mh = 0;
        glfwGetMonitorWorkarea(monitors[i], &mx, &my, &mw, &mh);
        glfwSetWindowPos(teacher, mx + 40, my + 40);
        return;
    }
    ScreenRect area, m;
    if (projected) glfwGetMonitorWorkarea(projected, &area.x, &area.y, &area.w, &area.h);
    glfwGetWindowPos(main, &m.x, &m.y);
    glfwGetWindowSize(main, &m.w, &m.h);
    // Positions are of the client area: the frames count too (the teacher's, not yet shown,
    // taken to be as the main window's).
    int left = 0, top = 0, right = 0, bottom = 0, w = 0, h = 0;
    glfwGetWindowFrameSize(main, &left, &top, &right, &bottom);
    glfwGetWindowSize(teacher, &w, &h);
    m = {m.x - left, m.y - top, m.w + left + right, m.h + top + bottom};
    if (area.w <= 0 || area.h <= 0) area = m;  // no work area known: below the main window
    const ScreenPoint at = place_beside(area, m, w + left + right, h + top + bottom, 16);
    glfwSetWindowPos(teacher, at.x + left, at.y + top);
}

}  // namespace

TeacherWindow::~TeacherWindow() {
    if (!window_) return;
    ImGuiContext* before = ImGui::GetCurrentContext();
    glfwMakeContextCurrent(window_);
    ImGui::SetCurrentContext(imgui_);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::GetIO().Fonts = nullptr;  // the main context's: it frees them
    ImGui::DestroyContext(imgui_);
    ImGui::SetCurrentContext(before);
    glfwDestroyWindow(window_);
    if (main_) glfwMakeContextCurrent(main_);
}

std::string TeacherWindow::show(bool shown, GuiContext& main) {
    if (shown == shown_) return "";
    shown_ = shown;
    if (!shown) {
        if (window_) glfwHideWindow(window_);
        return "";
    }
    if (window_) {
        glfwShowWindow(window_);
        return "";
    }
    main_ = main.window();
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    window_ = glfwCreateWindow(720, 480, "warpscope: the teacher's notes (not projected)", nullptr,
                               main_);
    if (!window_) {
        shown_ = false;
        return "cannot open the teacher's window: no second OpenGL window";
    }
    place(window_, main_);
    glfwSetKeyCallback(window_, on_key);
    ImGuiContext* before = ImGui::GetCurrentContext();
    imgui_ = ImGui::CreateContext(ImGui::GetIO().Fonts);  // the main window's fonts
    ImGui::SetCurrentContext(imgui_);
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::GetIO().LogFilename = nullptr;
    glfwMakeContextCurrent(window_);
    glfwSwapInterval(0);  // the main window waits for the display; this one need not
    ImGui_ImplGlfw_InitForOpenGL(window_, false);
    ImGui_ImplOpenGL3_Init("#version 130");
    ImGui::SetCurrentContext(before);
    glfwMakeContextCurrent(main_);
    glfwShowWindow(window_);
    return "";
}

void TeacherWindow::frame(const UiState& ui) {
    if (!window_ || !shown_) return;
    ImGuiContext* before = ImGui::GetCurrentContext();
    const ImGuiStyle style = ImGui::GetStyle();  // the main window's look
    ImGui::SetCurrentContext(imgui_);
    ImGui::GetStyle() = style;
    ImGui::GetIO().FontDefault = fonts().text;  // rebuilt with the main window's style
    glfwMakeContextCurrent(window_);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize(size);
    if (ImGui::Begin("##teacher", nullptr,
                     ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings))
        draw_teacher_notes(ui);
    ImGui::End();
    ImGui::Render();
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(window_, &fw, &fh);
    glViewport(0, 0, fw, fh);
    const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(palette().panel_bg);
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    glfwSwapBuffers(window_);
    ImGui::SetCurrentContext(before);
    glfwMakeContextCurrent(main_);
}

std::vector<KeyAction> TeacherWindow::take_keys() {
    std::vector<KeyAction> out;
    out.swap(pending_keys());
    return out;
}

bool TeacherWindow::take_close() {
    if (!window_ || !glfwWindowShouldClose(window_)) return false;
    glfwSetWindowShouldClose(window_, GLFW_FALSE);
    return true;
}

}  // namespace ws::ui
