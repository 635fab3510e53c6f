#!/usr/bin/env python3
"""Helper of scripts/bench.sh (standard library only): measuring and formatting.
The benchmarks' inputs are generated in C++ (bench/large_weights_model.h, written
by trainflops_bench_onnx_file), never here.

  compare-onnx ...      times trainflops and python3-onnx on that file, each in
                        fresh processes, peak memory from wait4's rusage
  scale-onnx ...        times the `trainflops` process (text, --json, --json
                        --no-layers) and python3-onnx on the benchmark's chains
                        of 10,000 to 200,000 nodes (bench/chain_model.h)
  report ...            writes bench/RESULTS.md from Google Benchmark's JSON

Every benchmark in the JSON gets a row, so benchmarks added to
trainflops_bench later appear without changes here; the performance targets are
checked where their benchmark ran.
"""
import argparse
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

# ------------------------------------------------------------ measurements


GNU_TIME = "/usr/bin/time"  # Debian package time (scripts/setup-debian.sh)

PY_SNIPPET = """
import sys, time, onnx
start = time.perf_counter()
model = onnx.load(sys.argv[1])
onnx.shape_inference.infer_shapes(model)
print(time.perf_counter() - start)
"""


def measure(argv, keep_stdout=False):
    """Wall seconds, CPU seconds (user + system), peak RSS (MB) and, when asked,
    stdout of one fresh process. stdout goes to a file, as `> out.json` would.
    GNU time runs the process and reports its rusage: a child spawned from this
    Python process directly would report this process's own peak as part of
    its maximum resident set (Linux carries it through vfork and exec)."""
    with tempfile.TemporaryDirectory() as tmp:
        out_path, stats_path = os.path.join(tmp, "stdout"), os.path.join(tmp, "rusage")
        with open(out_path, "wb") as out, tempfile.TemporaryFile() as errors:
            start = time.perf_counter()
            proc = subprocess.run([GNU_TIME, "-f", "%U %S %M", "-o", stats_path] + argv,
                                  stdout=out, stderr=errors)
            wall = time.perf_counter() - start
            errors.seek(0)
            err = errors.read()
        if proc.returncode != 0:
            raise RuntimeError("%s failed: %s" % (" ".join(argv[:2]), err.decode(errors="replace")[-500:]))
        with open(stats_path) as f:
            user, system, max_kb = f.read().split()[-3:]
        stdout = ""
        if keep_stdout:
            with open(out_path, errors="replace") as f:
                stdout = f.read()
    return {"wall_s": wall, "cpu_s": float(user) + float(system), "peak_mb": int(max_kb) / 1024.0,
            "stdout": stdout}


def compare_onnx(args):
    runs = {"trainflops": [], "python3-onnx": []}
    for _ in range(args.runs):
        runs["trainflops"].append(
            measure([args.trainflops, "estimate", args.file, "--examples", "1", "--json"]))
        r = measure([args.python, "-c", PY_SNIPPET, args.file], keep_stdout=True)
        r["in_process_s"] = float(r["stdout"].strip().splitlines()[-1])
        runs["python3-onnx"].append(r)
    for rs in runs.values():
        for r in rs:
            r.pop("stdout")
    onnx_version = subprocess.run([args.python, "-c", "import onnx; print(onnx.__version__)"],
                                  capture_output=True, text=True).stdout.strip()
    result = {"file": args.file, "file_mb": os.path.getsize(args.file) / 2**20,
              "onnx_version": onnx_version, "runs": runs}
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)


SCALE_MODES = {"text": [], "json": ["--json"], "json_no_layers": ["--json", "--no-layers"]}


def scale_onnx(args):
    """Each chain size: the trainflops process in each output mode and
    python3-onnx's load + infer_shapes, `runs` fresh processes each."""
    sizes = [int(s) for s in args.sizes.split(",")]
    has_onnx = subprocess.run([args.python, "-c", "import onnx"], capture_output=True).returncode == 0
    result = {"sizes": {}, "python3_onnx": has_onnx}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = os.path.join(tmp, "chain_%d.onnx" % n)
            subprocess.run([args.writer, "--chain", str(n), path], check=True)
            entry = {"file_mb": os.path.getsize(path) / 1e6, "modes": {}}
            for mode, flags in SCALE_MODES.items():
                argv = [args.trainflops, "estimate", path, "--examples", "1"] + flags
                measure(argv)  # warm the page cache and the dynamic loader
                entry["modes"][mode] = [strip(measure(argv)) for _ in range(args.runs)]
            if has_onnx:
                entry["python3-onnx"] = [strip(measure([args.python, "-c", PY_SNIPPET, path]))
                                         for _ in range(args.python_runs)]
            result["sizes"][str(n)] = entry
            print("scale-onnx: %d nodes measured" % n, file=sys.stderr)
    if has_onnx:
        result["onnx_version"] = subprocess.run(
            [args.python, "-c", "import onnx; print(onnx.__version__)"],
            capture_output=True, text=True).stdout.strip()
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)


def strip(run):
    run.pop("stdout")
    return run


# ------------------------------------------------------------------ report
STANDARD_KEYS = {"name", "family_index", "per_family_instance_index", "run_name", "run_type",
                 "repetitions", "repetition_index", "threads", "iterations", "real_time",
                 "cpu_time", "time_unit", "label", "error_occurred", "error_message",
                 "aggregate_name", "aggregate_unit", "big_o", "rms"}
TO_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def load_runs(path):
    """{run_name: {"unit", "times" (seconds, per repetition), "counters": {k: [..]}, "error"}}."""
    with open(path) as f:
        data = json.load(f)
    runs = {}
    for b in data.get("benchmarks", []):
        if b.get("run_type", "iteration") != "iteration":
            continue  # aggregates are recomputed from the repetitions
        r = runs.setdefault(b.get("run_name", b["name"]),
                            {"unit": b.get("time_unit", "ns"), "times": [], "counters": {},
                             "error": None})
        if b.get("error_occurred"):
            r["error"] = b.get("error_message", "error")
            continue
        r["times"].append(b["real_time"] * TO_SECONDS[b.get("time_unit", "ns")])
        for k, v in b.items():
            if k not in STANDARD_KEYS and isinstance(v, (int, float)):
                r["counters"].setdefault(k, []).append(float(v))
    return data.get("context", {}), runs


def quartiles(values):
    if len(values) < 2:
        return values[0], values[0]
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[2]


def fmt_time(seconds):
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if seconds >= scale or unit == "ns":
            return "%.3g %s" % (seconds / scale, unit)


def fmt_num(v):
    if v == int(v) and abs(v) < 1e12:
        return "{:,}".format(int(v))
    if abs(v) >= 1e6 or abs(v) < 1e-2:
        return "%.3g" % v
    return "%.4g" % v


def summary(values):
    return statistics.median(values), min(values), max(values)


def generic_table(runs):
    lines = ["| benchmark | runs | median | min – max | IQR | spread (max/min) | counters (median) |",
             "|---|---|---|---|---|---|---|"]
    for name, r in runs.items():
        if r["error"] and not r["times"]:
            lines.append("| %s | 0 | error: %s | | | | |" % (name, r["error"]))
            continue
        med, lo, hi = summary(r["times"])
        q1, q3 = quartiles(r["times"])
        counters = ", ".join("%s %s" % (k, fmt_num(statistics.median(v)))
                             for k, v in sorted(r["counters"].items()))
        lines.append("| %s | %d | %s | %s – %s | %s – %s | %.2fx | %s |" % (
            name, len(r["times"]), fmt_time(med), fmt_time(lo), fmt_time(hi), fmt_time(q1),
            fmt_time(q3), hi / lo if lo > 0 else float("nan"), counters))
    return lines


def median_time(runs, name):
    r = runs.get(name)
    return statistics.median(r["times"]) if r and r["times"] else None


def median_counter(runs, name, key):
    r = runs.get(name)
    return statistics.median(r["counters"][key]) if r and key in r["counters"] else None


def verdict(ok):
    return "not measured" if ok is None else ("**pass**" if ok else "**FAIL**")


def target_rows(runs):
    rows = []
    chain = {n: median_time(runs, "BM_AnalyseChain/%d" % n) for n in (1000, 10000, 100000)}
    if all(chain.values()):
        per_node = ["%.2f" % (chain[n] / n * 1e6) for n in (1000, 10000, 100000)]
        # t ~ n^k between the smallest and the largest graph.
        exponent = math.log(chain[100000] / chain[1000]) / math.log(100)
        rows.append(("ONNX analysis time linear in node count",
                     "power-law exponent k of time ~ n^k over 1,000 – 100,000 nodes below 1.25 "
                     "(linear 1.0, n log n 1.11, quadratic 2.0)",
                     "k = %.2f; per node %s / %s / %s µs" % tuple([exponent] + per_node),
                     exponent < 1.25))
    else:
        rows.append(("ONNX analysis time linear in node count", "", "", None))
    large = median_time(runs, "BM_AnalyseLargeWeights")
    size_mb = median_counter(runs, "BM_AnalyseLargeWeights", "file_MB")
    if large is not None and size_mb:
        limit = size_mb * 2**20 / 100e9  # reading the bytes at 100 GB/s
        rows.append(("ONNX analysis time independent of weight bytes",
                     "%.0f MiB file in < %s (its bytes at 100 GB/s, beyond one core's memory "
                     "bandwidth: the weights cannot have been read)" % (size_mb, fmt_time(limit)),
                     fmt_time(large), large < limit))
    else:
        rows.append(("ONNX analysis time independent of weight bytes", "", "", None))
    rss = median_counter(runs, "BM_AnalyseLargeWeights", "peak_rss_MB")
    rows.append(("peak memory, 1.5 GB weights file", "< 100 MB",
                 "" if rss is None else "%.1f MB (fresh process, VmHWM)" % rss,
                 None if rss is None else 0 < rss < 100))
    batch = median_time(runs, "BM_BatchMillionRows/1000000/iterations:1")
    if batch is None:
        batch = median_time(runs, "BM_BatchMillionRows/1000000")
    rows.append(("batch, 1,000,000 rows", "< 30 s", "" if batch is None else fmt_time(batch),
                 None if batch is None else batch < 30))
    mc = median_time(runs, "BM_Propagate4Factors/1000000")
    rows.append(("Monte Carlo, 1,000,000 samples", "< 0.5 s", "" if mc is None else fmt_time(mc),
                 None if mc is None else mc < 0.5))
    lines = ["| performance target | criterion | measured (median) | verdict |", "|---|---|---|---|"]
    lines += ["| %s | %s | %s | %s |" % (a, b, c, verdict(d)) for a, b, c, d in rows]
    return lines


def machine(context, build_dir):
    def read(path):
        try:
            with open(path) as f:
                return f.read()
        except OSError:
            return ""
    cpu = next((l.split(":", 1)[1].strip() for l in read("/proc/cpuinfo").splitlines()
                if l.startswith("model name")), platform.processor() or "unknown")
    mem = next((int(l.split()[1]) for l in read("/proc/meminfo").splitlines()
                if l.startswith("MemTotal")), 0)
    os_name = next((l.split("=", 1)[1].strip('"') for l in read("/etc/os-release").splitlines()
                    if l.startswith("PRETTY_NAME=")), platform.system())
    cxx = next((l.split("=", 1)[1] for l in read(os.path.join(build_dir, "CMakeCache.txt")).splitlines()
                if l.startswith("CMAKE_CXX_COMPILER:")), "c++")
    compiler = subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout.splitlines()
    commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    # Uncommitted changes other than this report itself.
    changed = subprocess.run(["git", "status", "--porcelain", "--", ".", ":!bench/RESULTS.md"],
                             capture_output=True, text=True).stdout.strip()
    if changed:
        commit += " with uncommitted changes"
    build_type = next((l.split("=", 1)[1] for l in read(os.path.join(build_dir, "CMakeCache.txt")).splitlines()
                       if l.startswith("CMAKE_BUILD_TYPE:")), "?")
    load = context.get("load_avg", [])
    busy = ["- note: the load average (%.1f) exceeded the %d cores: other jobs shared the machine, "
            "so these times are upper bounds" % (load[0], os.cpu_count())] if load and load[0] > (os.cpu_count() or 1) else []
    return [
        "- CPU: %s, %s logical cores (%s MHz per Google Benchmark)" % (
            cpu, os.cpu_count(), context.get("mhz_per_cpu", "?")),
        "- memory: %.1f GiB; load average at start: %s" % (
            mem / 2**20, ", ".join("%.2f" % x for x in context.get("load_avg", [])) or "?"),
        "- OS: %s, kernel %s" % (os_name, platform.release()),
        "- compiler: %s, CMAKE_BUILD_TYPE %s (preset `bench`); Google Benchmark library: %s build "
        "(Debian's package)" % (compiler[0] if compiler else cxx, build_type,
                                context.get("library_build_type", "?")),
        "- commit: %s; date: %s" % (commit or "?", context.get("date", datetime.datetime.now().isoformat())),
    ] + busy


def onnx_section(path, large):
    if not path or not os.path.exists(path):
        return []
    with open(path) as f:
        c = json.load(f)
    if "not_run" in c:
        return ["Not run: %s" % c["not_run"]]
    t, p = c["runs"]["trainflops"], c["runs"]["python3-onnx"]
    tw, tm = statistics.median(r["wall_s"] for r in t), statistics.median(r["peak_mb"] for r in t)
    pw, pm = statistics.median(r["wall_s"] for r in p), statistics.median(r["peak_mb"] for r in p)
    pi = statistics.median(r["in_process_s"] for r in p)
    return [
        "The same %.0f MiB file (written by `trainflops_bench_onnx_file` from "
        "bench/large_weights_model.h, the very bytes the benchmark analyses), each tool in a fresh process, %d runs, medians; peak memory is the "
        "process's maximum resident set (wait4 rusage)." % (c["file_mb"], len(t)), "",
        "| tool | what | wall time (process) | peak memory |", "|---|---|---|---|",
        "| trainflops | `trainflops estimate FILE --examples 1 --json` | %s | %.1f MB |" % (fmt_time(tw), tm),
        "| python3-onnx %s | `onnx.load` + `onnx.shape_inference.infer_shapes` | %s (%s in those two calls) | %.1f MB |"
        % (c["onnx_version"], fmt_time(pw), fmt_time(pi), pm),
        "| ratio | python3-onnx / trainflops | %.0fx | %.0fx |" % (pw / tw, pm / tm),
    ] + in_process(pi, large)


# The ONNX scaling targets: whole `trainflops` process on the 100,000-node
# chain, and time linear in nodes between 10,000 and 200,000.
SCALE_TARGET_NODES = "100000"
SCALE_TEXT_S, SCALE_JSON_S, SCALE_PEAK_MB, SCALE_MAX_EXPONENT = 0.150, 0.600, 150.0, 1.05


def load_scale(path):
    if not path or not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def med(runs, key):
    return statistics.median(r[key] for r in runs)


def exponent(scale, mode, lo="10000", hi="200000", base="10"):
    """k in time ~ nodes^k between `lo` and `hi` nodes, from median wall times
    less those of a `base`-node chain (process start-up and fixed costs, which
    would otherwise flatten the curve)."""
    sizes = scale["sizes"]
    if lo not in sizes or hi not in sizes:
        return None
    fixed = med(sizes[base]["modes"][mode], "wall_s") if base in sizes else 0.0
    t_lo = med(sizes[lo]["modes"][mode], "wall_s") - fixed
    t_hi = med(sizes[hi]["modes"][mode], "wall_s") - fixed
    if t_lo <= 0 or t_hi <= 0:
        return None
    return math.log(t_hi / t_lo) / math.log(int(hi) / int(lo))


def scale_targets(scale):
    if scale is None or SCALE_TARGET_NODES not in scale["sizes"]:
        return []
    modes = scale["sizes"][SCALE_TARGET_NODES]["modes"]
    text, js = med(modes["text"], "wall_s"), med(modes["json"], "wall_s")
    peak = max(med(runs, "peak_mb") for runs in modes.values())
    rows = [
        "| ONNX, 100,000-node chain: `trainflops estimate` text, whole process | at most %s (median wall) | %s | %s |"
        % (fmt_time(SCALE_TEXT_S), fmt_time(text), verdict(text <= SCALE_TEXT_S)),
        "| ONNX, 100,000-node chain: `--json`, whole process | at most %s | %s | %s |"
        % (fmt_time(SCALE_JSON_S), fmt_time(js), verdict(js <= SCALE_JSON_S)),
        "| ONNX, 100,000-node chain: peak memory of the process | at most %.0f MB (text, JSON, JSON without layers) | %.1f MB | %s |"
        % (SCALE_PEAK_MB, peak, verdict(peak <= SCALE_PEAK_MB)),
    ]
    for mode in ("text", "json"):
        k = exponent(scale, mode)
        rows.append("| ONNX process time linear in nodes (%s) | exponent k of time ~ n^k from 10,000 to 200,000 nodes at most %.2f | %s | %s |"
                    % (mode, SCALE_MAX_EXPONENT, "k = %.3f" % k if k is not None else "-",
                       verdict(None if k is None else k <= SCALE_MAX_EXPONENT)))
    return rows


def scale_section(scale):
    if scale is None:
        return ["Not run."]
    sizes = scale["sizes"]
    runs = len(next(iter(sizes.values()))["modes"]["text"])
    lines = [
        "The `trainflops` executable (this build, linked with jemalloc) in fresh processes on the "
        "benchmark's shared-weight chain (bench/chain_model.h: MatMul and Add alternating on a 1x16 "
        "input), written by `trainflops_bench_onnx_file --chain N FILE`; `trainflops estimate FILE "
        "--examples 1 [--json [--no-layers]]` with stdout read through a pipe. Medians of %d runs "
        "after one warm-up run; CPU is user + system time and peak memory the maximum resident "
        "set, both from wait4's rusage. python3-onnx: `onnx.load` + `onnx.shape_inference.infer_shapes` "
        "of the same file, %s." % (runs, "version " + scale["onnx_version"] if scale.get("python3_onnx")
                                   else "not installed (not run)"), "",
        "| nodes | file | text: wall, CPU, peak | `--json` | `--json --no-layers` | python3-onnx |",
        "|---|---|---|---|---|---|"]
    for n, entry in sorted(sizes.items(), key=lambda kv: int(kv[0])):
        cells = []
        for mode in SCALE_MODES:
            r = entry["modes"][mode]
            cells.append("%s, %s, %.0f MB" % (fmt_time(med(r, "wall_s")), fmt_time(med(r, "cpu_s")),
                                              med(r, "peak_mb")))
        p = entry.get("python3-onnx")
        cells.append("%s, %.0f MB" % (fmt_time(med(p, "wall_s")), med(p, "peak_mb")) if p else "-")
        lines.append("| %s | %.2f MB | %s |" % (fmt_num(int(n)), entry["file_mb"], " | ".join(cells)))
    lines += ["", "Exponents use the median wall times less those of the 10-node chain (start-up "
              "and fixed costs). Targets (also in the table above):", "",
              "| performance target | criterion | measured (median) | verdict |", "|---|---|---|---|"]
    return lines + scale_targets(scale)


def in_process(python_s, trainflops_s):
    if trainflops_s is None:
        return []
    return ["", "Inside the process (no start-up): python3-onnx's load + shape inference %s against "
            "trainflops' analysis %s (BM_AnalyseLargeWeights median), %.0fx." % (
                fmt_time(python_s), fmt_time(trainflops_s), python_s / trainflops_s)]


def report(args):
    context, runs = load_runs(args.bench_json)
    lines = ["# Benchmark results", "",
             "Written by `scripts/bench.sh` (do not edit by hand): Google Benchmark program "
             "`trainflops_bench`, %d repetitions of each benchmark; times are wall-clock per "
             "iteration, median with min – max and interquartile range over the repetitions."
             % args.repetitions, "", "## Machine", ""] + machine(context, args.build_dir)
    scale = load_scale(args.scale_json)
    lines += ["", "## Targets", ""] + target_rows(runs) + scale_targets(scale)
    lines += ["", "## All benchmarks", ""] + generic_table(runs)
    lines += ["", "## python3-onnx on the 1.5 GB file", ""] + (
        onnx_section(args.onnx_json, median_time(runs, "BM_AnalyseLargeWeights")) or ["Not run."])
    lines += ["", "## ONNX: the whole process on 10 to 200,000-node graphs", ""] + scale_section(scale)
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("compare-onnx")
    for name in ("--trainflops", "--python", "--file", "--out"):
        p.add_argument(name, required=True)
    p.add_argument("--runs", type=int, default=3)
    p = sub.add_parser("scale-onnx")
    for name in ("--trainflops", "--writer", "--python", "--out"):
        p.add_argument(name, required=True)
    p.add_argument("--sizes", default="10000,20000,50000,100000,200000")
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--python-runs", type=int, default=3)
    p = sub.add_parser("report")
    for name in ("--bench-json", "--build-dir", "--out"):
        p.add_argument(name, required=True)
    p.add_argument("--onnx-json")
    p.add_argument("--scale-json")
    p.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()
    if args.command == "compare-onnx":
        compare_onnx(args)
    elif args.command == "scale-onnx":
        scale_onnx(args)
    else:
        report(args)


if __name__ == "__main__":
    sys.exit(main())
