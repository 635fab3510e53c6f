"""The meta path at 7B: a LLaMA-style decoder (32 layers, d=4096, 32 heads,
FFN 11008, vocabulary 32000; the test suite's class) built on the meta device
and counted by trainflops.torch.estimate on one 2048-token sequence. Targets:
under 60 s, at most 1.5 GB peak memory for the whole process (torch included).

A benchmark, not part of the test suite (timings depend on the machine).
Run with figures: python3 -m pytest -s python/bench/test_bench_meta.py
"""

import importlib.util
import pathlib
import resource
import time

import pytest

torch = pytest.importorskip("torch", reason="python3-torch is not installed (scripts/setup-debian.sh)")
pytest.importorskip("torchvision", reason="python3-torchvision is not installed (the tests' module)")

import trainflops.torch as tf_torch  # noqa: E402


def _tests_module():
    # The decoder class lives in the test suite; loaded by path, as the
    # benchmark directory is not a package.
    path = pathlib.Path(__file__).resolve().parents[1] / "tests" / "test_torch_meta.py"
    spec = importlib.util.spec_from_file_location("test_torch_meta", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_llama_7b_on_meta_time_and_memory():
    llama = _tests_module().Llama
    start = time.perf_counter()
    model = llama(vocab=32000, d=4096, layers=32, heads=32, kv_heads=32, ffn=11008, device="meta")
    built = time.perf_counter()
    r = tf_torch.estimate(model, (1, 2048), input_dtype=torch.long, examples=1)
    done = time.perf_counter()
    # ru_maxrss is in KiB on Linux (getrusage(2)).
    peak_gb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e9
    print(f"\nLLaMA-style 7B on meta ({r.params:,.0f} params, {r.forward_flop / 2048:.4g} forward "
          f"FLOP per token): built in {built - start:.2f} s, counted in {done - built:.2f} s, "
          f"{done - start:.2f} s in all; peak memory {peak_gb:.2f} GB (ru_maxrss, torch included)")
    assert r.path == "meta"
    assert done - start < 60
    assert peak_gb <= 1.5
