# Sourced by the device scripts, from the repository root, with C set to the carried folder:
# the window's libraries and fonts (libfonts.tar.xz, from the machine that built), warpscope and
# warpscope_tests (xz) into build/, where the tests expect the program (build-gpuwin, the folder
# they were built in, links to it), and the EGL vendor file for the headless renderer.
if [ -f $C/libfonts.tar.xz ]; then
  tar -xJf $C/libfonts.tar.xz -C /tmp
  cp -n /tmp/lib/* /usr/lib/x86_64-linux-gnu/ && ldconfig
  mkdir -p /usr/share/fonts/truetype/dejavu && cp /tmp/fonts/*.ttf /usr/share/fonts/truetype/dejavu/
fi
nv=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
[ -f "$nv" ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$nv
export WARPSCOPE_ROOT=$PWD PATH="$PATH:/usr/local/cuda/bin"
mkdir -p build/tests
for b in warpscope tests/warpscope_tests; do
  [ -f $C/$(basename $b).xz ] && xz -dc $C/$(basename $b).xz > build/$b && chmod +x build/$b
done
ln -sfn "$PWD/build" "$PWD/build-gpuwin"
