# Sourced by the device scripts that run the window's build (.devcarry/window.tar.xz from
# tests/device/window_bundle.sh, .gl's GL packages carried), from the repository's root: unpacks
# it, installs its libraries and fonts where every process finds them (a student's walled-in child
# too: its environment is cleared), points EGL at the driver's vendor file, and links /work/main
# here (the tests were built there: WS_SOURCE_DIR, WS_BINARY).
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
tar -xJf .devcarry/window.tar.xz
cp -a build/lib/. /usr/lib/x86_64-linux-gnu/
ldconfig
mkdir -p /usr/share/fonts/truetype/dejavu && cp build/fonts/*.ttf /usr/share/fonts/truetype/dejavu/
nv=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
[ -f "$nv" ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$nv
if [ "$(readlink -f /work/main 2>/dev/null)" != "$(readlink -f "$PWD")" ]; then
  mkdir -p /work && ln -sfn "$PWD" /work/main
fi
export WARPSCOPE_ROOT=$PWD PATH="$PATH:/usr/local/cuda/bin"
