"""Counting a torch.nn.Module's forward FLOP at the dispatch level, on the meta
device: no weight and no activation is allocated, so a model too large for
the machine (a 7B or 70B decoder being designed) can be counted.

The example inputs are wrapped in a torch.Tensor subclass whose
``__torch_dispatch__`` sees every ATen operator the forward pass runs
(PyTorch's dispatch-level extension point for tensor subclasses; torch 2.x's
torch.utils.flop_counter counts at the same level, through a dispatch mode).
Each operator is charged with the library's ONNX conventions (docs/onnx.md,
"FLOP rules"), so a graph exported from the same model and this count agree:
a multiply-add is 2 FLOP, an element-wise operation 1 per output element, a
reduction 1 per input element, softmax 3 and the normalisations 7 per
element (python/tests/test_conventions.py holds this copy of the conventions
equal to the library's rules, case by case). Forward hooks attribute each operator to the innermost running
module. Only APIs present in torch 1.13 and 2.x are used."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

# Operators that only move, view, copy, index or create data: 0 FLOP, as
# Reshape, Transpose, Concat, Gather, Cast, Expand, ... in docs/onnx.md.
_ZERO = frozenset("""
    view _unsafe_view reshape _reshape_alias alias t transpose permute expand expand_as
    squeeze unsqueeze flatten unflatten contiguous clone copy _to_copy to detach
    select slice narrow split split_with_sizes chunk unbind cat stack index index_select
    gather scatter embedding repeat tile as_strided zeros zeros_like ones ones_like empty
    empty_like empty_strided new_empty new_empty_strided new_zeros new_ones full full_like
    fill arange linspace lift_fresh lift_fresh_copy masked_fill triu tril
    _reshape_copy view_as roll flip constant_pad_nd pad zero scalar_tensor
    bernoulli rand rand_like randn randn_like randint randint_like _local_scalar_dense
    sym_size sym_stride sym_numel sym_storage_offset is_same_size
    nonzero unique
    """.split())

# One FLOP per output element (broadcast shape), as Add, Mul, Relu, Sigmoid,
# Where, comparisons ... in docs/onnx.md.
_ELEMENTWISE = frozenset("""
    add sub rsub mul div true_divide floor_divide remainder fmod pow neg abs sign reciprocal
    sqrt rsqrt exp exp2 expm1 log log2 log10 log1p sin cos tan asin acos atan atan2 sinh
    cosh tanh sigmoid relu relu6 gelu silu mish elu selu celu leaky_relu hardtanh hardswish
    hardsigmoid softplus erf erfc erfinv clamp clamp_min clamp_max clip where maximum minimum
    eq ne lt le gt ge logical_and logical_or logical_not logical_xor bitwise_and bitwise_or
    bitwise_not floor ceil round trunc frac square threshold _masked_scale lerp addcmul
    addcdiv xlogy sgn prelu _prelu_kernel glu
    """.split())

# One FLOP per input element (a sum or comparison per value): Reduce*, ArgMax;
# topk as a selection, one comparison per value.
_REDUCTION = frozenset("""
    sum mean amax amin max min prod argmax argmin var std var_mean std_mean norm
    linalg_vector_norm logsumexp cumsum cumprod any all count_nonzero topk
    """.split())


def _numel(shape: Any) -> int:
    n = 1
    for s in shape:
        n *= int(s)
    return n


def _shape(value: Any) -> Tuple[int, ...]:
    return tuple(int(s) for s in value.shape)


def _outputs(out: Any) -> List[Any]:
    import torch

    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (tuple, list)):
        return [o for o in out if isinstance(o, torch.Tensor)]
    return []


def _arg(args: tuple, kwargs: Dict[str, Any], index: int, name: str, default: Any = None) -> Any:
    if len(args) > index:
        return args[index]
    return kwargs.get(name, default)


def _scalar_is(value: Any, number: float) -> bool:
    return value is None or (isinstance(value, (int, float)) and value == number)


def _addmm_like(args: tuple, kwargs: Dict[str, Any], out: Any) -> int:
    # addmm(bias, a, b, beta, alpha) / baddbmm: as ONNX Gemm, 2·M·N·K +
    # M·N (adding C) + M·N (alpha ≠ 1) + M·N (beta ≠ 1).
    a = args[1]
    outputs = _numel(out.shape)
    flop = 2 * outputs * int(a.shape[-1]) + outputs
    if not _scalar_is(kwargs.get("alpha", args[4] if len(args) > 4 else None), 1):
        flop += outputs
    if not _scalar_is(kwargs.get("beta", args[3] if len(args) > 3 else None), 1):
        flop += outputs
    return flop


def _convolution(args: tuple, kwargs: Dict[str, Any], out: Any) -> int:
    # aten.convolution(input, weight, bias, stride, padding, dilation,
    # transposed, output_padding, groups). Conv: 2·N·M·P·(C/g)·k + N·M·P
    # (bias); ConvTranspose: 2·N·C·P_in·(M/g)·k + N·M·P_out (docs/onnx.md,
    # Sevilla et al. 2022, Table 1). weight is [M, C/g, k...] for a
    # convolution and [C, M/g, k...] for a transposed one.
    x, weight, bias = args[0], args[1], _arg(args, kwargs, 2, "bias")
    transposed = bool(_arg(args, kwargs, 6, "transposed", False))
    per_position = _numel(weight.shape[1:])
    if transposed:
        flop = 2 * _numel(x.shape) * per_position
    else:
        flop = 2 * _numel(out.shape) * per_position
    if bias is not None:
        flop += _numel(out.shape)
    return flop


def _pool(kind: str) -> Callable[..., int]:
    # max pooling k - 1 comparisons, average pooling k - 1 adds + 1 divide per
    # output (src/onnx/rules_conv.cc).
    def rule(args: tuple, kwargs: Dict[str, Any], out: Any) -> int:
        kernel = _arg(args, kwargs, 1, "kernel_size")
        dims = len(args[0].shape) - 2
        if isinstance(kernel, int):
            kernel = [kernel] * dims
        k = _numel(kernel if len(kernel) == dims else list(kernel) * dims)
        return _numel(out.shape) * (k - 1 if kind == "max" else k)
    return rule


def _adaptive_pool(kind: str) -> Callable[..., int]:
    # Global pooling: N·C·(positions − 1) for max, N·C·positions for average
    # (docs/onnx.md); an adaptive pool to a larger output, per output window.
    def rule(args: tuple, kwargs: Dict[str, Any], out: Any) -> int:
        inputs, outputs = _numel(args[0].shape), _numel(out.shape)
        return inputs - outputs if kind == "max" else inputs
    return rule


# Where each fused attention operator takes its attention mask (or bias) and
# is_causal, positionally (native_functions.yaml, torch 2.x): (mask, causal).
_ATTENTION_ARGS = {
    "_scaled_dot_product_attention_math": (3, 5),
    "_scaled_dot_product_flash_attention": (None, 4),
    "_scaled_dot_product_flash_attention_for_cpu": (None, 4),
    "_scaled_dot_product_efficient_attention": (3, 6),
    "_scaled_dot_product_cudnn_attention": (3, 6),
}


def _attention(name: str) -> Callable[..., int]:
    # Fused scaled dot-product attention (torch 2.x): as the ONNX Attention
    # rule, 2·S·dk + S (scale) + 3·S (softmax) + 2·S·dv with S =
    # batch·heads·Sq·L, + S for an attention mask; causal attention charges
    # the average attended length L − (Sq − 1)/2 (docs/onnx.md).
    mask_at, causal_at = _ATTENTION_ARGS[name]

    def rule(args: tuple, kwargs: Dict[str, Any], out: Any) -> int:
        q, k, v = args[0], args[1], args[2]
        sq, length = int(q.shape[-2]), int(k.shape[-2])
        dk, dv = int(q.shape[-1]), int(v.shape[-1])
        batch = _numel(q.shape[:-2])
        causal = bool(_arg(args, kwargs, causal_at, "is_causal", False))
        # The CPU flash kernel takes its mask as a keyword only (torch 2.3+).
        mask = (mask_at is not None and _arg(args, kwargs, mask_at, "attn_mask") is not None) or (
            kwargs.get("attn_mask") is not None or kwargs.get("attn_bias") is not None)
        attended = length - (sq - 1) / 2 if causal else length
        scores = batch * sq * attended
        return int(round(2 * scores * dk + scores + 3 * scores + 2 * scores * dv +
                         (scores if mask else 0)))
    return rule


def _normalization(per_element: int, bias_index: Optional[int]) -> Callable[..., int]:
    # Batch, layer, group and instance normalisation: 7 per element (mean 1,
    # centre 1, variance 2, normalise 1, scale + shift 2); layer norm without
    # a bias 6 (docs/onnx.md).
    def rule(args: tuple, kwargs: Dict[str, Any], out: Any) -> int:
        n = _numel(args[0].shape)
        if bias_index is not None and len(args) > bias_index and args[bias_index] is None:
            return n * (per_element - 1)
        return n * per_element
    return rule


_RULES: Dict[str, Callable[..., int]] = {
    "mm": lambda a, k, o: 2 * _numel(o.shape) * int(a[0].shape[-1]),
    "bmm": lambda a, k, o: 2 * _numel(o.shape) * int(a[0].shape[-1]),
    "dot": lambda a, k, o: 2 * int(a[0].shape[-1]),
    "mv": lambda a, k, o: 2 * _numel(a[0].shape),
    "addmm": _addmm_like,
    "baddbmm": _addmm_like,
    "addmv": lambda a, k, o: 2 * _numel(a[1].shape) + _numel(o.shape),
    "convolution": _convolution,
    "_convolution": _convolution,
    "_softmax": lambda a, k, o: 3 * _numel(o.shape),
    "softmax": lambda a, k, o: 3 * _numel(o.shape),
    "_log_softmax": lambda a, k, o: 3 * _numel(o.shape),
    "log_softmax": lambda a, k, o: 3 * _numel(o.shape),
    "native_layer_norm": _normalization(7, 3),
    "native_batch_norm": _normalization(7, None),
    "_native_batch_norm_legit": _normalization(7, None),
    "_native_batch_norm_legit_functional": _normalization(7, None),
    "native_group_norm": _normalization(7, None),
    # Dropout: 1 per element, the mask multiply (Sevilla et al. 2022, Appendix E).
    "native_dropout": lambda a, k, o: _numel(a[0].shape),
    "dropout": lambda a, k, o: _numel(a[0].shape),
    "max_pool1d_with_indices": _pool("max"),
    "max_pool2d_with_indices": _pool("max"),
    "max_pool3d_with_indices": _pool("max"),
    "max_pool2d": _pool("max"),
    "avg_pool1d": _pool("avg"),
    "avg_pool2d": _pool("avg"),
    "avg_pool3d": _pool("avg"),
    "_adaptive_avg_pool2d": _adaptive_pool("avg"),
    "_adaptive_avg_pool3d": _adaptive_pool("avg"),
    "adaptive_max_pool2d": _adaptive_pool("max"),
}
_RULES.update({name: _attention(name) for name in _ATTENTION_ARGS})


def _flop(name: str, args: tuple, kwargs: Dict[str, Any], out: Any) -> Optional[int]:
    """The operator's FLOP, or None when it has no rule."""
    base = name[:-1] if name.endswith("_") and not name.startswith("_") else name
    outputs = _outputs(out)
    if base in _RULES and outputs:
        return int(_RULES[base](args, kwargs, outputs[0]))
    if base in _ZERO:
        return 0
    if base in _ELEMENTWISE:
        return _numel(outputs[0].shape) if outputs else 0
    if base in _REDUCTION:
        first = args[0] if args and hasattr(args[0], "shape") else None
        return _numel(first.shape) if first is not None else 0
    return None


class MetaCount:
    """What a forward pass on the meta device ran: FLOP per module path, the
    operators without a rule, and the parameters per module."""

    def __init__(self) -> None:
        self.module_flop: Dict[str, int] = {}
        self.module_type: Dict[str, str] = {}
        self.unknown: Dict[str, int] = {}
        self.op_flop: Dict[str, int] = {}

    @property
    def forward_flop(self) -> int:
        return sum(self.module_flop.values())


def count_forward(model: Any, inputs: tuple, kwargs: Optional[Dict[str, Any]] = None) -> MetaCount:
    """Runs `model(*inputs, **kwargs)` with every tensor input wrapped in the
    counting subclass, under torch.no_grad() (the forward only: the backward
    is the library's backward/forward ratio, as for a spec)."""
    import torch

    result = MetaCount()
    stack: List[str] = [""]

    def wrap(value: Any) -> Any:
        if isinstance(value, torch.Tensor) and not isinstance(value, _Counted):
            return _Counted(value)
        return value

    def unwrap(value: Any) -> Any:
        if isinstance(value, _Counted):
            return value.elem
        if isinstance(value, (list, tuple)):
            return type(value)(unwrap(v) for v in value)
        if isinstance(value, dict):
            return {k: unwrap(v) for k, v in value.items()}
        return value

    def rewrap(value: Any) -> Any:
        if isinstance(value, torch.Tensor):
            return wrap(value)
        if isinstance(value, (list, tuple)):
            return type(value)(rewrap(v) for v in value)
        return value

    class _Counted(torch.Tensor):
        """A tensor holding a real (meta or CPU) tensor `elem`: every ATen
        operator on it comes to __torch_dispatch__, which runs the operator on
        `elem` and charges its FLOP (PyTorch's documented subclass extension
        point; the wrapper is made as torch's own examples make it)."""

        __slots__ = ["elem"]

        @staticmethod
        def __new__(cls, elem: Any) -> Any:
            made = torch.Tensor._make_wrapper_subclass(
                cls, elem.size(), strides=elem.stride(), storage_offset=elem.storage_offset(),
                dtype=elem.dtype, layout=elem.layout, device=elem.device,
                requires_grad=elem.requires_grad)
            made.elem = elem
            return made

        # Operators reach __torch_dispatch__ as ATen calls; the Python-level
        # (__torch_function__) layer is left to torch's default.
        __torch_function__ = torch._C._disabled_torch_function_impl

        def __repr__(self) -> str:
            return f"Counted({self.elem!r})"

        @classmethod
        def __torch_dispatch__(cls, func: Any, types: Any, args: tuple = (),
                               kwargs: Optional[Dict[str, Any]] = None) -> Any:
            kwargs = kwargs or {}
            plain_args, plain_kwargs = unwrap(args), unwrap(kwargs)
            out = func(*plain_args, **plain_kwargs)
            name = func.overloadpacket.__name__
            flop = _flop(name, plain_args, plain_kwargs, out)
            module = stack[-1]
            if flop is None:
                result.unknown[name] = result.unknown.get(name, 0) + 1
            elif flop:
                result.module_flop[module] = result.module_flop.get(module, 0) + flop
                result.op_flop[name] = result.op_flop.get(name, 0) + flop
            return rewrap(out)

    handles = []
    for path, module in model.named_modules():
        result.module_type[path] = type(module).__name__

        def enter(module: Any, args: Any, path: str = path) -> None:
            stack.append(path)

        def leave(module: Any, args: Any, output: Any) -> None:
            if len(stack) > 1:
                stack.pop()

        handles.append(module.register_forward_pre_hook(enter))
        handles.append(module.register_forward_hook(leave))
    try:
        with torch.no_grad():
            model(*[wrap(x) for x in inputs], **{k: wrap(v) for k, v in (kwargs or {}).items()})
    finally:
        for handle in handles:
            handle.remove()
    return result


def module_params(model: Any) -> Dict[str, int]:
    """Parameters per module path, each counted once at the first module that
    holds it (as sum(p.numel() for p in model.parameters()) counts them)."""
    seen = set()
    params: Dict[str, int] = {}
    for path, module in model.named_modules():
        for p in module.parameters(recurse=False):
            if id(p) in seen:
                continue
            seen.add(id(p))
            params[path] = params.get(path, 0) + p.numel()
    return params
