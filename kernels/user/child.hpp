// The sandboxed child that compiles and runs a student's kernel (issue 19): warpscope itself,
// started again by the parent (user_run.hpp) as
//   warpscope __kernel-child DIR DISPLAY STUDENT_DIR INCLUDE_DIR REQUEST_FLAGS COMPILER...
// inside its private work folder DIR (which holds the student's text as kernel.cu), under the
// parent's limits and, where there is one, bubblewrap. It compiles the wrapper (the compiler is
// its own child, under the same limits), puts up its guards (child_guard.hpp), loads the shared
// object (whose undefined symbols, the emulator's, resolve against this executable: it is linked
// with its symbols exported), runs the request on the emulator and writes the trace file. What
// it leaves is described in child_protocol.hpp.
#pragma once

namespace ws::user {

// argv[1] is kChildCommand. Returns the exit code (child_protocol.hpp: ChildExit).
int child_main(int argc, char** argv);

}  // namespace ws::user
