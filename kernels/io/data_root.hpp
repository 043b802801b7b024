// Where the program's data (assets/: lessons, measurements, SASS, puzzles, traces) is found:
// $WARPSCOPE_ROOT, else the source tree this was built from (when it has assets/), else the
// working directory. The commands and the window ask here; nothing else spells the rule.
#pragma once
#include <string>

namespace ws::io {

std::string data_root();

}  // namespace ws::io
