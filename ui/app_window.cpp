// run_window: parse the flags, then either the interactive loop (here) or offscreen pictures and
// frame times (offscreen.cpp). Both draw the same frame (frame.cpp) from a Session.
#include "ui/app_window.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <csignal>
#include <cstdio>
#include <optional>

#include "ui/frame.hpp"
#include "ui/gui_context.hpp"
#include "ui/offscreen.hpp"
#include "ui/session.hpp"
#include "ui/settings.hpp"
#include "ui/teacher_window.hpp"
#include "ui/widgets/slide_words.hpp"
#include "ui/window_args.hpp"
#include "ui/window_loop.hpp"
#include "ui/window_setup.hpp"

namespace ws::ui {
namespace {

// Ctrl+C or a kill ends the loop normally, so that the settings are saved.
volatile std::sig_atomic_t g_stop = 0;
void on_signal(int) {
    g_stop = 1;
}

// The first banner: the settings file's problem, else the data files' (each one line naming the
// file; the window starts without them).
std::string start_banner(const std::string& settings_problem, const Session& s) {
    if (!settings_problem.empty()) return settings_problem;
    const std::vector<std::string> data = s.data_problems();
    if (data.empty()) return "";
    return data.front() + (data.size() > 1 ? " (and " + std::to_string(data.size() - 1) +
                                                 " more data files unread)"
                                           : "");
}

// Lecture mode's second window (N): the slide's note and the next slide, for the teacher only;
// the lecture's keys pressed there act as in the main window.
void teacher_frame(GuiContext& gui, Session& s, TeacherWindow& teacher) {
    if (std::string e = teacher.show(s.ui.lesson.notes_shown && lecture_on(s.ui), gui); !e.empty())
        s.ui.banner = e;
    teacher.frame(s.ui);
    for (KeyAction k : teacher.take_keys())
        if (std::optional<Action> act = key_action(k)) s.ui.post(std::move(*act));
    if (teacher.take_close()) s.ui.post(act::ToggleNotes{});
}

int run_interactive(const WindowArgs& a, bool from_link) {
    const std::string path = settings_path();
    std::string problem;
    Settings settings = load_settings(path, &problem);
    Session s(true);
    s.ui.preferences() = settings.preferences();
    if (std::string e = prepare(s, a); !e.empty()) {
        if (a.request_given || !a.trace_file.empty()) return fail(2, e);
        s.ui.banner = e;  // a stale saved request: open anyway and say why
    }
    // After the first run, which clears the banner: the settings' or the data files' problem
    // stays until dismissed.
    if (!problem.empty()) problem = path + ": " + problem;
    if (std::string b = start_banner(problem, s); !b.empty()) s.ui.banner = b;
    GuiContext gui;
    const int w = a.width ? a.width : settings.width, h = a.height ? a.height : settings.height;
    if (std::string e = gui.open(w, h, true, style_of(s.ui)); !e.empty()) return fail(1, e);
    WindowLoop loop;
    TeacherWindow teacher;  // after gui: closed before it
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    while (!gui.should_close() && !g_stop) {
        // Idle (nothing playing, easing, running or asked for): wait for input instead of
        // spinning, so a software renderer does not keep a core busy.
        // (A student's kernel or a race search, seconds long, is picked up within the timeout.)
        const bool busy = s.ui.playback.playing || s.ui.playback.transition < 1.0 ||
                          s.ui.runs.running || s.ui.runs.compare_running ||
                          s.ui.runs.circuit_running || s.ui.lab.sweep.running ||
                          loop.exporting(s) || !s.ui.actions.empty();
        if (busy)
            glfwPollEvents();
        else
            glfwWaitEventsTimeout(0.25);
        loop.draw(gui, s, a, glfwGetTime());
        gui.swap();
        // After the frame on show, before the next events: the export's own frames.
        loop.after_show(gui, s);
        teacher_frame(gui, s, teacher);
    }
    gui.window_size(settings.width, settings.height);
    settings.preferences() =
        kept_preferences(settings.preferences(), s.ui.preferences(), from_link);
    if (std::string e = save_settings(settings, path); !e.empty())
        std::fprintf(stderr, "warpscope: settings not saved: %s\n", e.c_str());
    return 0;
}

}  // namespace

int run_window(int argc, char** argv) {
    const ParsedArgs parsed = parse_window_args(argc, argv);
    if (!parsed.error.empty()) return fail(2, parsed.error);
    const WindowArgs& a = parsed.args;
    if (a.help) {
        std::fputs(window_usage().c_str(), stdout);
        return 0;
    }
    if (!a.screenshot.empty() || !a.screenshot_panels.empty() || a.bench_frames ||
        !a.export_gif.empty() || !a.export_pngs.empty() || !a.worksheet.empty())
        return run_offscreen(a);
    return run_interactive(a, parsed.from_link);
}

}  // namespace ws::ui
