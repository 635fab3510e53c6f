#!/usr/bin/env bash
# Builds the `bench` preset, runs every benchmark of trainflops_bench with
# repetitions, measures python3-onnx on the same 1.5 GiB ONNX file, times the
# `trainflops` process on ONNX chains of 10 to 200,000 nodes (and python3-onnx
# on the same files), and writes bench/RESULTS.md (a table of all benchmarks with median and spread,
# the performance targets with pass/fail, the machine). See docs/reliability.md.
#
#   scripts/bench.sh [--repetitions N] [--filter REGEX] [--install-onnx] [--skip-onnx-compare]
#
# --install-onnx       apt-get install python3-onnx when it is missing
#                      (without it a missing python3-onnx is reported as not run)
# --skip-onnx-compare  leave out the python3-onnx comparison (reported as not run)
# PYTHON_ONNX          the interpreter with Debian's onnx (default /usr/bin/python3)
set -euo pipefail
cd "$(dirname "$0")/.."
repetitions=5
filter=""
install_onnx=0
compare=1
while [ $# -gt 0 ]; do
  case "$1" in
    --repetitions) repetitions=$2; shift 2 ;;
    --filter) filter=$2; shift 2 ;;
    --install-onnx) install_onnx=1; shift ;;
    --skip-onnx-compare) compare=0; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
python_onnx=${PYTHON_ONNX:-/usr/bin/python3}
helper=scripts/bench_report.py
out=build/bench
mkdir -p "$out"

echo "== building the bench preset"
cmake --preset bench >/dev/null
cmake --build --preset bench -j "$(nproc 2>/dev/null || echo 2)"

echo "== trainflops_bench, $repetitions repetitions (all runs kept in $out/results.json)"
"$out/bin/trainflops_bench" --benchmark_repetitions="$repetitions" \
  --benchmark_display_aggregates_only=true ${filter:+--benchmark_filter="$filter"} \
  --benchmark_out="$out/results.json" --benchmark_out_format=json | tee "$out/results.txt"

# python3-onnx: load + shape inference of the same 1.5 GiB file, and
# trainflops on it, each in fresh processes.
compare_json=$out/onnx_compare.json
not_run() {
  echo "bench.sh: python3-onnx comparison not run: $1" >&2
  python3 -c 'import json,sys; json.dump({"not_run": sys.argv[1]}, open(sys.argv[2], "w"))' \
    "$1" "$compare_json"
}
if [ "$compare" -eq 0 ]; then
  not_run "--skip-onnx-compare given"
else
  if ! "$python_onnx" -c 'import onnx' 2>/dev/null && [ "$install_onnx" -eq 1 ]; then
    echo "== installing python3-onnx"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-onnx
  fi
  if "$python_onnx" -c 'import onnx' 2>/dev/null; then
    file=$out/onnx-compare/large_weights.onnx
    mkdir -p "$(dirname "$file")"
    trap 'rm -rf "$out/onnx-compare"' EXIT
    echo "== writing the 1.5 GiB ONNX file and timing trainflops and python3-onnx on it"
    "$out/bin/trainflops_bench_onnx_file" "$file"
    python3 "$helper" compare-onnx --trainflops "$out/bin/trainflops" --python "$python_onnx" \
      --file "$file" --runs 3 --out "$compare_json"
    rm -rf "$out/onnx-compare"
  else
    not_run "python3-onnx is not installed for $python_onnx: apt-get install python3-onnx, or run scripts/bench.sh --install-onnx"
  fi
fi

# The ONNX scaling targets: the `trainflops` process itself on chains of 10 to
# 200,000 nodes (python3-onnx on the same files when it is installed).
echo "== timing the trainflops process on 10 to 200,000-node chains"
scale_json=$out/onnx_scale.json
python3 "$helper" scale-onnx --trainflops "$out/bin/trainflops" \
  --writer "$out/bin/trainflops_bench_onnx_file" --python "$python_onnx" \
  --sizes 10,10000,20000,50000,100000,200000 --out "$scale_json"

python3 "$helper" report --bench-json "$out/results.json" --onnx-json "$compare_json" \
  --scale-json "$scale_json" \
  --build-dir "$out" --repetitions "$repetitions" --out bench/RESULTS.md
echo "== wrote bench/RESULTS.md"
