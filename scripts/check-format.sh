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
unformatted=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" > /dev/null 2>&1 || unformatted+=("$f")
done
if ((${#unformatted[@]})); then
  echo "not formatted as .clang-format says (bash scripts/check-format.sh --fix):"
  printf '  %s\n' "${unformatted[@]}"
  exit 1
fi
echo "${#files[@]} files formatted"
