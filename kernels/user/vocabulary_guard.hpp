// A kernel written in warpscope's vocabulary records only what goes through it (shared_array,
// global_array, ...). Memory it declares itself, a __shared__ array or a static array in a
// function, would be used unrecorded: its picture and its counters would miss those accesses,
// and a puzzle's counter check could pass on what was never seen. Such a file is refused before
// it runs, in one line that says what to do (name the kernel in the header: it then runs as
// plain CUDA, every access recorded by the compiler).
#pragma once
#include <string>

namespace ws::user {

// "" when the vocabulary kernel declares no memory of its own; else "FILE:LINE: ...".
std::string vocabulary_memory_refusal(const std::string& source, const std::string& display);

}  // namespace ws::user
