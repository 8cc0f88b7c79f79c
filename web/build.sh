#!/usr/bin/env bash
# Builds the web page into build/web: the WebAssembly module (web/wasm/CMakeLists.txt, with
# Debian's emscripten) and the page's own files (web/page) beside it. Incremental.
set -euo pipefail
cd "$(dirname "$0")/.."
# emscripten's JavaScript optimizer needs Debian's acorn module (package node-acorn).
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
emcmake cmake -S web/wasm -B build/web-wasm -DCMAKE_BUILD_TYPE=Release > /dev/null
# A build of its own, also inside the main build's make (its web_page target), whose job server a
# custom target's command cannot join.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL cmake --build build/web-wasm -j"$(nproc)"
mkdir -p build/web
cp build/web-wasm/contactlab.js build/web-wasm/contactlab-simd.js build/web/
cp -r web/page/. build/web/
echo "built build/web/index.html"
