"""Call overhead, measured: trainflops.tokens() in at most 20 us per call,
and estimate(bytes) of an ONNX graph without copying the bytes.

Run alone with figures: python3 -m pytest -s python/tests/test_bench.py
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
    """A valid ONNX graph (hand-encoded protobuf): y = MatMul(x, W) with W
    float32 [n, 1024] stored as raw_data, `megabytes` MB of weights."""
    def varint(v):
        out = bytearray()
        while True:
            b = v & 0x7F
            v >>= 7
            out.append(b | (0x80 if v else 0))
            if not v:
                return bytes(out)

    def field(number, wire, payload):
        key = varint(number << 3 | wire)
        if wire == 0:
            return key + varint(payload)
        return key + varint(len(payload)) + payload

    rows = megabytes * 1024 * 1024 // (4 * 1024)
    tensor = (field(1, 0, rows) + field(1, 0, 1024) + field(2, 0, 1) + field(8, 2, b"W")
              + field(9, 2, bytes(rows * 1024 * 4)))
    def value_info(name, dims):
        shape = b"".join(field(1, 2, field(1, 0, d)) for d in dims)
        tensor_type = field(1, 0, 1) + field(2, 2, shape)
        return field(1, 2, name) + field(2, 2, field(1, 2, tensor_type))
    node = field(1, 2, b"x") + field(1, 2, b"W") + field(2, 2, b"y") + field(4, 2, b"MatMul")
    graph = (field(1, 2, node) + field(2, 2, b"g") + field(5, 2, tensor)
             + field(11, 2, value_info(b"x", [1, rows])) + field(12, 2, value_info(b"y", [1, 1024])))
    opset = field(1, 2, b"") + field(2, 0, 13)
    return field(1, 0, 8) + field(8, 2, opset) + field(7, 2, graph)


def test_estimate_bytes_does_not_copy_them():
    data = _onnx_with_big_weights(256)
    gc.collect()
    _reset_peak_memory()
    before = _peak_memory_bytes()
    r = trainflops.estimate(data, examples=1)
    grown = _peak_memory_bytes() - before
    rows = 256 * 1024 * 1024 // (4 * 1024)
    assert r.params == rows * 1024
    # MatMul [1, rows] x [rows, 1024]: rows x 1024 multiply-adds = 2 FLOP each.
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
