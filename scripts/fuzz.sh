#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for
# SECONDS (default 20) on its committed seed corpus (fuzz/corpus/NAME), one
# target after the other. A longer run: scripts/fuzz.sh 600 (the scheduled
# mode: ten minutes per target, see docs/reliability.md); only some targets:
# scripts/fuzz.sh 3600 hf_config batch. Crashes are written to
# build/fuzz/crashes/ (the script then stops with an error); docs/reliability.md
# says how to turn one into a test. Each target's figures (inputs run, inputs
# per second, corpus size, peak memory) are printed and appended to
# build/fuzz/summary.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift $(( $# > 0 ? 1 : 0 ))
names=("$@")
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc 2>/dev/null || echo 2)"
mkdir -p build/fuzz/crashes
summary=build/fuzz/summary.tsv
[ -f "$summary" ] || printf 'date\ttarget\tseconds\truns\truns_per_s\tcorpus\tpeak_rss_mb\tresult\n' >"$summary"
for fuzzer in build/fuzz/bin/*_fuzzer; do
  name=$(basename "$fuzzer" _fuzzer)
  if [ ${#names[@]} -gt 0 ] && [[ ! " ${names[*]} " == *" $name "* ]]; then continue; fi
  corpus=fuzz/corpus/$name
  work=build/fuzz/corpus-$name
  mkdir -p "$work"
  echo "== $name: ${seconds}s"
  log=build/fuzz/last-$name.log
  # A dictionary of the target's tokens: fuzz/NAME.dict, or fuzz/json.dict for the JSON readers.
  dict=fuzz/$name.dict
  case $name in hf_config|safetensors|batch|http) [ -f "$dict" ] || dict=fuzz/json.dict ;; esac
  dict_flag=()
  [ -f "$dict" ] && dict_flag=(-dict="$dict")
  status=0
  # -max_len: inputs up to 256 KiB (the targets' own cap), so that nesting
  # tens of thousands deep and megabyte-scale lines can be reached.
  "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=262144 -print_final_stats=1 \
    "${dict_flag[@]}" \
    -artifact_prefix=build/fuzz/crashes/"$name"- "$work" $( [ -d "$corpus" ] && echo "$corpus" ) \
    >"$log" 2>&1 || status=$?
  tail -n 2 "$log" | grep -v '^stat::' || true
  stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -n 1; }
  runs=$(stat number_of_executed_units)
  took=$(stat average_exec_per_sec)
  rss=$(stat peak_rss_mb)
  units=$(find "$work" -type f | wc -l)
  result=$([ "$status" -eq 0 ] && echo clean || echo "FAILED (exit $status; see $log)")
  printf '%s: %s inputs in %ss (%s/s), corpus %s, peak %s MB: %s\n' \
    "$name" "${runs:-?}" "$seconds" "${took:-?}" "$units" "${rss:-?}" "$result"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$name" "$seconds" \
    "${runs:-?}" "${took:-?}" "$units" "${rss:-?}" "$result" >>"$summary"
  [ "$status" -eq 0 ] || exit "$status"
done
