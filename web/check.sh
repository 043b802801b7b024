#!/bin/sh
# CI's web check: builds the page (web/serve.sh's build) and the native program when it is not
# built, compares the page's emulator run by node with the native emulator (the same trace file,
# byte for byte), then opens the page in headless Chromium at 1280x720 (web/test-page.py).
# Arguments go to web/test-page.py (--screenshot FILE).
set -eu
cd "$(dirname "$0")/.."
.ci/install-debian-packages
.ci/install-debian-packages web/debian-packages.txt
cmake --preset web
cmake --build --preset web
[ -x build/warpscope ] || cmake --workflow --preset build
web/test-emulator.py build-web/warpscope-emulator.js build/warpscope
web/test-page.py build-web/page build/warpscope "$@"
