// The children of `run-kernel` (issues 19 and 33): warpscope itself, started again by the parent
// (user_run.hpp) walled in (spawn.hpp, sandbox.hpp) with the hidden command of child_protocol.hpp.
// Each reads what it is handed on its descriptors, does one job and reports facts on descriptor 3
// (child_report.hpp); none writes a line for people.
//   run:   puts up the allow-list filter and its handlers (child_guard.hpp), then loads the shared
//          object the parent's compiler made (the filter answers the loader's one open with the
//          descriptor handed over, so even the object's constructors run walled in), plans the
//          request's memory against its own limit, runs it on the emulator and reports the trace.
//   gpu:   loads NVRTC's code on the GPU, runs, records, checks and times it (gpu_runner.hpp); the
//          student's code runs on the GPU only, so this child has no filter (the driver needs
//          threads, devices and ioctls).
//   nvrtc: compiles the source with NVRTC against the headers handed to it and reports the code
//          and the two kernels' names, or NVRTC's log.
#pragma once

namespace ws::user {

// argv[1] is kChildCommand. Returns the exit code (0: the job's facts are reported).
int child_main(int argc, char** argv);

}  // namespace ws::user
