#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for
# SECONDS (default 20) on its committed seed corpus (fuzz/corpus/NAME).
# A longer run: scripts/fuzz.sh 3600; only some targets: scripts/fuzz.sh 3600
# hf_config batch. Crashes are written to build/fuzz/crashes/ (the script then
# stops with an error); docs/reliability.md says how to turn one into a test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift $(( $# > 0 ? 1 : 0 ))
names=("$@")
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc 2>/dev/null || echo 2)"
mkdir -p build/fuzz/crashes
for fuzzer in build/fuzz/bin/*_fuzzer; do
  name=$(basename "$fuzzer" _fuzzer)
  if [ ${#names[@]} -gt 0 ] && [[ ! " ${names[*]} " == *" $name "* ]]; then continue; fi
  corpus=fuzz/corpus/$name
  work=build/fuzz/corpus-$name
  mkdir -p "$work"
  echo "== $name: ${seconds}s"
  "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix=build/fuzz/crashes/"$name"- "$work" $( [ -d "$corpus" ] && echo "$corpus" ) \
    2>&1 | tail -n 2
done
