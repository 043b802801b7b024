// What a kernel's text may ask the compiler to open besides itself: headers by name, from the
// folders it is given. The sandbox walls the compiler in, but a wall answers "permission denied"
// where a missing file answers "no such file": `#if __has_include("/root/.ssh/id_rsa")` (or an
// #include of it, a `#pragma GCC dependency`, an assembler `.incbin`) would tell a student which
// paths exist outside. Those are refused in the text, before any compiler runs, in one line at
// the student's line: an absolute path or `..` in an #include, an #include whose operand is a
// macro, __has_include, the dependency pragma, and the assembler's .incbin and .include.
#pragma once
#include <string>

namespace ws::user {

// "" when `source` asks for nothing of the sort, else "DISPLAY:LINE: ..." (one printable line).
std::string include_refusal(const std::string& source, const std::string& display);

}  // namespace ws::user
