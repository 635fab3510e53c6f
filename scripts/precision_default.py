#!/usr/bin/env python3
"""The precision default, measured (docs/hardware.md, "Precision default, measured").

Reads the `Numerical format` column of Epoch AI's Notable AI Models (development half,
data/epoch_notable_models_dev.csv) and counts, per period, the runs that state a format, those
in 16 or 8 bits, and how many each default rule gets right: the rule before the measurement
(16-bit from 2019 for industry models or runs on at least 256 chips, else FP32) and a candidate
(also 16-bit from 2021 whatever the organization), which trainflops adopted.
Usage: python3 scripts/precision_default.py
"""
import csv
import sys

LOW_BITS = {"FP16", "BF16", "FP8", "NVFP4"}


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        for x in csv.DictReader(f):
            fmt = x["Numerical format"].strip().upper()
            if not fmt or fmt == "UNKNOWN":
                continue
            try:
                chips = float(x["Hardware quantity"])
            except ValueError:
                chips = 0.0
            yield (int(x["Publication date"][:4]), fmt in LOW_BITS,
                   "industry" in x["Organization categorization"].lower(), chips)


def before(year, industry, chips):
    return year >= 2019 and (industry or chips >= 256)


def after(year, industry, chips):
    return year >= 2021 or before(year, industry, chips)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "data/epoch_notable_models_dev.csv"
    data = list(rows(path))
    print("| runs | with a format | 16 or 8 bits | rule before: right | candidate (adopted): right |")
    print("|---|---|---|---|---|")
    for name, lo, hi in [("before 2019", 0, 2018), ("2019-2020", 2019, 2020),
                         ("2021 on", 2021, 9999), ("all", 0, 9999)]:
        b = [r for r in data if lo <= r[0] <= hi]
        right = lambda rule: sum(rule(y, i, c) == s for y, s, i, c in b)
        print(f"| {name} | {len(b)} | {sum(r[1] for r in b)} | {right(before)} | {right(after)} |")


if __name__ == "__main__":
    main()
