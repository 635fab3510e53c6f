"""trainflops: the training compute (FLOP) of deep-learning models.

Counts the whole training run -- forward and backward passes over every
example of every epoch -- without running the model, following Sevilla et
al. 2022 ("Estimating Training Compute of Deep Learning Models", Epoch AI)
and Amodei & Hernandez 2018 ("AI and Compute", OpenAI).

The functions mirror the command line's commands; keyword names are its
options with dashes turned into underscores (the fields of the library's
request tables), and values take the same text ("5 days", "1.4T",
"0.3..0.5", "lognormal(70B, 1.5)") or plain numbers. Each returns a Result
whose attributes are the fields of the command's ``--json`` object. Bad input
raises trainflops.Error (a ValueError) with the library's message, naming the
keyword; an unknown keyword is named with the closest one.

    >>> import trainflops
    >>> print(trainflops.tokens(params=70e9, tokens=1.4e12))
    5.88e23 FLOP

See docs/python.md for every function and trainflops.torch for PyTorch models.
"""

from __future__ import annotations

import csv
import io
import json
import os
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Union

from . import _trainflops
from ._keywords import FUNCTIONS, described
from ._result import Result

Error = _trainflops.Error

# The library's version (CMake's project version; tests hold pyproject.toml's equal).
__version__: str = _trainflops.version()
Error.__doc__ = "Bad input: the message names the keyword, what was wrong and what is accepted."
Error.__module__ = "trainflops"

__all__ = ["Error", "Result", "estimate", "layer", "hardware", "compare", "tokens", "chips",
           "thresholds", "units", "trend", "batch", "evidence", "ledger"]

Value = Union[str, int, float]
Source = Union[str, "os.PathLike[str]", bytes, Mapping[str, Any]]


def _given(kwargs: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in kwargs.items() if v is not None}


def _file(value: Any, name: str) -> Any:
    """A dict becomes (name, its JSON); paths and bytes pass as they are."""
    if isinstance(value, Mapping):
        return (name, json.dumps(value))
    if isinstance(value, bytearray):
        return bytes(value)
    return value


def estimate(source: Source, *, dims: Optional[Mapping[str, Value]] = None,
             **keywords: Any) -> Result:
    """Method 1: count a model's operations (``trainflops estimate``).

    source: a path, bytes, or a dict. A model spec (YAML or JSON,
        docs/spec-format.md), an ONNX graph (docs/onnx.md) or a Hugging Face
        config.json (docs/llm.md), recognised by the path's extension or the
        bytes. Bytes are read in place, never copied. A Hugging Face
        repository id that is not a path ("Qwen/Qwen3-8B", or
        "Qwen/Qwen3-8B@REV" for a branch, tag or commit) reads config.json
        from the local Hugging Face cache ($HF_HUB_CACHE, $HF_HOME/hub or
        ~/.cache/huggingface/hub; never downloaded), and the snapshot's
        model.safetensors.index.json, if any, as the checkpoint.
    epochs, examples, batches, batch_size: the training, overriding the
        spec's; each may be a range ("90..100").
    bp_ratio: backward/forward ratio, a number (default 2), "table" or
        "per-layer" (Sevilla et al. 2022, Method 1 and Table 3).
    formula: "exact" (default) or "approx" (Table 1's two forms).
    dims: ONNX symbolic dimensions, e.g. {"batch_size": 1};
        examples_per_run: examples one run of the graph processes;
        strict: stop at the first node whose input shapes are unknown
        (raise) rather than leave it uncounted and give a lower bound.
    tokens, stages, seq_len, convention, attention, recompute, range: a
        Hugging Face config's training (as ``tokens()``).
    thresholds: check the total against the legal thresholds.
    uncertainty, samples, seed, quantiles: the Monte Carlo interval.
    checkpoint: a Hugging Face config's checkpoint (a path or (name, bytes)):
        model.safetensors.index.json, a .safetensors shard or a .gguf file,
        whose parameter count is reported beside the config's and flagged
        over 1% (headers only; weights are never read).
    """
    kwargs = _given({"dims": dims, **keywords})
    kwargs["source"] = _file(source, "spec.json")
    return Result("estimate", _trainflops.estimate(kwargs))


def layer(type: Optional[str] = None, *, bp_ratio: Optional[Value] = None,
          **dims: Value) -> Result:
    """One layer's parameters and forward FLOP (Sevilla et al. 2022, Table 1).

    ``layer("conv2d", h=400, w=400, c=5, filters=16, kernel=5, stride=2,
    padding=2)``; ``layer()`` lists every type (its text() is the catalogue).
    bp_ratio: backward/forward ratio of the one-example training figure
    (default 2).
    """
    return Result("layer", _trainflops.layer(type, bp_ratio, dims))


def hardware(chip: Optional[str] = None, count: Optional[Value] = None,
             time: Optional[Value] = None, chip_hours: Optional[Value] = None,
             chip_days: Optional[Value] = None, precision: Optional[str] = None,
             utilization: Optional[Value] = None, year: Optional[Value] = None,
             llm: Optional[Union[bool, str]] = None, *,
             phases: Optional[Sequence[Mapping[str, Value]]] = None,
             hardware_db: Optional[Source] = None, **keywords: Any) -> Result:
    """Method 2: chips x time x peak FLOP/s x utilization (``trainflops hardware``).

    chip: as named in papers ("V100", "TPU v3"); "unknown" imputes the peak
        from year. count with time ("14.8 days", "355h"), or chip_hours /
        chip_days. utilization: in (0, 1], "33%", or openai-gpu, openai-cpu,
        epoch-llm, epoch-other (default 0.30 for LLMs, else 0.40). Counts,
        times, utilization and peak_flops may be ranges.
    phases: several kinds of hardware, each a dict of the phase keywords
        (chip, count, time, ...); the keywords given here apply to every
        phase that does not set its own.
    hardware_db: a table with data/hardware.csv's columns (path or bytes).
    """
    kwargs = _given({"chip": chip, "count": count, "time": time, "chip_hours": chip_hours,
                     "chip_days": chip_days, "precision": precision, "utilization": utilization,
                     "year": year, "llm": llm, "phases": phases, "hardware_db": hardware_db,
                     **keywords})
    if phases is not None:
        kwargs["phases"] = [dict(p) for p in phases]
    if hardware_db is not None:
        kwargs["hardware_db"] = _file(hardware_db, "hardware.csv")
    return Result("hardware", _trainflops.hardware(kwargs))


def compare(source: Optional[Source] = None, *,
            phases: Optional[Sequence[Mapping[str, Value]]] = None, **keywords: Any) -> Result:
    """Both methods side by side (``trainflops compare``).

    Method 1 is exactly one of: source (a model spec), params with tokens
    (6 x N x D), or method1_flop. Every other keyword is ``hardware()``'s or
    ``estimate()``'s training keyword (epochs, examples, bp_ratio, ...).
    """
    kwargs = _given({"phases": phases, **keywords})
    if source is not None:
        kwargs["source"] = _file(source, "spec.json")
    if "phases" in kwargs:
        kwargs["phases"] = [dict(p) for p in kwargs["phases"]]
    if "hardware_db" in kwargs:
        kwargs["hardware_db"] = _file(kwargs["hardware_db"], "hardware.csv")
    return Result("compare", _trainflops.compare(kwargs))


def tokens(params: Optional[Union[Value, "os.PathLike[str]"]] = None,
           tokens: Optional[Value] = None, **keywords: Any) -> Result:
    """A language model from its numbers (``trainflops tokens``).

    6 x params x tokens by default (Kaplan et al. 2020); convention "kaplan",
    "palm", "chinchilla" or "megatron" adds the attention terms and needs
    seq_len and the dimensions. stages: further training ("NAME:TOKENS",
    "NAME:TOKENS:forward"). params and tokens may be ranges; params may also
    be a checkpoint path to count them from (model.safetensors.index.json
    with the config.json beside it, a .safetensors or a .gguf file).
    """
    return Result("tokens", _trainflops.tokens(_given({"params": params, "tokens": tokens,
                                                      **keywords})))


def chips(filter: Optional[str] = None, *,
          hardware_db: Optional[Union[str, "os.PathLike[str]", bytes]] = None,
          **keywords: Any) -> Result:
    """The hardware table: rows matching filter, or one chip with show="A100".

    hardware_db: another table with the columns of data/hardware.csv (a path or bytes).
    """
    kwargs = _given({"filter": filter, **keywords})
    if hardware_db is not None:
        kwargs["hardware_db"] = _file(hardware_db, "hardware.csv")
    return Result("chips", _trainflops.chips(kwargs))


def thresholds(flop: Value, **keywords: Any) -> Result:
    """A compute figure against the legal thresholds (EU AI Act, SB 53, ...)."""
    return Result("thresholds", _trainflops.thresholds(_given({"flop": flop, **keywords})))


def units(text: Value, **keywords: Any) -> Result:
    """An amount ("22 pfs-days", "2.5 GMAC") in FLOP, multiply-adds and pfs-days.

    to: flop, mac or pfs-day, for the text report in that unit only.
    """
    return Result("units", _trainflops.units(_given({"text": text, **keywords})))


def evidence(evidence: Union[str, "os.PathLike[str]", bytes, Mapping[str, Any]],
             **keywords: Any) -> Result:
    """One model's training compute from lines of indirect evidence (``trainflops evidence``).

    evidence: an evidence file (YAML or JSON; docs/evidence.md) as a path or
    bytes, or the same document as a dict. Each line (cost, power, cluster,
    reference, stage, figure) is estimated with its 90% interval, then the
    lines are combined; lines that disagree are named in "disagreements".
    """
    kwargs = _given({"evidence": evidence, **keywords})
    if isinstance(evidence, Mapping):
        kwargs["evidence"] = ("evidence.json", json.dumps(dict(evidence)))
    return Result("evidence", _trainflops.evidence(kwargs))


def ledger(run: Union[str, "os.PathLike[str]", bytes, Mapping[str, Any]],
           **keywords: Any) -> Result:
    """A compute statement for a filing (``trainflops ledger``).

    run: a run record (YAML or JSON; docs/ledger.md) as a path or bytes, or the
    same document as a dict: the model, the original it modifies, and the
    phases of its training, each with the one method its evidence allows. The
    result is the command line's JSON: per regime (EU AI Act Art. 51(2), the
    EU parameter-update indicator and one-third modification test, California
    SB 53, New York RAISE) the total, unrounded and to two significant
    figures, its interval, P(over), the 30% margin (the EU regimes only) and
    the phases counted and left out with their rules; the documentation
    form's fields.
    """
    kwargs = _given({"run": run, **keywords})
    if isinstance(run, Mapping):
        kwargs["run"] = ("run.json", json.dumps(dict(run)))
    return Result("ledger", _trainflops.ledger(kwargs))


def _csv_text(rows: Iterable[Mapping[str, Any]]) -> str:
    rows = list(rows)
    columns: List[str] = []
    for row in rows:
        columns.extend(k for k in row if k not in columns)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def trend(data: Union[None, str, "os.PathLike[str]", bytes, Iterable[Mapping[str, Any]]] = None,
          **keywords: Any) -> Result:
    """The growth of training compute over time (``trainflops trend``).

    data: a CSV path or bytes, or rows (dicts); default the points of "AI and
    Compute" (Amodei & Hernandez 2018). from_date / to_date are the command
    line's --from / --to (YYYY-MM-DD).
    """
    kwargs = _given({"data": data, **keywords})
    if data is not None and not isinstance(data, (str, bytes, os.PathLike)):
        kwargs["data"] = ("rows.csv", _csv_text(data))
    return Result("trend", _trainflops.trend(kwargs))


def batch(data: Union[str, "os.PathLike[str]", bytes, Iterable[Mapping[str, Any]]],
          **keywords: Any) -> Iterator[Dict[str, Any]]:
    """Estimates every model of a dataset (``trainflops batch``); yields dicts.

    data: a CSV or JSON-lines path or bytes, or rows (dicts). Each row comes
    back with estimated_training_flop, estimate_method, estimate_low,
    estimate_high, ratio_to_recorded, the probability of exceeding each
    threshold in force (p_over_eu_ai_act_art51, p_over_eu_gpai_indicative,
    p_over_ca_sb53_frontier), within_eu_30pct_margin, label_error_factor (the confidence label's
    measured meaning), estimate_flags and estimate_note added (the columns of
    docs/batch.md). rules_off:
    "RULE,..." estimation rules switched off, to measure them (docs/batch.md).
    """
    kwargs = _given({"data": data, **keywords})
    if not isinstance(data, (str, bytes, os.PathLike)):
        kwargs["data"] = ("rows.jsonl", "".join(json.dumps(dict(r)) + "\n" for r in data))
    lines = _trainflops.batch(kwargs)
    if lines and lines[0].lstrip().startswith("{"):
        return (json.loads(line) for line in lines)
    return iter(csv.DictReader(lines))


# Each function's keywords, from the library's field tables, in its signature
# (help(), inspect) and docstring.
for _name in FUNCTIONS:
    described(globals()[_name], _name)
del _name
