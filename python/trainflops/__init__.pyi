# Type stubs for trainflops (docs/python.md). Values typed `Value` take a
# number or the command line's text: "5 days", "1.4T", "0.3..0.5".
import os
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Union

Value = Union[str, int, float]
Source = Union[str, os.PathLike[str], bytes, Mapping[str, Any]]

class Error(ValueError):
    """Bad input: the message names the keyword, what was wrong and what is accepted."""

class Result:
    """A result: the fields of the command's --json object as attributes."""
    @property
    def command(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def text(self) -> str: ...
    def citation(self) -> Optional[Dict[str, Any]]: ...
    def headline(self) -> str: ...
    def _repr_html_(self) -> str: ...
    # Common fields (which exist depends on the command):
    training_flop: float
    forward_flop: float
    params: float
    method: str
    formula: List[str]
    assumptions: List[Dict[str, Any]]
    inputs: Dict[str, Any]
    layers: List[Dict[str, Any]]
    uncertainty: Dict[str, Any]
    def __getattr__(self, name: str) -> Any: ...

def estimate(source: Source, *, epochs: Optional[Value] = ..., examples: Optional[Value] = ...,
             batches: Optional[Value] = ..., batch_size: Optional[Value] = ...,
             tokens_per_sequence: Optional[Value] = ..., bp_ratio: Optional[Value] = ...,
             batch_regime: Optional[str] = ..., formula: Optional[str] = ...,
             dims: Optional[Mapping[str, int]] = ..., examples_per_run: Optional[Value] = ...,
             strict: bool = ..., tokens: Optional[Value] = ..., stages: Optional[Sequence[str]] = ...,
             seq_len: Optional[Value] = ..., convention: Optional[str] = ...,
             attention: Optional[str] = ..., recompute: Optional[str] = ...,
             range: Optional[str] = ..., thresholds: bool = ..., uncertainty: bool = ...,
             samples: Optional[Value] = ..., seed: Optional[Value] = ...,
             quantiles: Optional[Sequence[Value]] = ...,
             checkpoint: Optional[Source] = ...) -> Result:
    """Method 1: count a model's operations (a spec, an ONNX graph, a Hugging Face config, or a
    Hugging Face repository id such as "Qwen/Qwen3-8B[@REV]" read from the local cache)."""

def layer(type: Optional[str] = ..., *, bp_ratio: Optional[Value] = ..., **dims: Value) -> Result:
    """One layer's parameters and forward FLOP (Sevilla et al. 2022, Table 1)."""

def hardware(chip: Optional[str] = ..., count: Optional[Value] = ..., time: Optional[Value] = ...,
             chip_hours: Optional[Value] = ..., chip_days: Optional[Value] = ...,
             precision: Optional[str] = ..., utilization: Optional[Value] = ...,
             year: Optional[Value] = ..., llm: Optional[bool] = ..., *,
             peak_flops: Optional[Value] = ..., tensor_cores: Optional[bool] = ...,
             tdp: Optional[Value] = ..., price_per_chip_hour: Optional[Value] = ...,
             industry: Optional[bool] = ..., energy: bool = ..., pue: Optional[Value] = ...,
             phases: Optional[Sequence[Mapping[str, Value]]] = ...,
             hardware_db: Optional[Source] = ..., uncertainty: bool = ...,
             samples: Optional[Value] = ..., seed: Optional[Value] = ...,
             quantiles: Optional[Sequence[Value]] = ...) -> Result:
    """Method 2: chips x time x peak FLOP/s x utilization."""

def compare(source: Optional[Source] = ..., *, params: Optional[Value] = ...,
            tokens: Optional[Value] = ..., method1_flop: Optional[Value] = ...,
            **options: Any) -> Result:
    """Method 1 and Method 2 side by side; options are hardware()'s and estimate()'s."""

def tokens(params: Optional[Union[Value, os.PathLike[str]]] = ..., tokens: Optional[Value] = ..., *,
           active_params: Optional[Value] = ..., convention: Optional[str] = ...,
           seq_len: Optional[Value] = ..., layers: Optional[Value] = ...,
           d_model: Optional[Value] = ..., heads: Optional[Value] = ...,
           head_dim: Optional[Value] = ..., vocab: Optional[Value] = ...,
           d_ff: Optional[Value] = ..., gated: bool = ..., stages: Optional[Sequence[str]] = ...,
           attention: Optional[str] = ..., recompute: Optional[str] = ...,
           thresholds: bool = ..., range: Optional[str] = ..., uncertainty: bool = ...,
           samples: Optional[Value] = ..., seed: Optional[Value] = ...,
           quantiles: Optional[Sequence[Value]] = ...) -> Result:
    """A language model from its numbers: 6ND or an attention-aware convention."""

def chips(filter: Optional[str] = ..., *, show: Optional[str] = ...,
          hardware_db: Optional[Union[str, os.PathLike[str], bytes]] = ...) -> Result:
    """The hardware table: rows matching filter, or one chip."""

def thresholds(flop: Value, *, range: Optional[str] = ...) -> Result:
    """A compute figure against the legal thresholds."""

def units(text: Value, *, to: Optional[str] = ...) -> Result:
    """An amount of compute in FLOP, multiply-adds and pfs-days."""

__version__: str

def evidence(evidence: Union[str, os.PathLike[str], bytes, Mapping[str, Any]], *,
             samples: Optional[Value] = ..., seed: Optional[Value] = ...) -> Result:
    """One model's training compute from lines of indirect evidence."""

def ledger(run: Union[str, os.PathLike[str], bytes, Mapping[str, Any]], *,
           samples: Optional[Value] = ..., seed: Optional[Value] = ...) -> Result:
    """A compute statement for a filing: a run record under each regime's rules."""

def trend(data: Union[None, str, os.PathLike[str], bytes, Iterable[Mapping[str, Any]]] = ..., *,
          date_column: Optional[str] = ..., compute_column: Optional[str] = ...,
          name_column: Optional[str] = ..., compute_unit: Optional[str] = ...,
          from_date: Optional[str] = ..., to_date: Optional[str] = ...,
          where: Optional[Sequence[str]] = ..., exclude: Optional[Sequence[str]] = ...,
          include_modest: bool = ..., breaks: Optional[Sequence[str]] = ...,
          bootstrap: Optional[Value] = ..., level: Optional[Value] = ...,
          seed: Optional[Value] = ...) -> Result:
    """The growth of training compute over time (doubling time)."""

def batch(data: Union[str, os.PathLike[str], bytes, Iterable[Mapping[str, Any]]], *,
          format: Optional[str] = ..., columns: Optional[Sequence[str]] = ...,
          samples: Optional[Value] = ..., seed: Optional[Value] = ...,
          rules_off: Optional[str] = ...) -> Iterator[Dict[str, Any]]:
    """Estimates every row of a dataset; yields the rows with the estimate added."""
