#!/usr/bin/env bash
# Installs what is missing, builds ContactLab and starts the desktop program on its default scene.
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
# Without an argument: the scene of the last session, else the classroom stack (tapering-stack); any
# scene file, share string or preset can be given. The headless runner is build/app/contactlab-cli.
./build/app/contactlab "$@"
