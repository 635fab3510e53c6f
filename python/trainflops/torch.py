"""The PyTorch bridge: a torch.nn.Module's training compute, without training.

Two paths. "onnx": the module is exported to ONNX in memory
(torch.onnx.export into an io.BytesIO; no file is written) and analysed by
trainflops' ONNX importer, so the result is the one ``trainflops estimate
MODEL.onnx`` gives for the same graph. "meta": a module whose parameters are
on the meta device (or inputs given as shapes) is run once on meta tensors
and its ATen operators counted at the dispatch level (_meta.py), per module;
the counts become a spec of stated layers that the library estimates, so the
report has the same fields. Either way the parameter count is checked against
``sum(p.numel() for p in model.parameters())``, and the backward/forward
ratio is the library's default unless `bp_ratio` is given.
"""

from __future__ import annotations

import inspect
import io
import json
import warnings
from typing import Any, Dict, List, Mapping, Optional, Sequence

from . import Error, Result
from . import _meta
from . import estimate as _estimate


class TorchResult(Result):
    """A Result with the bridge's own fields: `path` ("onnx" or "meta") and,
    on the meta path, `modules` (one {"name", "type", "params",
    "forward_flop"} per module that has parameters or runs operators, FLOP
    per example) and `uncounted_ops` (ATen operators without a rule)."""

    __slots__ = ("_extra",)

    def __init__(self, result: Result, extra: Dict[str, Any]) -> None:
        super().__init__(result.command, result._report)
        self._extra = extra

    def to_dict(self) -> Dict[str, Any]:
        out = super().to_dict()
        out.update(json.loads(json.dumps(self._extra)))
        return out

    def _fields(self) -> Dict[str, Any]:
        fields = super()._fields()
        fields.update(self._extra)
        return fields


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
        # torch 2.5 added the torch.export-based exporter (dynamo=True), the
        # default from 2.9, whose graphs differ and which reads `training`
        # and `dynamic_axes` differently; the TorchScript exporter, the one
        # this bridge is tested with, is asked for by name where it can be.
        if "dynamo" in inspect.signature(torch.onnx.export).parameters:
            kwargs["dynamo"] = False
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


def _is_shape(value: Any) -> bool:
    return isinstance(value, (tuple, list)) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)


def _meta_input(value: Any, dtype: Any, where: str) -> Any:
    """One example input as a meta tensor: a tensor (its shape and dtype), a
    shape (tuple of ints, torch.Size) with `input_dtype`, or a dict
    {"shape": ..., "dtype": ...}."""
    import torch

    if isinstance(value, torch.Tensor):
        return value if value.device.type == "meta" else torch.empty(
            value.shape, dtype=value.dtype, device="meta")
    if isinstance(value, Mapping) and "shape" in value:
        shape, dtype = value["shape"], value.get("dtype", dtype)
    else:
        shape = value
    if not _is_shape(shape) or any(v < 0 for v in shape):
        raise Error(f"{where}: a meta model's example input must be a tensor, a shape (a tuple "
                    f"of non-negative ints, e.g. (1, 2048)) or {{'shape': ..., 'dtype': ...}}; "
                    f"got {type(value).__name__} {value!r:.80}")
    if dtype is None:
        raise Error(f"{where}: the shape {tuple(shape)} needs a dtype: pass input_dtype "
                    "(torch.long for token ids, torch.float32 for images) or "
                    "{'shape': ..., 'dtype': ...}")
    return torch.empty(tuple(shape), dtype=dtype, device="meta")


def _meta_inputs(example_inputs: Any, dtype: Any) -> tuple:
    """The example inputs as a tuple of meta tensors (a bare shape is one
    input; a tuple of shapes, tensors or dicts is several)."""
    if _is_shape(example_inputs) and len(example_inputs) > 0:
        return (_meta_input(tuple(example_inputs), dtype, "example_inputs"),)
    items = example_inputs if isinstance(example_inputs, (tuple, list)) else (example_inputs,)
    return tuple(_meta_input(v, dtype, f"example_inputs[{i}]") for i, v in enumerate(items))


def _on_meta(model: Any, example_inputs: Any) -> bool:
    """True when the model holds a meta parameter or buffer, or an input is
    given as a shape or a meta tensor: the ONNX export cannot run then."""
    import torch

    for tensor in list(model.parameters()) + list(model.buffers()):
        if tensor.device.type == "meta":
            return True
    if _is_shape(example_inputs):
        return True
    items = example_inputs if isinstance(example_inputs, (tuple, list)) else (example_inputs,)
    for item in items:
        if isinstance(item, torch.Tensor) and item.device.type == "meta":
            return True
        if _is_shape(item) or isinstance(item, Mapping):
            return True
    return False


def _meta_spec(model: Any, count: "_meta.MetaCount", params: Dict[str, int],
               examples_per_run: float) -> Dict[str, Any]:
    """The counts as a spec (docs/spec-format.md): one `given` layer per
    module with its own parameters and the FLOP its own operators ran (not
    its submodules'), per example; the library applies the training
    formula, the assumptions and the report."""
    layers: List[Dict[str, Any]] = []
    modules = dict(model.named_modules())
    for path in modules:
        flop = count.module_flop.get(path, 0) / examples_per_run
        own = params.get(path, 0)
        if flop == 0 and own == 0:
            continue
        name = path or "(the model)"
        if flop == 0:
            # A `given` layer states a positive cost; parameters that run no
            # operator (an embedding's lookup) are a table of that size,
            # which costs 0 FLOP as the catalogue's embedding.
            module = modules[path]
            shape = (int(module.num_embeddings), int(module.embedding_dim)) if (
                hasattr(module, "num_embeddings") and hasattr(module, "embedding_dim") and
                int(module.num_embeddings) * int(module.embedding_dim) == own) else (own, 1)
            layers.append({"type": "embedding", "name": name, "vocab": shape[0],
                           "dim": shape[1], "input": [1]})
            continue
        layers.append({"type": "given", "name": name, "forward": repr(float(flop)),
                       "params": own, "input": [1],
                       "source": f"{count.module_type.get(path, '?')}: ATen operators counted "
                                 "on the meta device"})
    notes = ["counted on the meta device: the forward pass's ATen operators, by the ONNX "
             "path's FLOP rules (docs/python.md); the backward is the backward/forward ratio"]
    if count.unknown:
        notes.append("ATen operators without a rule, not counted (a lower bound): " +
                     ", ".join(f"{n} x{c}" for n, c in sorted(count.unknown.items())))
    if count.forward_flop == 0:
        raise Error(f"the forward pass of {type(model).__name__} on the meta device ran no "
                    "operator that costs FLOP: nothing to count")
    return {"name": type(model).__name__, "input": [1], "notes": notes, "layers": layers}


def _estimate_meta(model: Any, example_inputs: Any, *, input_dtype: Any, example_kwargs: Any,
                   examples_per_run: Any, bp_ratio: Any, check_params: bool,
                   training: Dict[str, Any], options: Dict[str, Any]) -> "TorchResult":
    if isinstance(bp_ratio, str) and bp_ratio.lower().replace("_", "-") == "per-layer":
        raise Error("bp_ratio 'per-layer' needs the ONNX graph's gradients; the meta path takes "
                    "a number or 'table' (default: the library's ratio)")
    for key in ("dims", "dynamic_axes", "opset_version", "input_names"):
        if options.get(key) is not None:
            raise Error(f"{key} is an ONNX export option; the meta path has no graph to export")
    keywords = dict(example_kwargs or {})
    inputs: tuple = ()
    if isinstance(example_inputs, Mapping) and "shape" not in example_inputs:
        # {"input_ids": (1, 2048), ...}: the model's keyword inputs.
        keywords.update(example_inputs)
    else:
        inputs = _meta_inputs(example_inputs, input_dtype)
    extra_inputs = {k: _meta_input(v, input_dtype, f"example_inputs[{k!r}]")
                    for k, v in keywords.items()}
    if examples_per_run is None:
        first = inputs[0] if inputs else next(iter(extra_inputs.values()), None)
        examples_per_run = int(first.shape[0]) if first is not None and first.dim() > 0 else 1
    runs = float(examples_per_run)
    if not runs > 0:
        raise Error(f"examples_per_run must be greater than zero, not {examples_per_run!r}")
    was_training = model.training
    try:
        model.train()
        count = _meta.count_forward(model, inputs, extra_inputs)
    except Error:
        raise
    except Exception as error:  # torch raises many types; keep it as the cause
        raise Error(f"the forward pass on the meta device failed: {type(error).__name__}: "
                    f"{error}") from error
    finally:
        model.train(was_training)
    params = _meta.module_params(model)
    spec = _meta_spec(model, count, params, runs)
    # Named for the report's header ("Method 1 ...: Net.meta.json — Net").
    source = (f"{type(model).__name__}.meta.json", json.dumps(spec))
    result = _estimate(source, bp_ratio=bp_ratio, **training,
                       **{k: v for k, v in options.items()
                          if k not in ("dims", "dynamic_axes", "opset_version", "input_names")})
    total = sum(params.values())
    if check_params and result.params != total:
        raise Error(f"the meta count of {type(model).__name__} has {result.params:,.0f} "
                    f"parameters but the model has {total:,}")
    modules = [{"name": layer["name"], "type": count.module_type.get(
                    "" if layer["name"] == "(the model)" else layer["name"], "?"),
                "params": layer.get("params", layer.get("vocab", 0) * layer.get("dim", 0)),
                "forward_flop": float(layer.get("forward", 0))}
               for layer in spec["layers"]]
    return TorchResult(result, {"path": "meta", "modules": modules,
                                "uncounted_ops": dict(sorted(count.unknown.items()))})


def estimate(model: Any, example_inputs: Any, *, epochs: Any = None, examples: Any = None,
             batches: Any = None, batch_size: Any = None, bp_ratio: Any = None,
             dynamic_axes: Optional[Mapping[str, Any]] = None,
             input_names: Optional[Sequence[str]] = None, examples_per_run: Any = None,
             dims: Optional[Mapping[str, int]] = None, opset_version: Optional[int] = None,
             check_params: bool = True, path: Optional[str] = None, input_dtype: Any = None,
             example_kwargs: Optional[Mapping[str, Any]] = None,
             **options: Any) -> TorchResult:
    """Training compute of a torch.nn.Module (Method 1 on its ONNX graph, or
    on its operators counted on the meta device).

    example_inputs: a tensor or a tuple of tensors, one batch as the model
        takes it. Its batch size is the examples per graph run unless
        examples_per_run is given (the first dimension of the first input).
        On the meta path also a shape ((1, 2048), with input_dtype), a dict
        {"shape": ..., "dtype": ...}, a tuple of these, or a dict of keyword
        inputs {"input_ids": (1, 2048)}; example_kwargs are keyword inputs
        too (meta path only).
    path: "onnx" (export the model to ONNX), "meta" (count the forward pass's
        ATen operators on the meta device, nothing allocated) or None: "meta"
        when a parameter or buffer is on the meta device or an input is a
        shape or a meta tensor, else "onnx". The result's `path` says which.
    epochs, examples, batches, batch_size: the training, as estimate() takes
        them; bp_ratio a number, "table", or "per-layer" (ONNX path only);
        by default the library's backward/forward ratio, as the command line.
    dynamic_axes, input_names, opset_version: passed to torch.onnx.export;
        dims sets symbolic dimensions of a dynamic graph.
    check_params: raise trainflops.Error when the counted parameters differ
        from sum(p.numel() for p in model.parameters()).
    Other keywords (uncertainty, formula, ...) are estimate()'s.
    """
    training = {"epochs": epochs, "examples": examples, "batches": batches,
                "batch_size": batch_size}
    if path not in (None, "onnx", "meta"):
        raise Error(f"path must be 'onnx', 'meta' or None (choose), not {path!r}")
    if path is None:
        path = "meta" if _on_meta(model, example_inputs) else "onnx"
    if path == "meta":
        return _estimate_meta(model, example_inputs, input_dtype=input_dtype,
                              example_kwargs=example_kwargs, examples_per_run=examples_per_run,
                              bp_ratio=bp_ratio, check_params=check_params, training=training,
                              options=dict(options, dims=dims, dynamic_axes=dynamic_axes,
                                           opset_version=opset_version,
                                           input_names=input_names))
    if example_kwargs:
        raise Error("example_kwargs is for the meta path; torch.onnx.export takes the inputs "
                    "as a tuple (example_inputs)")
    onnx_bytes = export_onnx(model, example_inputs, dynamic_axes=dynamic_axes,
                             input_names=input_names, opset_version=opset_version)
    if examples_per_run is None:
        first = _as_tuple(example_inputs)[0]
        shape = getattr(first, "shape", None)
        if shape is not None and len(shape) > 0 and not dynamic_axes:
            examples_per_run = int(shape[0])
    result = _estimate((f"{type(model).__name__}.onnx", onnx_bytes), bp_ratio=bp_ratio,
                       examples_per_run=examples_per_run, dims=dims, **training, **options)
    if check_params:
        expected = sum(p.numel() for p in model.parameters())
        counted = result.params
        if counted != expected:
            raise Error(f"the ONNX graph of {type(model).__name__} has {counted:,.0f} parameters "
                        f"but the model has {expected:,} (sum of p.numel()): the export "
                        "changed the model (pass check_params=False to keep the estimate)")
    return TorchResult(result, {"path": "onnx"})
