"""Call overhead, measured: trainflops.tokens() in at most 20 us per call,
and estimate(bytes) of an ONNX graph without copying the bytes.

A benchmark, not part of the test suite (timings depend on the machine).
Run with figures: python3 -m pytest -s python/bench/test_bench.py (after installing the
package; see docs/python.md)
"""

import gc
import time

import pytest

import trainflops


def _per_call(clock, call, n: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = clock()
        for _ in range(n):
            call()
        best = min(best, (clock() - start) / n)
    return best


def test_tokens_call_overhead():
    call = lambda: trainflops.tokens(params=70e9, tokens=1.4e12)  # noqa: E731
    call()  # warm up
    n = 20000
    # CPU time of this process: what one call costs, not how long a loaded
    # machine (other jobs on the same cores) makes us wait.
    cpu = _per_call(time.process_time, call, n)
    wall = _per_call(time.perf_counter, call, n)
    print(f"\ntrainflops.tokens(params=70e9, tokens=1.4e12): {cpu * 1e6:.2f} us CPU per call, "
          f"{wall * 1e6:.2f} us wall-clock (best of 3 x {n})")
    assert cpu <= 20e-6


def _reset_peak_memory() -> None:
    """Linux: sets the peak resident size (VmHWM) back to the current one."""
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def _peak_memory_bytes() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmHWM in /proc/self/status")


def _onnx_with_big_weights(megabytes: int) -> bytes:
    """A graph exported by PyTorch into memory: y = x W^T, one bias-free Linear
    layer of `rows` inputs and 1024 outputs whose float32 weights (zeros) take
    `megabytes` MB. PyTorch writes the ONNX bytes; nothing here encodes them."""
    import io

    import torch

    rows = megabytes * 1024 * 1024 // (4 * 1024)
    layer = torch.nn.Linear(rows, 1024, bias=False)
    with torch.no_grad():
        layer.weight.zero_()
    buffer = io.BytesIO()
    torch.onnx.export(layer, (torch.zeros(1, rows),), buffer, input_names=["x"],
                      output_names=["y"], opset_version=13)
    del layer
    return buffer.getvalue()


def test_estimate_bytes_does_not_copy_them():
    data = _onnx_with_big_weights(256)
    gc.collect()
    _reset_peak_memory()
    before = _peak_memory_bytes()
    r = trainflops.estimate(data, examples=1)
    grown = _peak_memory_bytes() - before
    rows = 256 * 1024 * 1024 // (4 * 1024)
    assert r.params == rows * 1024
    # x [1, rows] times W^T [rows, 1024]: rows x 1024 multiply-adds = 2 FLOP each.
    assert r.forward_flop == 2 * rows * 1024
    print(f"\nestimate(bytes) of a {len(data) / 2**20:.0f} MiB ONNX graph: peak memory grew by "
          f"{grown / 2**20:.1f} MiB")
    assert grown < len(data) // 4  # a copy of the bytes would grow it by their whole size


def test_the_memory_check_sees_a_copy():
    """The measurement above can fail: one copy of the bytes is seen."""
    data = _onnx_with_big_weights(64)
    gc.collect()
    _reset_peak_memory()
    before = _peak_memory_bytes()
    copy = bytearray(data)
    copy[0] ^= 1  # touch it
    grown = _peak_memory_bytes() - before
    assert grown >= len(data) * 3 // 4
