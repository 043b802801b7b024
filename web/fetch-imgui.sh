#!/bin/sh
# Fetches Dear ImGui 1.86's sources from Debian's imgui source package into DIR/imgui (the web
# page compiles them; Debian ships ImGui's core only as a built library). apt-get works on a
# sources list, package lists and a cache of its own under DIR, so the system's configuration is
# neither read nor changed and no root is needed; apt checks the Sources index against Debian's
# archive key and the files against its hashes, and dpkg-source checks the uploader's signature
# on the .dsc against debian-keyring before unpacking.
set -eu
dir=$(realpath -m "${1:?usage: web/fetch-imgui.sh DIR}")
version=1.86+ds-1
mirror=${WS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
[ -f "$dir/imgui/imgui.cpp" ] && exit 0
[ -r /usr/share/keyrings/debian-keyring.gpg ] || {
    echo "web/fetch-imgui.sh: debian-keyring is not installed (.ci/install-debian-packages)" >&2
    exit 1
}
rm -rf "$dir/apt" "$dir/src"
mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/apt/parts" "$dir/src"
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror bookworm main" \
    >"$dir/apt/sources.list"
set -- -o Dir::Etc::SourceList="$dir/apt/sources.list" -o Dir::Etc::SourceParts="$dir/apt/parts" \
    -o Dir::State::Lists="$dir/apt/lists" -o Dir::Cache="$dir/apt/cache" \
    -o Debug::NoLocking=true -o APT::Sandbox::User="$(id -un)"
apt-get "$@" -qq update
(cd "$dir/src" && apt-get "$@" -qq source --download-only "imgui=$version")
dpkg-source --require-valid-signature -x "$dir/src/imgui_$version.dsc" "$dir/src/imgui" >/dev/null
rm -rf "$dir/imgui"
mv "$dir/src/imgui" "$dir/imgui"
rm -rf "$dir/apt" "$dir/src"
echo "web/fetch-imgui.sh: Dear ImGui $version unpacked in $dir/imgui (signature checked)"
