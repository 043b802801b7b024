// The two paths of tests/test_paths.hpp, from the build (the only file compiled with them).
#include "tests/test_paths.hpp"

namespace ws::test {
const char* const source_dir = WS_TEST_SOURCE_DIR;
const char* const binary = WS_TEST_BINARY;
}  // namespace ws::test
