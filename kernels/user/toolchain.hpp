// What compiling a student's kernel for the emulator needs (issue 19): the headers installed
// beside the program (the vocabulary, the CUDA shim and the emulator's interface, copied by the
// build into <build>/include), the machine's C++ compiler, the generated wrapper that includes
// the student's file and exports its instantiations, and the compiler's first error in one line.
#pragma once
#include <string>
#include <vector>

#include "kernels/catalog.hpp"

namespace ws::user {

// The running program's own file (/proc/self/exe resolved); "" when it cannot be read.
std::string executable_path();

// The program the children are started from: warpscope itself (executable_path()), or the one a
// test names (a test binary is not warpscope and does not answer to the children's command).
std::string child_program();
void use_child_program(const std::string& path);

// The folder that holds kernels/probe/vocabulary.cuh for the compiler's -I: beside the program
// (<dir of the executable>/include, or <dir>/../share/warpscope/include when installed), else
// $WARPSCOPE_ROOT, else the source tree this program was built from. "" and `error` (one line)
// when none has it.
std::string find_include_dir(std::string& error);

// The compiler of plain CUDA kernels, which records them through its load and store
// instrumentation: clang++ (or clang++-14) on PATH; empty when there is none.
std::vector<std::string> find_plain_compiler();

// Its whole command: C++17 at -O0 (every load and store the source writes is one instruction,
// so one recorded access, as the vocabulary records them), line tables (the recorder maps each
// access's code address to the student's line), SanitizerCoverage's load and store callbacks,
// -fPIC -shared, and the include path by construction as compile_command's, plus the folder of
// cooperative groups' and CUDA's stand-in headers (kernels/user/plain_include).
std::vector<std::string> plain_compile_command(const std::vector<std::string>& compiler,
                                               const std::string& include_dir,
                                               const std::vector<std::string>& standard_dirs,
                                               const std::string& wrapper,
                                               const std::string& output);

// The compiler and its leading arguments: $CXX when set ("ccache g++" is two words), else the
// compiler that built warpscope, else g++.
std::vector<std::string> find_compiler();

// The translation unit the compiler sees: the vocabulary, then the student's text under
// `#line 1 "display"` (so errors and recorded lines are the student's), then the exported
// instantiations for int, float and double with the emulator's probe, of the signature
// `family` has (kernel_header.hpp).
std::string wrapper_source(const std::string& student_source, const std::string& display,
                           Family family = Family::Reduce);

// The name the generated tail of the wrapper (and of NVRTC's translation unit) reports its errors
// under, and the one NVRTC gives its name expressions: an error there means the file has no
// kernel of the family's signature.
inline constexpr const char* kGenerated = "<warpscope: the kernel's instantiations>";
inline constexpr const char* kNvrtcNameMap = "__nv_name_map";

// The names the wrapper exports (extern "C", each returning the kernel's address).
inline constexpr const char* kExportInt = "warpscope_user_reduce_int";
inline constexpr const char* kExportFloat = "warpscope_user_reduce_float";
inline constexpr const char* kExportDouble = "warpscope_user_reduce_double";
inline constexpr const char* kExportScanInt = "warpscope_user_scan_int";
inline constexpr const char* kExportScanFloat = "warpscope_user_scan_float";
inline constexpr const char* kExportScanDouble = "warpscope_user_scan_double";

// The signature a family's kernel must have, as the header comment writes it.
const char* kernel_signature(Family family);

// The compiler's own list of system include folders (`-E -v`: its C++ and C standard
// libraries), read once per compiler by running it on an empty input; empty when it cannot say.
std::vector<std::string> standard_include_dirs(const std::vector<std::string>& compiler);

// The whole command: compiler, flags that must match warpscope's (C++17, -fwrapv), -fPIC -shared,
// and the include path by construction (issue 33): -nostdinc, then the vocabulary's folder and
// the standard library's folders (`standard_dirs`) and no other; the wrapper and the output.
// A submission is one file: it includes nothing of its own folder.
std::vector<std::string> compile_command(const std::vector<std::string>& compiler,
                                         const std::string& include_dir,
                                         const std::vector<std::string>& standard_dirs,
                                         const std::string& wrapper, const std::string& output);

// The header the wrapper includes first (prelude.hpp), and the command that precompiles it into
// `output` (<include_dir>/kernels/user/prelude.hpp.gch) with the flags compile_command uses.
inline constexpr const char* kPrelude = "kernels/user/prelude.hpp";
std::vector<std::string> prelude_pch_command(const std::vector<std::string>& compiler,
                                             const std::string& include_dir,
                                             const std::vector<std::string>& standard_dirs,
                                             const std::string& output);

// `name` as a full path: itself when it holds a '/', else found on PATH; "" when not found.
std::string program_path(const std::string& name);

// The compiler's first error as one line: "compile error at FILE:12: expected ';' before '}'".
// Reads GCC's and Clang's "FILE:LINE:COL: error: ..." and NVRTC's "FILE(LINE): error: ...".
std::string compile_error_line(const std::string& compiler_output, const std::string& display,
                               Family family = Family::Reduce);

}  // namespace ws::user
