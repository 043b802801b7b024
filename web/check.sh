#!/bin/sh
# CI's web check: builds the page (web/serve.sh's build) and, when it is not built, the native
# program, then runs the ctest tests labelled web (tests/CMakeLists.txt): the page's emulator run
# by node gives the native emulator's trace files byte for byte (web/test-emulator.py), and the
# page works in headless Chromium at 1280x720 (web/test-page.py).
#   web/check.sh [--screenshot FILE]   (the page's picture, kept)
set -eu
cd "$(dirname "$0")/.."
.ci/install-debian-packages
.ci/install-debian-packages web/debian-packages.txt
cmake --preset web
cmake --build --preset web
[ -x build/warpscope ] && [ -f build/CTestTestfile.cmake ] || cmake --workflow --preset build
if [ "${1:-}" = "--screenshot" ]; then
  WS_PAGE_SCREENSHOT=$(realpath -m "${2:?--screenshot needs a file}")
  export WS_PAGE_SCREENSHOT
fi
ctest --preset web
