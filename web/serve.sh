#!/usr/bin/env bash
# Builds the web page (web/build.sh) and serves build/web on http://127.0.0.1:PORT/ (default 8000)
# with Node's own http module (web/serve.mjs). Usage: bash web/serve.sh [PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
bash web/build.sh
exec node web/serve.mjs build/web "${1:-8000}"
