// An OpenGL context with no window and no X server, through EGL: the GPU's own EGL device (an
// NVIDIA driver on a GPU machine), else Mesa's software device or surfaceless platform
// (llvmpipe, as on CI). It draws into framebuffer objects only (ui/gui_context.hpp's Offscreen):
// the renderer of --screenshot, --export-gif/--export-pngs and --bench-frames wherever it opens.
#pragma once
#include <string>

namespace ws::ui {

class HeadlessGl {
  public:
    HeadlessGl() = default;
    ~HeadlessGl();
    HeadlessGl(const HeadlessGl&) = delete;
    HeadlessGl& operator=(const HeadlessGl&) = delete;

    // Makes a desktop OpenGL 3.0 (or later, compatible) context current on this thread; "" or
    // why not, in one line.
    std::string open();
    bool is_open() const { return context_ != nullptr; }
    // Where it draws: "EGL device 0 (NVIDIA)", "EGL surfaceless (Mesa Project)".
    const std::string& where() const { return where_; }
    // A GL function of the current context (eglGetProcAddress).
    static void* proc(const char* name);

  private:
    void* display_ = nullptr;
    void* context_ = nullptr;
    void* surface_ = nullptr;  // a 1x1 pbuffer, only where surfaceless contexts are not offered
    std::string where_;
};

}  // namespace ws::ui
