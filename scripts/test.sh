#!/usr/bin/env bash
# Builds and runs the whole test suite: the default preset (warnings are
# errors), then the AddressSanitizer + UndefinedBehaviorSanitizer preset.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
for preset in default asan; do
  echo "== preset $preset"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done
