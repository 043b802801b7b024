// The Dear ImGui context, with fonts and theme, on an OpenGL 3 context (GLSL "#version 130"):
// the GLFW window's, or a headless one (ui/headless_gl.hpp: EGL, no window, no X server); plus
// an offscreen framebuffer for screenshots and frame-time benches, so that the picture has the
// asked-for size whatever the screen. imgui.ini is disabled.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct GLFWwindow;

namespace ws::ui {

class RasterTextures;
class HeadlessGl;

struct Style {
    std::string theme = "dark";
    bool presentation = false;
    float font_scale = 1.0f;
    // The scale everything is drawn at: presentation mode enlarges the chosen scale.
    float effective_scale() const { return font_scale * (presentation ? 1.35f : 1.0f); }
};

class GuiContext {
  public:
    GuiContext();
    ~GuiContext();
    GuiContext(const GuiContext&) = delete;
    GuiContext& operator=(const GuiContext&) = delete;

    // Opens the window (hidden for offscreen work). Returns "" or a one-line error.
    std::string open(int width, int height, bool visible, const Style& style);
    // Opens no window: an OpenGL context of its own for offscreen frames only. "" or the error.
    std::string open_headless(const Style& style);
    bool headless() const { return window_ == nullptr; }
    // What draws: "NVIDIA H100 80GB HBM3/PCIe/SSE2 (EGL device 0, EGL 1.5 (NVIDIA))".
    std::string renderer() const;
    bool should_close() const;
    GLFWwindow* window() const { return window_; }

    // Rebuilds fonts and colours; call between frames.
    void set_style(const Style& style);
    const Style& style() const { return style_; }

    // A frame: sizes come from the window, or (offscreen) the given size with no mouse.
    void begin_frame();
    void begin_offscreen_frame(int width, int height);
    // Renders ImGui's draw data to the bound framebuffer (window or offscreen), cleared first.
    void render(int fb_width, int fb_height);
    void swap();
    void window_size(int& w, int& h) const;
    void framebuffer_size(int& w, int& h) const;

  private:
    std::string start_imgui(const Style& style);
    GLFWwindow* window_ = nullptr;
    std::unique_ptr<HeadlessGl> headless_;
    bool imgui_ = false;
    std::unique_ptr<RasterTextures> textures_;  // the raster pictures' textures, in this context
    Style style_;
};

// An RGBA8 framebuffer object of a fixed size; binds itself while alive.
class Offscreen {
  public:
    ~Offscreen();
    std::string create(int width, int height);  // "" or an error
    void bind() const;
    static void bind_window();                    // back to drawing into the window
    std::vector<std::uint8_t> read_rgba() const;  // top row first
    int width() const { return width_; }
    int height() const { return height_; }

  private:
    unsigned fbo_ = 0, color_ = 0;
    int width_ = 0, height_ = 0;
};

// Reads the window's back buffer (before swap), top row first.
std::vector<std::uint8_t> read_window_rgba(int width, int height);

}  // namespace ws::ui
