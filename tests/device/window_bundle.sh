#!/usr/bin/env bash
# Packs the window for the lent GPU machine (issue 40), which has no Debian packages: warpscope
# and warpscope_ui_tests (and warpscope_tests) as the `gpu-window` preset builds them (the CUDA backend and the window,
# in build/), the students' headers (no precompiled prelude: the GPU compiles with NVRTC), and
# the shared libraries the window takes from Debian (GLFW and the X11 libraries it links, giflib,
# stb) and its fonts (DejaVu) into .devcarry/window.tar.xz, to be unpacked in the repository's root there
# (tests/device/window_gpu.sh). The vendor-neutral GL libraries travel as .gl's packages (the
# device notes), the driver's EGL is the machine's.
#   window_bundle.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
for f in "$build/warpscope" "$build/tests/ui/warpscope_ui_tests"; do
  [ -x "$f" ] || { echo "window_bundle: no $f (cmake --preset gpu-window && cmake --build --preset gpu-window)"; exit 1; }
done
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/build/tests/ui" "$stage/build/lib"
# Without their static symbol tables (the dynamic ones, which a student's kernel links against,
# stay): what travels is kept small.
strip -o "$stage/build/warpscope" "$build/warpscope"
strip -o "$stage/build/tests/ui/warpscope_ui_tests" "$build/tests/ui/warpscope_ui_tests"
# The session's GPU tests (tests/gpu: the window's session, the sweep) where they are built.
[ -x "$build/tests/warpscope_tests" ] &&
  strip -o "$stage/build/tests/warpscope_tests" "$build/tests/warpscope_tests"
(cd "$build" && find include -type f ! -name '*.gch' -print0 | tar -cf - --null -T -) |
  tar -xf - -C "$stage/build"
# Every library the two programs load from Debian's folders, but the C and C++ runtimes and the
# GL dispatch libraries (.gl's) that the machine has.
skip='^(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|ld-linux-x86-64|libEGL|libGL|libGLX|libGLdispatch|libOpenGL)\.so'
ldd "$build/warpscope" "$build/tests/ui/warpscope_ui_tests" |
  awk '$2 == "=>" && $3 ~ /^\/(usr\/)?lib\// {print $3}' | sort -u |
  while read -r lib; do
    [[ $(basename "$lib") =~ $skip ]] || cp -L "$lib" "$stage/build/lib/"
  done
# The window's fonts (Debian's fonts-dejavu-core), which the GPU machine lacks: without them
# ImGui's own font draws, and the symbols (a check mark, the transport's arrows) come out as "?".
mkdir -p "$stage/build/fonts"
cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf \
  "$stage/build/fonts/"
mkdir -p .devcarry
tar -cf - -C "$stage" build | xz -T2 -6 > .devcarry/window.tar.xz
echo "window_bundle: .devcarry/window.tar.xz $(du -h .devcarry/window.tar.xz | cut -f1): $(ls "$stage/build/lib" | tr '\n' ' ')"
