// The command line: `warpscope list | trace | stats | verify | bench | info`. The same binary
// opens the window when given no command (app/main.cpp decides).
#pragma once

namespace ws::cli {
// Returns the process exit code: 0 success, 1 a failed check or kernel error, 2 bad input.
int run_cli(int argc, char** argv);
}  // namespace ws::cli
