from typing import Any, Dict, List, Mapping, Optional, Sequence

from . import Result

class TorchResult(Result):
    """A Result with `path` ("onnx" or "meta"); on the meta path also `modules`
    (per module: name, type, params, forward_flop per example) and
    `uncounted_ops` (ATen operators without a rule, with their counts)."""
    path: str
    modules: List[Dict[str, Any]]
    uncounted_ops: Dict[str, int]

def export_onnx(model: Any, example_inputs: Any, *,
                dynamic_axes: Optional[Mapping[str, Any]] = ...,
                input_names: Optional[Sequence[str]] = ...,
                opset_version: Optional[int] = ...) -> bytes:
    """The ONNX bytes of `model` traced on `example_inputs`, exported in memory."""

def estimate(model: Any, example_inputs: Any, *, epochs: Any = ..., examples: Any = ...,
             batches: Any = ..., batch_size: Any = ..., bp_ratio: Any = ...,
             dynamic_axes: Optional[Mapping[str, Any]] = ...,
             input_names: Optional[Sequence[str]] = ..., examples_per_run: Any = ...,
             dims: Optional[Mapping[str, int]] = ..., opset_version: Optional[int] = ...,
             check_params: bool = ..., path: Optional[str] = ..., input_dtype: Any = ...,
             example_kwargs: Optional[Mapping[str, Any]] = ...,
             **options: Any) -> TorchResult:
    """Training compute of a torch.nn.Module: from its ONNX graph exported in memory
    (path "onnx"), or from its ATen operators counted on the meta device (path "meta")."""
