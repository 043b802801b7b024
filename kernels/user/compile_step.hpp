// Compiling a student's kernel in a walled-in child (issue 33): the machine's compiler for the
// emulator, NVRTC for the GPU. Each child sees the toolchain, the vocabulary's headers and the
// work folder, and nothing else (sandbox.hpp); the include path is built, not scanned for
// (toolchain.hpp, nvrtc_source.hpp). The parent reads what the compiler said and writes the one
// line (outcome.hpp).
#pragma once
#include <string>
#include <vector>

#include "kernels/catalog.hpp"
#include "kernels/trace/dtype.hpp"
#include "kernels/user/kernel_header.hpp"
#include "kernels/user/sandbox.hpp"
#include "kernels/user/work_dir.hpp"

namespace ws::user {

// What every compile is given: the student's text (already in the work folder as kSourceFile),
// its name as printed, the vocabulary's folder.
struct CompileInput {
    const std::string& source;
    const std::string& display;
    const std::string& include_dir;
    Family family;
    const KernelHeader* header = nullptr;  // a plain kernel's (header->plain.plain): clang++
};

// The machine's compiler makes kObjectFile in `work` from the wrapper; "" or the one line.
std::string compile_for_emulator(const Sandbox& sandbox, const WorkDir& work,
                                 const CompileInput& in);

struct NvrtcBuild {
    std::string error;  // "" or the one line
    std::string fast_name, traced_name;
};
// NVRTC's child makes kCubinFile in `work` for `arch`, instantiated for `type`.
NvrtcBuild compile_in_nvrtc_child(const Sandbox& sandbox, const WorkDir& work,
                                  const CompileInput& in, trace::DType type,
                                  const std::string& arch);

}  // namespace ws::user
