#!/usr/bin/env bash
# Installs what is missing, builds ContactLab and starts the desktop program on its default scene.
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
# The two programs only (the tests, benchmarks and web page are test.sh's): 3.5 minutes instead of
# 13.5 on two slow cores.
cmake --build build -j"$(nproc)" --target contactlab contactlab-cli
# Without an argument: the scene of the last session, else the classroom stack (tapering-stack); any
# scene file, share string or preset can be given. The headless runner is build/app/contactlab-cli.
./build/app/contactlab "$@"
