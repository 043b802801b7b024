// The text of every kernel file, compiled into the program (see cmake/embed_sources.cmake).
#pragma once

namespace ws {
// Path relative to the repository root; nullptr when no such file was embedded.
const char* embedded_source(const char* path);
}  // namespace ws
