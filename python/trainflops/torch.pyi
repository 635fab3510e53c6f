from typing import Any, Mapping, Optional, Sequence

from . import Result

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
             check_params: bool = ..., **options: Any) -> Result:
    """Training compute of a torch.nn.Module, from its ONNX graph exported in memory."""
