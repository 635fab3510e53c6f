"""The PyTorch bridge: a torch.nn.Module's training compute, without training.

The module is exported to ONNX in memory (torch.onnx.export into an
io.BytesIO; no file is written) and analysed by trainflops' ONNX importer, so
the result is the one ``trainflops estimate MODEL.onnx`` gives for the same
graph. Its parameter count is checked against
``sum(p.numel() for p in model.parameters())``.
"""

from __future__ import annotations

import io
import warnings
from typing import Any, Dict, List, Mapping, Optional, Sequence

from . import Error, Result
from . import estimate as _estimate


def _as_tuple(example_inputs: Any) -> tuple:
    return example_inputs if isinstance(example_inputs, tuple) else (example_inputs,)


class _ModuleStack:
    """Which submodule is running: forward hooks record the innermost one, so
    that an export failure can say which module failed."""

    def __init__(self, model: Any) -> None:
        self.stack: List[str] = []
        self.failed: Optional[str] = None
        self.handles = []
        for name, module in model.named_modules():
            label = f"{name or '(the model)'} ({type(module).__name__})"
            self.handles.append(module.register_forward_pre_hook(self._enter(label)))
            self.handles.append(module.register_forward_hook(self._leave()))

    def _enter(self, label: str):
        def hook(module: Any, inputs: Any) -> None:
            self.stack.append(label)
        return hook

    def _leave(self):
        def hook(module: Any, inputs: Any, output: Any) -> None:
            if self.stack:
                self.stack.pop()
        return hook

    def innermost(self) -> Optional[str]:
        return self.stack[-1] if self.stack else None

    def remove(self) -> None:
        for handle in self.handles:
            handle.remove()


def _scope_of(error: BaseException) -> Optional[str]:
    """The module of the graph node torch failed to convert: an operator the
    exporter cannot translate fails after tracing, when no module runs, and
    torch's converter holds the node (with its module scope,
    "pkg.Net::/pkg.Bad::inner") in a local variable of the failing frame."""
    tb = error.__traceback__
    scope = None
    while tb is not None:
        node = tb.tb_frame.f_locals.get("node")
        if node is not None and hasattr(node, "scopeName"):
            scope = node.scopeName() or scope
        tb = tb.tb_next
    if not scope:
        return None
    cls, _, name = scope.split("/")[-1].rpartition("::")
    cls = cls.split(".")[-1]
    return f"{name} ({cls})" if name and cls else None


def export_onnx(model: Any, example_inputs: Any, *,
                dynamic_axes: Optional[Mapping[str, Any]] = None,
                input_names: Optional[Sequence[str]] = None,
                opset_version: Optional[int] = None) -> bytes:
    """The ONNX bytes of `model` traced on `example_inputs` (in memory).

    The model is exported in training mode, so that batch normalisation and
    dropout stay the operators they are in training (not folded into the
    convolutions as inference exports do). A failure raises trainflops.Error
    naming the module that was running, with torch's own error as its cause.
    """
    import torch

    inputs = _as_tuple(example_inputs)
    names = list(input_names) if input_names else [f"input_{i}" for i in range(len(inputs))]
    buffer = io.BytesIO()
    was_training = model.training
    stack = _ModuleStack(model)
    try:
        model.train()
        kwargs: Dict[str, Any] = {"input_names": names, "dynamic_axes": dict(dynamic_axes or {}),
                                  "training": torch.onnx.TrainingMode.TRAINING,
                                  "do_constant_folding": False}
        if opset_version is not None:
            kwargs["opset_version"] = opset_version
        with warnings.catch_warnings():
            # The exporter warns about every in-place batch-norm counter it drops.
            warnings.simplefilter("ignore", UserWarning)
            torch.onnx.export(model, inputs, buffer, **kwargs)
    except Exception as error:  # torch raises many types; keep it as the cause
        where = stack.innermost() or _scope_of(error) or type(model).__name__
        raise Error(f"torch.onnx.export failed in module {where}: "
                    f"{type(error).__name__}: {error}") from error
    finally:
        stack.remove()
        model.train(was_training)
    return buffer.getvalue()


def estimate(model: Any, example_inputs: Any, *, epochs: Any = None, examples: Any = None,
             batches: Any = None, batch_size: Any = None, bp_ratio: Any = "per-layer",
             dynamic_axes: Optional[Mapping[str, Any]] = None,
             input_names: Optional[Sequence[str]] = None, examples_per_run: Any = None,
             dims: Optional[Mapping[str, int]] = None, opset_version: Optional[int] = None,
             check_params: bool = True, **options: Any) -> Result:
    """Training compute of a torch.nn.Module (Method 1 on its ONNX graph).

    example_inputs: a tensor or a tuple of tensors, one batch as the model
        takes it. Its batch size is the examples per graph run unless
        examples_per_run is given (the first dimension of the first input).
    epochs, examples, batches, batch_size: the training, as estimate() takes
        them; bp_ratio "per-layer" (default), "table" or a number.
    dynamic_axes, input_names, opset_version: passed to torch.onnx.export;
        dims sets symbolic dimensions of a dynamic graph.
    check_params: raise trainflops.Error when the graph's parameter count
        differs from sum(p.numel() for p in model.parameters()).
    Other keywords (uncertainty, formula, ...) are estimate()'s.
    """
    onnx_bytes = export_onnx(model, example_inputs, dynamic_axes=dynamic_axes,
                             input_names=input_names, opset_version=opset_version)
    if examples_per_run is None:
        first = _as_tuple(example_inputs)[0]
        shape = getattr(first, "shape", None)
        if shape is not None and len(shape) > 0 and not dynamic_axes:
            examples_per_run = int(shape[0])
    result = _estimate((f"{type(model).__name__}.onnx", onnx_bytes), epochs=epochs,
                       examples=examples, batches=batches, batch_size=batch_size,
                       bp_ratio=bp_ratio, examples_per_run=examples_per_run, dims=dims,
                       **options)
    if check_params:
        expected = sum(p.numel() for p in model.parameters())
        counted = result.params
        if counted != expected:
            raise Error(f"the ONNX graph of {type(model).__name__} has {counted:,.0f} parameters "
                        f"but the model has {expected:,} (sum of p.numel()): the export "
                        "changed the model (pass check_params=False to keep the estimate)")
    return result
