// How a student's kernel run ended, in one sentence (issues 19 and 33): from the facts its child
// reported (child_report.hpp), its exit code or the signal that ended it, and whether the parent
// ended it for waiting. Pure functions, so that every ending's wording is tested without running
// anything; the one place where these sentences are written. The child's facts are not trusted:
// what they quote is cut to one printable line.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/catalog.hpp"
#include "kernels/user/child_end.hpp"

namespace ws::user {

// Which child ended: the emulator's (the kernel ran on the CPU) or the GPU's.
enum class ChildRole { Emulator, Gpu };

// "" when the child ran the kernel and reported its trace; else one line without "warpscope: ".
std::string describe_end(const ChildEnd& end, const Limits& limits,
                         ChildRole role = ChildRole::Emulator);

// The compiler's ending: "" when it made the object; else one line (its first error at the
// student's line, or which of its limits it ran past). `log` is what it said.
// `nvrtc`: NVRTC's child (its log in a compile-error fact), else the machine's compiler.
std::string describe_compile_end(const ChildEnd& end, const Limits& limits, const std::string& log,
                                 const std::string& display, Family family, bool nvrtc);

// "4 GiB", "512 MiB": sizes in the limits' lines.
std::string size_text(std::uint64_t bytes);

// `text` as one printable line of at most `max` bytes (control and bidirectional-text characters
// shown as '?', a longer line cut with "..."): for anything a child or a file name brings into a
// line.
std::string printable_line(const std::string& text, std::size_t max = 400);

// A file name as it is printed in every line (issue 33): control characters, backslashes and
// the bidirectional-text controls escaped as C writes them ("a\nPASS.cu" stays on one line,
// U+202E is "\xe2\x80\xae"), everything else as it is.
std::string printable_name(const std::string& name);

}  // namespace ws::user
