#!/usr/bin/env bash
# Checks that the project's C++ sources are formatted as .clang-format says; lists the files that
# are not (fix them with: bash scripts/check-format.sh --fix).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find physics app render scenes ui tests bench fuzz \
  -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.cc' \) | sort)
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
# One clang-format run over every file (one process per file cost half a minute); its complaints
# name the files ("path:line:column: error: code should be clang-formatted").
if ! complaints=$(clang-format --dry-run --Werror "${files[@]}" 2>&1); then
  echo "not formatted as .clang-format says (bash scripts/check-format.sh --fix):"
  grep -o '^[^:]*:[0-9]*:[0-9]*: error' <<<"$complaints" | cut -d: -f1 | sort -u | sed 's/^/  /' ||
    printf '%s\n' "$complaints"
  exit 1
fi
echo "${#files[@]} files formatted"
