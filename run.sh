#!/usr/bin/env bash
# Installs what is missing, builds ContactLab and runs it on its default scene (headless, JSON).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
# The default scene is the classroom stack; any scene file, share string or preset can be given.
./build/app/contactlab-cli run "${1:-tapering-stack}" "${@:2}"
