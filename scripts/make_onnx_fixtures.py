#!/usr/bin/env python3
"""Regenerates tests/fixtures/onnx/*.onnx: torchvision architectures exported to
ONNX with random weights (weights=None), then stripped of their weight bytes.

Needs Debian's python3-torchvision and python3-onnx (only to regenerate; the
build and tests never run this script):

    apt-get install python3-torchvision python3-onnx
    /usr/bin/python3 scripts/make_onnx_fixtures.py [NAME...]

NAME: resnet18, mobilenet_v2, alexnet (published figures), vit_tiny, swin_tiny,
llama_tiny, transformer_encoder, lstm_lm (small transformer and recurrent
graphs, printed with the multiply-adds PyTorch executes, which the tests
record); all by default. `chain N FILE` writes the benchmark's N-node chain.

The models are exported in training mode (torch.onnx.TrainingMode.TRAINING) so
that BatchNormalization stays a node of its own: in eval mode the exporter folds
it into the preceding Conv, which changes the parameter count that torchvision
publishes. Every initializer's bytes are then dropped and the tensor is marked
as stored in an external file that is not shipped (data_location = EXTERNAL,
with its byte length), the way `onnx.save(..., save_as_external_data=True)`
marks weights that live beside the model. trainflops never opens external data,
so the stripped files are analysed exactly like the originals.
"""
import io
import os
import sys

import onnx
import torch
import torchvision
from torch.utils._python_dispatch import TorchDispatchMode

MODELS = ["resnet18", "mobilenet_v2", "alexnet"]  # torchvision, published figures
OPSET = 13
TRANSFORMER_OPSET = 14  # Trilu (the causal mask's triu) exports from opset 14
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "tests", "fixtures", "onnx")


def export(name):
    model = getattr(torchvision.models, name)(weights=None)
    model.train()
    buf = io.BytesIO()
    torch.onnx.export(model, torch.randn(1, 3, 224, 224), buf, opset_version=OPSET,
                      training=torch.onnx.TrainingMode.TRAINING, do_constant_folding=False,
                      input_names=["input"], output_names=["logits"])
    proto = onnx.load_from_string(buf.getvalue())
    params = sum(p.numel() for p in model.parameters())
    return proto, params


FLOAT_TYPES = (onnx.TensorProto.FLOAT, onnx.TensorProto.FLOAT16, onnx.TensorProto.DOUBLE,
               onnx.TensorProto.BFLOAT16)


def numel(t):
    n = 1
    for d in t.dims:
        n *= d
    return n


def strip(proto, name):
    for t in proto.graph.initializer:
        length = len(t.raw_data)
        if length == 0:
            continue  # small typed constants (none in these models) stay as they are
        if t.data_type not in FLOAT_TYPES and numel(t) <= 1024:
            continue  # small integer constants (indices, shapes) are kept: shapes use them
        t.ClearField("raw_data")
        t.data_location = onnx.TensorProto.EXTERNAL
        del t.external_data[:]
        for key, value in (("location", name + ".weights (not shipped)"), ("offset", "0"),
                           ("length", str(length))):
            entry = t.external_data.add()
            entry.key, entry.value = key, value


# Transformer and recurrent graphs, small enough to export in seconds and to
# commit (a few hundred KB once stripped), built with the same code paths as
# the full-size models: torchvision's VisionTransformer (class token
# expand(n, -1, -1)) and SwinTransformer (window padding through Cast), a
# LLaMA-style decoder with dynamic axes, torch.nn.TransformerEncoder and an
# LSTM language model.


class RMSNorm(torch.nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = torch.nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


def repeat_kv(x, groups):
    """Each K/V head repeated for its group of query heads, as Hugging Face's
    LLaMA does (modeling_llama.py, repeat_kv: expand and reshape; the same
    values as x.repeat_interleave(groups, dim=1), whose opset-14 export is a
    Loop over sequence operators)."""
    b, h, s, d = x.shape
    return x[:, :, None, :, :].expand(b, h, groups, s, d).reshape(b, h * groups, s, d)


class DecoderLayer(torch.nn.Module):
    """LLaMA-style: RMSNorm, rotary embeddings, grouped-query attention
    (K/V heads repeated for their groups), SwiGLU feed-forward."""

    def __init__(self, dim, heads, kv_heads, hidden):
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, dim // heads
        self.q = torch.nn.Linear(dim, dim, bias=False)
        self.k = torch.nn.Linear(dim, kv_heads * self.head_dim, bias=False)
        self.v = torch.nn.Linear(dim, kv_heads * self.head_dim, bias=False)
        self.o = torch.nn.Linear(dim, dim, bias=False)
        self.gate = torch.nn.Linear(dim, hidden, bias=False)
        self.up = torch.nn.Linear(dim, hidden, bias=False)
        self.down = torch.nn.Linear(hidden, dim, bias=False)
        self.norm1, self.norm2 = RMSNorm(dim), RMSNorm(dim)

    def forward(self, x, cos, sin):
        b, s, d = x.shape
        h = self.norm1(x)
        q = self.q(h).view(b, s, self.heads, self.head_dim).transpose(1, 2)
        k = self.k(h).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        v = self.v(h).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        k, v = repeat_kv(k, self.heads // self.kv_heads), repeat_kv(v, self.heads // self.kv_heads)
        scores = q @ k.transpose(-2, -1) / self.head_dim ** 0.5
        mask = torch.full((s, s), float("-inf")).triu(1)
        p = torch.softmax(scores + mask, dim=-1)
        a = (p @ v).transpose(1, 2).reshape(b, s, d)
        x = x + self.o(a)
        h = self.norm2(x)
        return x + self.down(torch.nn.functional.silu(self.gate(h)) * self.up(h))


class Llama(torch.nn.Module):
    def __init__(self, vocab=256, dim=64, layers=2, heads=4, kv_heads=2, hidden=172):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, dim)
        self.layers = torch.nn.ModuleList(DecoderLayer(dim, heads, kv_heads, hidden)
                                          for _ in range(layers))
        self.norm = RMSNorm(dim)
        self.head = torch.nn.Linear(dim, vocab, bias=False)
        self.head_dim = dim // heads

    def forward(self, ids):
        s = ids.shape[1]
        inv = 1.0 / (10000 ** (torch.arange(0, self.head_dim, 2).float() / self.head_dim))
        freqs = torch.outer(torch.arange(s).float(), inv)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos(), emb.sin()
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.head(self.norm(x))


class LstmLm(torch.nn.Module):
    def __init__(self, vocab=256, dim=64, hidden=128, layers=2):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, dim)
        self.lstm = torch.nn.LSTM(dim, hidden, num_layers=layers, batch_first=True)
        self.head = torch.nn.Linear(hidden, vocab)

    def forward(self, ids):
        y, _ = self.lstm(self.embed(ids))
        return self.head(y)


def vit():
    from torchvision.models import VisionTransformer
    return VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=4,
                             hidden_dim=64, mlp_dim=128, num_classes=10)


def swin():
    from torchvision.models.swin_transformer import SwinTransformer
    return SwinTransformer(patch_size=[4, 4], embed_dim=32, depths=[2, 2], num_heads=[2, 4],
                           window_size=[4, 4], num_classes=10)


def encoder():
    layer = torch.nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=128,
                                             dropout=0.0, batch_first=True)
    return torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)


# name -> (model factory, example input, dynamic axes of the input or None)
TRANSFORMERS = {
    "vit_tiny": (vit, lambda: torch.randn(1, 3, 32, 32), None),
    "swin_tiny": (swin, lambda: torch.randn(1, 3, 48, 48), None),
    "llama_tiny": (Llama, lambda: torch.randint(0, 256, (1, 16)), {0: "batch", 1: "seq"}),
    "transformer_encoder": (encoder, lambda: torch.randn(1, 16, 64), None),
    "lstm_lm": (LstmLm, lambda: torch.randint(0, 256, (1, 16)), None),
}


class MacCounter(TorchDispatchMode):
    """Multiply-adds of the matrix products PyTorch executes (mm, addmm, bmm,
    baddbmm, convolution and its backward), counted at the dispatcher, so the
    forward and the backward pass are measured, not inferred."""

    def __init__(self):
        super().__init__()
        self.macs = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        aten = torch.ops.aten
        name = func.overloadpacket
        if name in (aten.mm, aten.bmm):
            a, b = args[0], args[1]
            self.macs += a.numel() * b.shape[-1]
        elif name in (aten.addmm, aten.baddbmm):
            a, b = args[1], args[2]
            self.macs += a.numel() * b.shape[-1]
        elif name == aten.convolution:
            w = args[1]
            self.macs += out.numel() * w[0].numel()
        elif name == aten.convolution_backward:
            grad_out, w, mask = args[0], args[2], args[-1]
            per = grad_out.numel() * w[0].numel()
            self.macs += per * (int(mask[0]) + int(mask[1]))
        return out


def measure(model, x):
    """Forward and backward multiply-adds of one training step (loss = sum of
    the outputs), with the parameters requiring gradients and the data not."""
    forward = MacCounter()
    with forward:
        y = model(x)
    y = y[0] if isinstance(y, tuple) else y
    loss = y.float().sum()
    backward = MacCounter()
    with backward:
        loss.backward()
    return forward.macs, backward.macs


def export_transformer(name):
    factory, example, axes = TRANSFORMERS[name]
    torch.manual_seed(0)
    model = factory()
    model.eval()  # dropout off; none of these has batch norm
    # Distinct random values for every parameter: the exporter merges
    # initializers with equal contents (the copies of a freshly built layer,
    # LayerNorm's ones and zeros), which would turn separate weights into
    # shared ones.
    with torch.no_grad():
        for p in model.parameters():
            p.copy_(torch.randn_like(p) * 0.02)
    x = example()
    buf = io.BytesIO()
    dynamic = {"input": axes} if axes else None
    torch.onnx.export(model, x, buf, opset_version=TRANSFORMER_OPSET, do_constant_folding=False,
                      input_names=["input"], output_names=["output"], dynamic_axes=dynamic)
    proto = onnx.load_from_string(buf.getvalue())
    params = sum(p.numel() for p in model.parameters())
    macs = measure(model, x)
    return proto, params, macs


def write_chain(nodes, path):
    """The benchmark's chain (bench/onnx_bench.cc, SharedWeightChain): `nodes`
    nodes alternating MatMul and Add that all read one 16x16 weight and one
    bias, on x0 [1, 16]; for timing trainflops against python3-onnx:
        /usr/bin/python3 scripts/make_onnx_fixtures.py chain 100000 /tmp/chain.onnx"""
    from onnx import helper, TensorProto
    graph_nodes, x = [], "x0"
    for i in range(nodes):
        op, weight, name = ("MatMul", "w", f"m{i}") if i % 2 == 0 else ("Add", "b", f"a{i}")
        graph_nodes.append(helper.make_node(op, [x, weight], [f"t{i}"], name=name))
        x = f"t{i}"
    inits = [helper.make_tensor("w", TensorProto.FLOAT, [16, 16], bytes(1024), raw=True),
             helper.make_tensor("b", TensorProto.FLOAT, [16], bytes(64), raw=True)]
    graph = helper.make_graph(
        graph_nodes, "chain", [helper.make_tensor_value_info("x0", TensorProto.FLOAT, [1, 16])],
        [helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, 16])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, path)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "chain":
        return write_chain(int(sys.argv[2]), sys.argv[3])
    os.makedirs(OUT, exist_ok=True)
    names = sys.argv[1:] or MODELS + list(TRANSFORMERS)
    for name in names:
        if name in TRANSFORMERS:
            proto, params, (fwd, bwd) = export_transformer(name)
            extra = f", PyTorch multiply-adds: forward {fwd:,}, backward {bwd:,}"
        else:
            proto, params = export(name)
            extra = ""
        strip(proto, name)
        path = os.path.join(OUT, name + ".onnx")
        with open(path, "wb") as f:
            f.write(proto.SerializeToString())
        print(f"{path}: {len(proto.graph.node)} nodes, torch parameters {params:,}{extra}")


if __name__ == "__main__":
    sys.exit(main())
