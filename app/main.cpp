// warpscope: with no command, the window; otherwise the command line (app/cli).
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "app/backends.hpp"
#include "app/cli/cli.hpp"
#include "kernels/io/interrupt_cleanup.hpp"
#include "kernels/user/child.hpp"
#include "kernels/user/child_protocol.hpp"

#if defined(WS_HAVE_GUI)
#include "ui/app_window.hpp"
#endif

namespace {

// A standard stream closed by the caller (`warpscope list >&-`) would hand its number to the
// next file opened, and the output would go into that file. Hold each closed one with /dev/null
// opened for reading: writes to it then fail, and the failure is reported (app/cli/cli.cpp).
void hold_closed_standard_streams() {
    for (int fd = 0; fd <= 2; ++fd)
        if (fcntl(fd, F_GETFD) == -1) {
            const int held = open("/dev/null", O_RDONLY);
            if (held >= 0 && held != fd) {
                dup2(held, fd);
                close(held);
            }
        }
}

}  // namespace

int main(int argc, char** argv) {
    // The sandboxed child of `run-kernel` (kernels/user/child.hpp): not a command for people.
    ws::app::register_gpu_kernel_runner();
    if (argc > 1 && std::strcmp(argv[1], ws::user::kChildCommand) == 0)
        return ws::user::child_main(argc, argv);
    hold_closed_standard_streams();
    ws::io::install_interrupt_cleanup();
    ws::app::register_backends();
    // Window flags, or a warpscope:// link (ui/model/window/state_link.hpp) that carries them.
    const bool gui_flags =
        argc > 1 && ((std::strncmp(argv[1], "--", 2) == 0 && std::strcmp(argv[1], "--help") != 0 &&
                      std::strcmp(argv[1], "-h") != 0) ||
                     std::strncmp(argv[1], "warpscope://", 12) == 0);
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
