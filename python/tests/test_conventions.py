"""The meta-device counter (_meta.py) keeps its own copy of the library's
per-operator FLOP conventions (docs/onnx.md, "FLOP rules": a multiply-add 2
FLOP, element-wise 1 per output element, reductions 1 per input element,
softmax 3 and the normalisations 7 per element, attention's scale and
softmax per score). This table holds the two equal: each small module is
counted by the dispatch-level counter and, exported to ONNX, by the
library's rules, and both must give the value derived by hand. Where the
export writes an operator as several (GELU, GroupNorm) the two counts differ
by that decomposition, also derived by hand."""

import math

import pytest

torch = pytest.importorskip("torch", reason="python3-torch is not installed (scripts/setup-debian.sh)")

import torch.nn.functional as F  # noqa: E402
from torch import nn  # noqa: E402

import trainflops.torch as tf_torch  # noqa: E402
from trainflops import _meta  # noqa: E402


class Fn(nn.Module):
    def __init__(self, f, *params):
        super().__init__()
        self.f = f
        self.params = nn.ParameterList([nn.Parameter(p) for p in params])

    def forward(self, x):
        return self.f(x, *self.params)


def _attention(x):
    # q = k = v = x [2, 4, 8]: scores 2·4·4 = 32.
    return torch.softmax(x @ x.transpose(-2, -1) / math.sqrt(x.shape[-1]), -1) @ x


def _x():
    return torch.randn(2, 4, 8)  # 64 elements


def _image():
    return torch.randn(2, 4, 3, 3)  # 72 elements


def _pooled():
    return torch.randn(2, 4, 4, 4)  # 128 elements


# (name, module, input, meta FLOP, ONNX FLOP), each by hand.
CASES = [
    # 3 per element (exp, sum, divide): 3·64.
    ("softmax", lambda: Fn(lambda x: torch.softmax(x, -1)), _x, 192, 192),
    ("log_softmax", lambda: Fn(lambda x: torch.log_softmax(x, -1)), _x, 192, 192),
    # 7 per element (mean 1, centre 1, variance 2, normalise 1, scale + shift 2): 7·64.
    ("layer_norm", lambda: nn.LayerNorm(8), _x, 448, 448),
    # Without a shift, 6 per element: 6·64.
    ("layer_norm_without_bias",
     lambda: Fn(lambda x, w: F.layer_norm(x, (8,), w, None), torch.ones(8)), _x, 384, 384),
    # 7·72 each.
    ("batch_norm", lambda: nn.BatchNorm2d(4), _image, 504, 504),
    ("instance_norm", lambda: nn.InstanceNorm2d(4, affine=True), _image, 504, 504),
    # The counter 7·72; the export an InstanceNormalization over [2, 2, 36]
    # (7·72) then the scale Mul and shift Add (72 each): 504 + 144.
    ("group_norm", lambda: nn.GroupNorm(2, 4), _image, 504, 648),
    # 1 per output element: 64.
    ("add", lambda: Fn(lambda x: x + x), _x, 64, 64),
    ("relu", nn.ReLU, _x, 64, 64),
    ("sigmoid", nn.Sigmoid, _x, 64, 64),
    ("tanh", nn.Tanh, _x, 64, 64),
    # The counter 1 per element; the export x·0.5·(1 + erf(x/√2)): Div, Erf,
    # Add, Mul, Mul, 5·64.
    ("gelu", nn.GELU, _x, 64, 320),
    # 1 per input element: 64.
    ("sum", lambda: Fn(lambda x: x.sum(-1)), _x, 64, 64),
    ("mean", lambda: Fn(lambda x: x.mean(-1)), _x, 64, 64),
    ("amax", lambda: Fn(lambda x: x.amax(-1)), _x, 64, 64),
    # 2·(2·4)·8·5 multiply-adds as FLOP.
    ("matmul", lambda: Fn(lambda x, w: x @ w, torch.randn(8, 5)), _x, 640, 640),
    # [8, 8] x [8, 5]: 2·8·8·5 + the bias 8·5.
    ("linear", lambda: nn.Linear(8, 5), lambda: torch.randn(8, 8), 680, 680),
    # S = 32 scores, dk = dv = 8: Q·Kᵀ 2·32·8 + scale 32 + softmax 3·32 +
    # A·V 2·32·8 = 512 + 32 + 96 + 512.
    ("attention", lambda: Fn(_attention), _x, 1152, 1152),
    # [2, 4, 4, 4] pooled 2x2 to 32 outputs: max k − 1 = 3 comparisons each,
    # average k = 4 (3 adds, 1 divide); global average 1 per input, 128.
    ("max_pool", lambda: nn.MaxPool2d(2), _pooled, 96, 96),
    ("avg_pool", lambda: nn.AvgPool2d(2), _pooled, 128, 128),
    ("global_avg_pool", lambda: nn.AdaptiveAvgPool2d(1), _pooled, 128, 128),
    # 4 -> 3 channels, 3x3 on 5x5: 2·3·3·3 = 54 outputs x 2·(4·9) + bias 54.
    ("conv", lambda: nn.Conv2d(4, 3, 3), lambda: torch.randn(2, 4, 5, 5), 3942, 3942),
]


@pytest.mark.parametrize("name,make,inputs,meta_flop,onnx_flop", CASES,
                         ids=[c[0] for c in CASES])
def test_meta_counter_and_onnx_rules_share_conventions(name, make, inputs, meta_flop, onnx_flop):
    torch.manual_seed(0)
    model = make().eval()
    x = inputs()
    assert _meta.count_forward(model, (x,)).forward_flop == meta_flop
    # Opset 17 keeps LayerNormalization whole; examples_per_run=1: the whole
    # graph's FLOP, not per batch element.
    r = tf_torch.estimate(model, x, examples=1, examples_per_run=1, opset_version=17)
    assert r.path == "onnx"
    assert r.forward_flop == onnx_flop


def test_fused_attention_rule_matches_the_unfused_count():
    # The counter's rule for torch 2.x's fused attention gives, for the
    # shapes of the "attention" case, its unfused count: 1152.
    q = torch.empty(2, 4, 8, device="meta")
    args = (q, q, q, None, 0.0, False)
    assert _meta._flop("_scaled_dot_product_attention_math", args, {}, q) == 1152
