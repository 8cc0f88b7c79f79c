#!/usr/bin/env bash
# Installs the Debian 12 packages ContactLab needs, only those that are missing. Run as root.
set -euo pipefail
packages=(cmake g++ make pkg-config libglm-dev doctest-dev libeigen3-dev nlohmann-json3-dev libcli11-dev
  libsdl2-dev libimgui-dev libstb-dev fonts-dejavu-core libgl-dev xvfb xdotool libbox2d-dev clang-14 libclang-rt-14-dev clang-format)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
fi
