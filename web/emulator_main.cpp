// warpscope-emulator.js, run by node: the page's emulator (the same WebAssembly, the same
// Emscripten fibers) on one request, for the test that compares its trace with the native
// program's (web/test-emulator.py). Usage: node warpscope-emulator.js FLAGS... -o FILE
// (the flags of `warpscope trace`). Prints the trace's size and digest (emulator_run.hpp).
#include <emscripten.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "web/emulator_run.hpp"

int main(int argc, char** argv) {
    std::string flags, out;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "-o" && i + 1 < argc)
            out = argv[++i];
        else
            flags += (flags.empty() ? "" : " ") + a;
    }
    const ws::web::EmulatorRun r = ws::web::run_emulator(flags);
    int code = 0;
    if (!r.error.empty()) {
        std::fprintf(stderr, "warpscope-emulator: %s\n", r.error.c_str());
        code = 1;
    } else {
        if (!out.empty()) {
            if (FILE* f = std::fopen(out.c_str(), "wb")) {
                std::fwrite(r.bytes.data(), 1, r.bytes.size(), f);
                std::fclose(f);
            } else {
                std::fprintf(stderr, "warpscope-emulator: cannot write %s\n", out.c_str());
                code = 1;
            }
        }
        std::printf("%s\n", ws::web::digest(r.bytes).c_str());
    }
    std::fflush(stdout);
    // Out through exit(): main's own return may have been unwound by a fiber swap (Asyncify).
    std::exit(code);
}
