// Where the tests find the source tree and the warpscope binary. The paths are compiled into one
// file (tests/test_paths.cpp), not onto every test's command line, so that a build in another
// folder (a fresh clone on CI) still finds every other object in the compiler cache.
#pragma once

namespace ws::test {
extern const char* const source_dir;  // the repository: assets/, tests/data/, docs/
extern const char* const binary;      // the warpscope program the tests run
}  // namespace ws::test

#define WS_SOURCE_DIR (::ws::test::source_dir)
#define WS_BINARY (::ws::test::binary)
