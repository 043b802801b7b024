// EGL without a window: a device display (hardware before software), else Mesa's surfaceless
// one; a desktop OpenGL context made current with no surface (a 1x1 pbuffer where that is not
// offered).
#include "ui/headless_gl.hpp"

#if defined(__EMSCRIPTEN__)
// A page draws into its canvas only.
namespace ws::ui {
HeadlessGl::~HeadlessGl() = default;
void* HeadlessGl::proc(const char*) {
    return nullptr;
}
std::string HeadlessGl::open() {
    return "a web page has no headless renderer";
}
}  // namespace ws::ui
#else
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace ws::ui {
namespace {

std::string egl_error(const char* what) {
    char text[64];
    std::snprintf(text, sizeof text, "%s failed (EGL error 0x%04x)", what, unsigned(eglGetError()));
    return text;
}

bool has_extension(const char* list, const char* name) {
    if (!list) return false;
    const std::size_t len = std::strlen(name);
    for (const char* p = std::strstr(list, name); p; p = std::strstr(p + len, name))
        if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0')) return true;
    return false;
}

template <class F>
F egl_proc(const char* name) {
    return reinterpret_cast<F>(eglGetProcAddress(name));
}

// The displays to try, in order: EGL devices, hardware first; then Mesa's surfaceless platform.
struct Candidate {
    EGLDisplay display;
    std::string name;
};

std::vector<Candidate> candidates() {
    std::vector<Candidate> out;
    const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    const auto get_display = egl_proc<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT");
    if (!get_display) return out;
    if (has_extension(client, "EGL_EXT_platform_device")) {
        const auto query = egl_proc<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
        const auto device_string =
            egl_proc<PFNEGLQUERYDEVICESTRINGEXTPROC>("eglQueryDeviceStringEXT");
        EGLDeviceEXT devices[16];
        EGLint count = 0;
        if (query && device_string && query(16, devices, &count)) {
            std::vector<Candidate> software;
            for (EGLint i = 0; i < count; ++i) {
                const char* ext = device_string(devices[i], EGL_EXTENSIONS);
                const bool soft = has_extension(ext, "EGL_MESA_device_software");
                Candidate c{get_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr),
                            "EGL device " + std::to_string(i) + (soft ? " (software)" : "")};
                if (c.display == EGL_NO_DISPLAY) continue;
                (soft ? software : out).push_back(c);
            }
            out.insert(out.end(), software.begin(), software.end());
        }
    }
    if (has_extension(client, "EGL_MESA_platform_surfaceless")) {
        EGLDisplay d = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
        if (d != EGL_NO_DISPLAY) out.push_back({d, "EGL surfaceless"});
    }
    return out;
}

}  // namespace

HeadlessGl::~HeadlessGl() {
    if (!display_) return;
    EGLDisplay d = display_;
    eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (surface_) eglDestroySurface(d, surface_);
    if (context_) eglDestroyContext(d, context_);
    eglTerminate(d);
}

void* HeadlessGl::proc(const char* name) {
    return reinterpret_cast<void*>(eglGetProcAddress(name));
}

std::string HeadlessGl::open() {
    const std::vector<Candidate> all = candidates();
    if (all.empty()) return "no headless OpenGL: this EGL offers no device or surfaceless display";
    std::string why;
    for (const Candidate& c : all) {
        // Each attempt's failure, in the one line said when none draws.
        const auto failed = [&](const std::string& what) {
            why += (why.empty() ? "" : "; ") + c.name + ": " + what;
            eglTerminate(c.display);
        };
        EGLint major = 0, minor = 0;
        if (!eglInitialize(c.display, &major, &minor)) {
            failed(egl_error("eglInitialize"));
            continue;
        }
        if (!eglBindAPI(EGL_OPENGL_API)) {
            failed("no desktop OpenGL");
            continue;
        }
        const EGLint want[] = {EGL_SURFACE_TYPE,
                               EGL_PBUFFER_BIT,
                               EGL_RENDERABLE_TYPE,
                               EGL_OPENGL_BIT,
                               EGL_RED_SIZE,
                               8,
                               EGL_GREEN_SIZE,
                               8,
                               EGL_BLUE_SIZE,
                               8,
                               EGL_ALPHA_SIZE,
                               8,
                               EGL_NONE};
        EGLConfig config = nullptr;
        EGLint configs = 0;
        eglChooseConfig(c.display, want, &config, 1, &configs);
        const char* ext = eglQueryString(c.display, EGL_EXTENSIONS);
        if (configs < 1 && !has_extension(ext, "EGL_KHR_no_config_context")) {
            failed("no OpenGL configuration");
            continue;
        }
        const EGLint version[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0,
                                  EGL_NONE};
        EGLContext context = eglCreateContext(c.display, configs ? config : EGL_NO_CONFIG_KHR,
                                              EGL_NO_CONTEXT, version);
        if (context == EGL_NO_CONTEXT) {
            failed(egl_error("eglCreateContext"));
            continue;
        }
        EGLSurface surface = EGL_NO_SURFACE;
        bool current = has_extension(ext, "EGL_KHR_surfaceless_context") &&
                       eglMakeCurrent(c.display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
        if (!current && configs) {
            const EGLint size[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
            surface = eglCreatePbufferSurface(c.display, config, size);
            current =
                surface != EGL_NO_SURFACE && eglMakeCurrent(c.display, surface, surface, context);
        }
        if (!current) {
            const std::string e = egl_error("eglMakeCurrent");
            if (surface != EGL_NO_SURFACE) eglDestroySurface(c.display, surface);
            eglDestroyContext(c.display, context);
            failed(e);
            continue;
        }
        display_ = c.display;
        context_ = context;
        surface_ = surface == EGL_NO_SURFACE ? nullptr : surface;
        const char* vendor = eglQueryString(c.display, EGL_VENDOR);
        where_ = c.name + ", EGL " + std::to_string(major) + "." + std::to_string(minor) +
                 (vendor ? std::string(" (") + vendor + ")" : "");
        return "";
    }
    return "no headless OpenGL: " + why;
}

}  // namespace ws::ui
#endif
