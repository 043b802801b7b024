#!/bin/sh
# The web page: installs the Debian packages it needs (.ci/debian-packages.txt for the native
# build's headers, web/debian-packages.txt), builds it into build-web/page (fetching Debian's
# imgui source package once, web/fetch-imgui.sh) and serves it on http://127.0.0.1:${PORT}/.
# Copy build-web/page to any static web server to give it to a class.
set -eu
cd "$(dirname "$0")/.."
PORT=${PORT:-8000}
.ci/install-debian-packages
.ci/install-debian-packages web/debian-packages.txt
cmake --preset web
cmake --build --preset web
echo "warpscope: the page is at http://127.0.0.1:$PORT/ (Ctrl+C ends)"
exec python3 -m http.server --bind 127.0.0.1 --directory build-web/page "$PORT"
