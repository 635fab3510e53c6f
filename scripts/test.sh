#!/usr/bin/env bash
# Builds and runs the whole test suite: the default preset (warnings are
# errors; CTest also runs the web page's tests under Node and headless
# Chromium), then the
# AddressSanitizer + UndefinedBehaviorSanitizer preset (compiled file by
# file, without the unity build, so that every source compiles on its own and
# everything passes both ways), then the Python
# package installed with its documented command (Debian's python3) and
# its tests run against the installed package.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
for preset in default asan; do
  echo "== preset $preset"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
  if [ "$preset" = default ]; then
    # Hostile input against its bounds: exit 2, under 1 s and 100 MB each
    # (docs/reliability.md); GNU time measures the release build's memory.
    echo "== hostile input within bounds"
    scripts/hostile_bounds.sh build/default/bin/trainflops
  fi
done
echo "== Python package: python3 -m venv --system-site-packages .venv && .venv/bin/pip install --no-build-isolation ."
venv=build/venv
rm -rf "$venv"
/usr/bin/python3 -m venv --system-site-packages "$venv"
CMAKE_BUILD_PARALLEL_LEVEL=$jobs "$venv/bin/pip" install --no-build-isolation -q .
# The package's console command runs the command-line tool it ships.
"$venv/bin/trainflops" --version
"$venv/bin/trainflops" units "22 pfs-days" --to flop
(cd build && TRAINFLOPS_CLI="$PWD/default/bin/trainflops" TRAINFLOPS_SOURCE_DIR="$(dirname "$PWD")" \
   "venv/bin/python" -m pytest -q -rs ../python/tests)
