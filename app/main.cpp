// warpscope: with no command, the window; otherwise the command line (app/cli).
#include <cstdio>
#include <cstring>

#include "app/backends.hpp"
#include "app/cli/cli.hpp"

#if defined(WS_HAVE_GUI)
#include "ui/app_window.hpp"
#endif

int main(int argc, char** argv) {
    ws::app::register_backends();
    const bool gui_flags = argc > 1 && std::strncmp(argv[1], "--", 2) == 0 &&
                           std::strcmp(argv[1], "--help") != 0 && std::strcmp(argv[1], "-h") != 0;
    if (argc == 1 || gui_flags) {
#if defined(WS_HAVE_GUI)
        return ws::ui::run_window(argc, argv);
#else
        std::fprintf(stderr,
                     "warpscope: this build has no window (GLFW or Dear ImGui was not found); "
                     "commands: list, trace, stats, verify, bench, info (try --help)\n");
        return argc == 1 ? 2 : ws::cli::run_cli(argc, argv);
#endif
    }
    return ws::cli::run_cli(argc, argv);
}
