// A request run on the emulator and encoded as a trace file's bytes, from the flags
// `warpscope trace` takes ("--algo reduce-tree --n 4096 --block 1024"): what the page's emulator
// and the node tool (emulator_main.cpp) give, compared byte for byte with the native program's
// `warpscope trace -o` (web/test-emulator.py, web/test-page.py).
#pragma once
#include <string>

namespace ws::web {

// The time a trace was recorded at, in every trace the page's emulator gives for the tests (the
// one field that differs from the native program's; web/trace_digest.py sets the same).
inline constexpr const char* kTestTime = "0000-00-00T00:00:00Z";

struct EmulatorRun {
    std::string bytes;  // the trace file (kernels/trace/trace_file.hpp); empty on error
    std::string error;  // one line, as the command line would say it
};
EmulatorRun run_emulator(const std::string& flags);

// The trace's size and the FNV-1a 64 of its bytes less the checksum that ends them, as
// "BYTES HEX16" (what the browser test compares, web/trace_digest.py).
std::string digest(const std::string& bytes);

}  // namespace ws::web
