#!/usr/bin/env bash
# Installs what is missing, builds ContactLab and runs it on its default scene.
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
./build/app/contactlab-cli run "$@"
