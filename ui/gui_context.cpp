// GLFW or headless EGL + OpenGL 3 + ImGui set-up, frames, and the offscreen framebuffer.
#include "ui/gui_context.hpp"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#define GLFW_INCLUDE_GLEXT
#include <GLFW/glfw3.h>

#include <cfloat>
#include <cstring>

#include "ui/fonts.hpp"
#include "ui/headless_gl.hpp"
#include "ui/theme.hpp"
#include "ui/widgets/raster_textures.hpp"

namespace ws::ui {
namespace {

std::string g_glfw_error;

void on_glfw_error(int, const char* description) {
    g_glfw_error = description ? description : "?";
}

// GL 3.0 framebuffer functions, loaded through GLFW (the system GL header only declares 1.x).
struct FboApi {
    PFNGLGENFRAMEBUFFERSPROC gen_framebuffers = nullptr;
    PFNGLBINDFRAMEBUFFERPROC bind_framebuffer = nullptr;
    PFNGLDELETEFRAMEBUFFERSPROC delete_framebuffers = nullptr;
    PFNGLGENRENDERBUFFERSPROC gen_renderbuffers = nullptr;
    PFNGLBINDRENDERBUFFERPROC bind_renderbuffer = nullptr;
    PFNGLDELETERENDERBUFFERSPROC delete_renderbuffers = nullptr;
    PFNGLRENDERBUFFERSTORAGEPROC renderbuffer_storage = nullptr;
    PFNGLFRAMEBUFFERRENDERBUFFERPROC framebuffer_renderbuffer = nullptr;
    PFNGLCHECKFRAMEBUFFERSTATUSPROC check_framebuffer_status = nullptr;
    using Getter = void* (*)(const char*);
    bool load(Getter get) {
        gen_framebuffers = reinterpret_cast<PFNGLGENFRAMEBUFFERSPROC>(get("glGenFramebuffers"));
        bind_framebuffer = reinterpret_cast<PFNGLBINDFRAMEBUFFERPROC>(get("glBindFramebuffer"));
        delete_framebuffers =
            reinterpret_cast<PFNGLDELETEFRAMEBUFFERSPROC>(get("glDeleteFramebuffers"));
        gen_renderbuffers = reinterpret_cast<PFNGLGENRENDERBUFFERSPROC>(get("glGenRenderbuffers"));
        bind_renderbuffer = reinterpret_cast<PFNGLBINDRENDERBUFFERPROC>(get("glBindRenderbuffer"));
        delete_renderbuffers =
            reinterpret_cast<PFNGLDELETERENDERBUFFERSPROC>(get("glDeleteRenderbuffers"));
        renderbuffer_storage =
            reinterpret_cast<PFNGLRENDERBUFFERSTORAGEPROC>(get("glRenderbufferStorage"));
        framebuffer_renderbuffer =
            reinterpret_cast<PFNGLFRAMEBUFFERRENDERBUFFERPROC>(get("glFramebufferRenderbuffer"));
        check_framebuffer_status =
            reinterpret_cast<PFNGLCHECKFRAMEBUFFERSTATUSPROC>(get("glCheckFramebufferStatus"));
        return gen_framebuffers && bind_framebuffer && delete_framebuffers && gen_renderbuffers &&
               bind_renderbuffer && delete_renderbuffers && renderbuffer_storage &&
               framebuffer_renderbuffer && check_framebuffer_status;
    }
};

FboApi& fbo_api() {
    static FboApi api;
    return api;
}

std::vector<std::uint8_t> read_pixels(int w, int h) {
    std::vector<std::uint8_t> rgba(std::size_t(w) * std::size_t(h) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    // GL's rows go bottom-up; images go top-down.
    const std::size_t row = std::size_t(w) * 4;
    std::vector<std::uint8_t> tmp(row);
    for (int y = 0; y < h / 2; ++y) {
        std::uint8_t* a = rgba.data() + std::size_t(y) * row;
        std::uint8_t* b = rgba.data() + std::size_t(h - 1 - y) * row;
        std::memcpy(tmp.data(), a, row);
        std::memcpy(a, b, row);
        std::memcpy(b, tmp.data(), row);
    }
    return rgba;
}

void* glfw_proc(const char* name) {
    return reinterpret_cast<void*>(glfwGetProcAddress(name));
}

}  // namespace

GuiContext::GuiContext() = default;

GuiContext::~GuiContext() {
    if (imgui_) {
        textures_.reset();
        ImGui_ImplOpenGL3_Shutdown();
        if (window_) ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
    }
    if (window_) {
        glfwDestroyWindow(window_);
        glfwTerminate();
    }
}

std::string GuiContext::open(int width, int height, bool visible, const Style& style) {
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit())
        return "cannot open a window: " + (g_glfw_error.empty() ? "no display" : g_glfw_error) +
               " (is DISPLAY set? headless: use xvfb-run)";
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
    window_ = glfwCreateWindow(width, height, "warpscope", nullptr, nullptr);
    if (!window_)
        return "cannot create an OpenGL 3.0 window: " +
               (g_glfw_error.empty() ? std::string("unknown GLFW error") : g_glfw_error);
    glfwMakeContextCurrent(window_);
    glfwSwapInterval(visible ? 1 : 0);
    if (!fbo_api().load(glfw_proc))
        return "this OpenGL has no framebuffer objects (needs OpenGL 3.0)";
    return start_imgui(style);
}

std::string GuiContext::open_headless(const Style& style) {
    headless_ = std::make_unique<HeadlessGl>();
    if (std::string e = headless_->open(); !e.empty()) {
        headless_.reset();
        return e;
    }
    if (!fbo_api().load(HeadlessGl::proc))
        return "this OpenGL has no framebuffer objects (needs OpenGL 3.0)";
    return start_imgui(style);
}

std::string GuiContext::renderer() const {
    const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    std::string out = name ? name : "?";
    if (headless_) out += " (headless: " + headless_->where() + ")";
    return out;
}

std::string GuiContext::start_imgui(const Style& style) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    imgui_ = true;
    textures_ = std::make_unique<RasterTextures>();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // the layout is fixed; settings live in the config directory
    io.LogFilename = nullptr;
    if (window_) ImGui_ImplGlfw_InitForOpenGL(window_, true);
#if defined(__EMSCRIPTEN__)
    ImGui_ImplOpenGL3_Init("#version 300 es");  // the web page: WebGL 2 (web/)
#else
    ImGui_ImplOpenGL3_Init("#version 130");
#endif
    set_style(style);
    return "";
}

bool GuiContext::should_close() const {
    return window_ && glfwWindowShouldClose(window_);
}

void GuiContext::set_style(const Style& style) {
    style_ = style;
    const float scale = style.effective_scale();
    load_fonts(scale);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    ImGui::GetStyle() = ImGuiStyle();
    apply_theme(style.theme, style.presentation);
    ImGui::GetStyle().ScaleAllSizes(scale);
}

void GuiContext::begin_frame() {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
}

void GuiContext::begin_offscreen_frame(int width, int height) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGuiIO& io = ImGui::GetIO();
    if (window_)
        ImGui_ImplGlfw_NewFrame();
    else
        io.DeltaTime = 1.0f / 60.0f;  // headless: a steady clock, so that pictures repeat
    io.DisplaySize = ImVec2(float(width), float(height));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    ImGui::NewFrame();
}

void GuiContext::render(int fb_width, int fb_height) {
    ImGui::Render();
    glViewport(0, 0, fb_width, fb_height);
    const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(palette().panel_bg);
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void GuiContext::swap() {
    if (window_) glfwSwapBuffers(window_);
}

void GuiContext::window_size(int& w, int& h) const {
    if (window_) glfwGetWindowSize(window_, &w, &h);
}
void GuiContext::framebuffer_size(int& w, int& h) const {
    if (window_) glfwGetFramebufferSize(window_, &w, &h);
}

Offscreen::~Offscreen() {
    if (fbo_) {
        fbo_api().bind_framebuffer(GL_FRAMEBUFFER, 0);
        fbo_api().delete_framebuffers(1, &fbo_);
        fbo_api().delete_renderbuffers(1, &color_);
    }
}

std::string Offscreen::create(int width, int height) {
    FboApi& gl = fbo_api();
    width_ = width;
    height_ = height;
    gl.gen_framebuffers(1, &fbo_);
    gl.bind_framebuffer(GL_FRAMEBUFFER, fbo_);
    gl.gen_renderbuffers(1, &color_);
    gl.bind_renderbuffer(GL_RENDERBUFFER, color_);
    gl.renderbuffer_storage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    gl.framebuffer_renderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
    if (gl.check_framebuffer_status(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return "cannot make a " + std::to_string(width) + "x" + std::to_string(height) +
               " offscreen framebuffer";
    return "";
}

void Offscreen::bind() const {
    fbo_api().bind_framebuffer(GL_FRAMEBUFFER, fbo_);
}

void Offscreen::bind_window() {
    fbo_api().bind_framebuffer(GL_FRAMEBUFFER, 0);
}

std::vector<std::uint8_t> Offscreen::read_rgba() const {
    bind();
    glFinish();
    return read_pixels(width_, height_);
}

std::vector<std::uint8_t> read_window_rgba(int width, int height) {
    fbo_api().bind_framebuffer(GL_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    return read_pixels(width, height);
}

}  // namespace ws::ui
