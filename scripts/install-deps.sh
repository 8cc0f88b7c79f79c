#!/usr/bin/env bash
# Installs what ContactLab needs and is missing: Debian 12 packages (run as root), then the web
# page's test tools from npm, pinned by web/package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(cmake g++ make pkg-config libglm-dev doctest-dev libeigen3-dev nlohmann-json3-dev libcli11-dev
  libsdl2-dev libimgui-dev libstb-dev fonts-dejavu-core libgl-dev xvfb xdotool libbox2d-dev clang-14 libclang-rt-14-dev clang-format
  emscripten node-acorn chromium chromium-driver)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js with npm, from Debian unless the machine already has them (another build of nodejs may
# bring its own npm).
command -v node > /dev/null || missing+=(nodejs)
command -v npm > /dev/null || missing+=(npm)
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
fi
# npm ci again whenever the lock file is newer than what it installed.
if [[ -f web/package-lock.json && ! web/node_modules/.package-lock.json -nt web/package-lock.json ]]; then
  npm ci --prefix web --no-audit --no-fund
fi
