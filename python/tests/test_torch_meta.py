"""The PyTorch bridge's meta path (models too large to build, counted at the
dispatch level on the meta device) against hand arithmetic and against the
ONNX path on small instances of the same classes; the one backward/forward
default shared with the command line; and four export patterns (dynamic
repeat_interleave, a scripted loop over sequences, a scripted loop slicing
its input at the loop counter, a topk router) against PyTorch's own forward
+ backward counted at the dispatch level."""

import math

import pytest

torch = pytest.importorskip("torch", reason="python3-torch is not installed (scripts/setup-debian.sh)")
torchvision = pytest.importorskip("torchvision",
                                  reason="python3-torchvision is not installed (scripts/setup-debian.sh)")

import torch.nn.functional as F  # noqa: E402
from torch import nn  # noqa: E402

import trainflops  # noqa: E402
import trainflops.torch as tf_torch  # noqa: E402


# --- A LLaMA-style decoder in plain PyTorch (Touvron et al. 2023): RMSNorm,
# rotary embeddings (Su et al. 2021), SwiGLU MLP (Shazeer 2020), grouped-
# query attention (Ainslie et al. 2023), no biases, untied output head.

class RMSNorm(nn.Module):
    def __init__(self, d, device=None, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d, device=device))

    def forward(self, x):
        # pow (d) + mean (d) + add eps (1) + rsqrt (1) + mul (d) + mul weight (d)
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def rope_tables(length, head_dim, device):
    # Computed from constants, not from the activations.
    inv = 1.0 / (10000 ** (torch.arange(0, head_dim, 2, device=device).float() / head_dim))
    freqs = torch.arange(length, device=device).float()[:, None] * inv[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos(), emb.sin()


class Attention(nn.Module):
    def __init__(self, d, heads, kv_heads, device=None, repeat="expand"):
        super().__init__()
        self.heads, self.kv_heads, self.head_dim, self.repeat = heads, kv_heads, d // heads, repeat
        self.q = nn.Linear(d, d, bias=False, device=device)
        self.k = nn.Linear(d, kv_heads * self.head_dim, bias=False, device=device)
        self.v = nn.Linear(d, kv_heads * self.head_dim, bias=False, device=device)
        self.o = nn.Linear(d, d, bias=False, device=device)

    def _repeat_kv(self, x):
        rep = self.heads // self.kv_heads
        if rep == 1:
            return x
        if self.repeat == "interleave":
            return x.repeat_interleave(rep, dim=1)
        b, h, length, hd = x.shape
        return x[:, :, None].expand(b, h, rep, length, hd).reshape(b, h * rep, length, hd)

    def forward(self, x):
        b, length, d = x.shape
        q = self.q(x).view(b, length, self.heads, self.head_dim).transpose(1, 2)
        # The key-value heads read from the projection's output: a size the
        # exporter does not know, so that it writes repeat_interleave as a
        # Loop over sequences.
        k, v = self.k(x), self.v(x)
        kv_heads = k.shape[-1] // self.head_dim
        k = k.view(b, length, kv_heads, self.head_dim)
        v = v.view(b, length, kv_heads, self.head_dim)
        if self.repeat == "interleave":
            # The heads are repeated as the last axis, then moved to the
            # second: [b, length, head_dim, kv_heads] -> [b, heads, length,
            # head_dim]. torch 1.13's export of repeat_interleave reshapes each
            # repeated piece with a target whose zeros copy the dimensions it
            # does not know by index (ONNX Reshape), which is right only for
            # the axes before the repeated one; with none after it, the file
            # is valid ONNX.
            rep = self.heads // self.kv_heads
            k = k.transpose(2, 3).repeat_interleave(rep, dim=3).permute(0, 3, 1, 2)
            v = v.transpose(2, 3).repeat_interleave(rep, dim=3).permute(0, 3, 1, 2)
        else:
            k, v = k.transpose(1, 2), v.transpose(1, 2)
        cos, sin = rope_tables(length, self.head_dim, x.device)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        if self.repeat != "interleave":
            k, v = self._repeat_kv(k), self._repeat_kv(v)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
        mask = torch.full((length, length), float("-inf"), device=x.device).triu(1)
        probs = F.softmax(scores + mask, dim=-1)
        out = (probs @ v).transpose(1, 2).reshape(b, length, d)
        return self.o(out)


class SwiGLU(nn.Module):
    def __init__(self, d, ffn, device=None):
        super().__init__()
        self.gate = nn.Linear(d, ffn, bias=False, device=device)
        self.up = nn.Linear(d, ffn, bias=False, device=device)
        self.down = nn.Linear(ffn, d, bias=False, device=device)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Block(nn.Module):
    def __init__(self, d, heads, kv_heads, ffn, device=None, repeat="expand"):
        super().__init__()
        self.attn_norm = RMSNorm(d, device)
        self.attn = Attention(d, heads, kv_heads, device, repeat)
        self.mlp_norm = RMSNorm(d, device)
        self.mlp = SwiGLU(d, ffn, device)

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.mlp(self.mlp_norm(x))


class Llama(nn.Module):
    def __init__(self, vocab=32000, d=4096, layers=32, heads=32, kv_heads=32, ffn=11008,
                 device=None, repeat="expand"):
        super().__init__()
        self.embed = nn.Embedding(vocab, d, device=device)
        self.blocks = nn.ModuleList(
            [Block(d, heads, kv_heads, ffn, device, repeat) for _ in range(layers)])
        self.norm = RMSNorm(d, device)
        self.head = nn.Linear(d, vocab, bias=False, device=device)

    def forward(self, tokens):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x))


def test_llama_7b_on_meta_params_and_flop_per_token_by_hand():
    V, d, n_layers, H, ffn, L = 32000, 4096, 32, 32, 11008, 2048
    model = Llama(V, d, n_layers, H, H, ffn, device="meta")
    r = tf_torch.estimate(model, (1, L), input_dtype=torch.long, examples=1)
    assert r.path == "meta"
    # Parameters by hand: embeddings V·d = 131,072,000; per layer q, k, v, o
    # 4·d² = 67,108,864 (kv heads = heads), SwiGLU 3·d·ffn = 135,266,304,
    # two RMSNorm weights 2·d = 8,192: 202,383,360, x 32 = 6,476,267,520;
    # final norm d = 4,096; untied head V·d = 131,072,000. Total
    # 6,738,415,616 (LLaMA-7B's 6.7B, Touvron et al. 2023, Table 2).
    per_layer = 4 * d * d + 3 * d * ffn + 2 * d
    n_params = V * d + n_layers * per_layer + d + V * d
    assert n_params == 6_738_415_616
    assert r.params == n_params == sum(p.numel() for p in model.parameters())
    # Forward FLOP per token, by hand (one sequence of L = 2048 tokens is one
    # example, so forward_flop / L is per token):
    # - matmuls: 2 FLOP per weight of every linear layer (no biases):
    #   2·N_mm with N_mm = 32·(4d² + 3·d·ffn) + V·d = 6,607,077,376
    #   (N minus the embedding table, whose lookup costs 0, and the norms).
    n_mm = n_layers * (4 * d * d + 3 * d * ffn) + V * d
    matmul = 2 * n_mm
    # - attention: QKᵀ and AV each 2·L·d per token per layer; the counter
    #   charges what runs, all L x L scores with the causal mask added (no
    #   halving for causality): 4·L·d per token per layer.
    attention = n_layers * 4 * L * d
    # - element-wise per token per layer: two RMSNorms 2·(4d + 2) (pow, mean,
    #   mul, mul weight per element; add eps and rsqrt once); RoPE on q and k
    #   2·3.5d (x·cos, x·sin, the add: d each; the negated half: d/2); the
    #   scores' scale, mask add and softmax 1 + 1 + 3 per score: 5·H·L; two
    #   residual adds 2d; SwiGLU silu and product 2·ffn. The rotary tables
    #   (cos, sin) are computed from constants once per pass, not from the
    #   activations: the meta counter does not see them (a few thousand FLOP
    #   per sequence, 1e-10 of the total).
    elementwise_layer = 2 * (4 * d + 2) + 7 * d + 5 * H * L + 2 * d + 2 * ffn
    # - the final RMSNorm 4d + 2.
    elementwise = n_layers * elementwise_layer + 4 * d + 2
    per_token = matmul + attention + elementwise
    assert matmul == 13_214_154_752
    assert attention == 1_073_741_824
    assert elementwise == 13_435_010
    assert r.forward_flop / L == pytest.approx(per_token, rel=1e-6)
    # Training per token: the library's default backward/forward ratio 2
    # (Sevilla et al. 2022, Method 1), i.e. 6·N_mm plus 3x the attention and
    # element-wise terms.
    assert r.backward_forward_ratio == 2.0
    assert r.training_flop / L == pytest.approx(6 * n_mm + 3 * attention + 3 * elementwise,
                                                rel=1e-6)
    # Per-module figures: one decoder layer's attention.
    attn = {m["name"]: m for m in r.modules}["blocks.0.attn.q"]
    assert attn["params"] == d * d and attn["forward_flop"] == 2 * d * d * L
    assert r.uncounted_ops == {}


def _both_paths(make, cpu_inputs, meta_inputs, **kwargs):
    torch.manual_seed(0)
    onnx = tf_torch.estimate(make(None), cpu_inputs, examples=1000, **kwargs)
    meta = tf_torch.estimate(make("meta"), meta_inputs, examples=1000, **kwargs)
    assert (onnx.path, meta.path) == ("onnx", "meta")
    return onnx, meta


def test_tiny_llama_onnx_and_meta_paths_agree():
    # d=64, 4 heads over 2 key/value heads (grouped), FFN 172, 2 layers.
    def make(device):
        return Llama(vocab=500, d=64, layers=2, heads=4, kv_heads=2, ffn=172, device=device)
    onnx, meta = _both_paths(make, torch.randint(0, 500, (2, 16)), (2, 16),
                             input_dtype=torch.long)
    assert meta.params == onnx.params
    # The ONNX export writes SiLU as Sigmoid + Mul (2 FLOP per element, the
    # meta counter 1) and RMSNorm's rsqrt as Sqrt + Reciprocal, and computes
    # the rotary tables: each well under 0.5% here.
    assert meta.forward_flop == pytest.approx(onnx.forward_flop, rel=0.005)
    assert meta.training_flop == pytest.approx(onnx.training_flop, rel=0.005)


def test_small_cnn_onnx_and_meta_paths_agree():
    # torchvision's resnet18 at 64 x 64: convolutions, batch norm (training),
    # in-place ReLU, max pooling, residual adds, global pooling, a dense head.
    def make(device):
        model = torchvision.models.resnet18(num_classes=10)
        return model.to(device) if device else model
    onnx, meta = _both_paths(make, torch.randn(2, 3, 64, 64),
                             torch.empty(2, 3, 64, 64, device="meta"))
    assert meta.params == onnx.params == 11_181_642
    assert meta.forward_flop == pytest.approx(onnx.forward_flop, rel=0.005)
    assert meta.uncounted_ops == {}


def test_meta_model_with_bad_inputs_raises():
    model = nn.Linear(4, 2, device="meta")
    with pytest.raises(trainflops.Error, match="needs a dtype"):
        tf_torch.estimate(model, (3, 4), examples=1)
    with pytest.raises(trainflops.Error, match="must be a tensor, a shape"):
        tf_torch.estimate(model, ("three", 4.0), examples=1)
    with pytest.raises(trainflops.Error, match="per-layer"):
        tf_torch.estimate(model, {"shape": (3, 4), "dtype": torch.float32}, examples=1,
                          bp_ratio="per-layer")
    r = tf_torch.estimate(model, {"shape": (3, 4), "dtype": torch.float32}, examples=1)
    # 2·4·2 + 2 (bias) per example.
    assert (r.forward_flop, r.params) == (18, 10)
    # Keyword inputs, as a dict of shapes: nn.Linear's forward(input).
    r = tf_torch.estimate(model, {"input": (3, 4)}, input_dtype=torch.float32, examples=1)
    assert (r.forward_flop, r.params) == (18, 10)


def test_fused_attention_rule_by_hand():
    # torch 2.x's fused attention operators, called as the dispatcher calls
    # them (1.13 has none): batch 2, 4 heads, 8 queries over 8 keys, head 16.
    from trainflops import _meta

    q = k = v = torch.empty(2, 4, 8, 16, device="meta")
    out = torch.empty(2, 4, 8, 16, device="meta")
    # Causal, no mask: attended length 8 − (8 − 1)/2 = 4.5, S = 2·4·8·4.5 =
    # 288 scores: QKᵀ 2·288·16 + scale 288 + softmax 3·288 + AV 2·288·16.
    causal = (q, k, v, None, False, 0.0, True)
    assert _meta._flop("_scaled_dot_product_efficient_attention", causal, {}, out) == 19584
    # Not causal, with a mask: S = 2·4·8·8 = 512: 2·512·16·2 + 512·(1 + 3 + 1).
    mask = torch.empty(8, 8, device="meta")
    masked = (q, k, v, mask, 0.0, False)
    assert _meta._flop("_scaled_dot_product_attention_math", masked, {}, out) == 35328
    # The CPU flash kernel's mask is a keyword (dropout_p, is_causal
    # positional): the same 35328.
    flash = (q, k, v, 0.0, False)
    assert _meta._flop("_scaled_dot_product_flash_attention_for_cpu", flash, {"attn_mask": mask},
                       out) == 35328


def test_bridge_and_command_line_share_the_default_ratio(tmp_path, cli_json):
    torch.manual_seed(0)
    model = torchvision.models.resnet18()
    x = torch.randn(1, 3, 224, 224)
    r = tf_torch.estimate(model, x, epochs=90, examples="1.28M")
    path = tmp_path / "resnet18.onnx"
    path.write_bytes(tf_torch.export_onnx(model, x))
    cli = cli_json("estimate", str(path), "--epochs", "90", "--examples", "1.28M",
                   "--examples-per-run", "1")
    # Neither passes a ratio: both take the library's, 2 (Sevilla et al.
    # 2022, Method 1), so training = forward x 3 x 90 x 1.28M: with forward
    # 3.65e9 FLOP per image, 1.262e18 (the per-layer ratio, where the first
    # convolution computes no input gradient, gives 1.234e18).
    assert r.backward_forward_ratio == cli["backward_forward_ratio"] == 2.0
    assert r.training_flop == pytest.approx(cli["training_flop"], rel=1e-9)
    assert r.training_flop == pytest.approx(r.forward_flop * 3 * 90 * 1.28e6, rel=1e-9)
    assert r.training_flop == pytest.approx(1.262e18, rel=1e-3)


# --- Export patterns, against PyTorch's measured training FLOP.

class MatmulCounter:
    """PyTorch's training FLOP as torch.utils.flop_counter (torch 2.x)
    measures it: the products (mm, addmm, bmm, baddbmm, convolution and its
    backward) a forward and backward pass run on CPU tensors, 2 FLOP per
    multiply-add. Through a TorchDispatchMode, which is private in torch
    1.13 (torch.utils._python_dispatch) but what the public counter of 2.x
    is built on; it is independent of the bridge's meta counter."""

    def __init__(self):
        from torch.utils._python_dispatch import TorchDispatchMode

        counter = self
        self.flop = 0

        class Mode(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                out = func(*args, **(kwargs or {}))
                counter.flop += counter.charge(func.overloadpacket.__name__, args, out)
                return out

        self.mode = Mode

    @staticmethod
    def charge(name, args, out):
        if name in ("mm", "bmm"):
            return 2 * out.numel() * args[0].shape[-1]
        if name in ("addmm", "baddbmm"):
            return 2 * out.numel() * args[1].shape[-1]
        return 0

    def training_flop(self, model, *inputs):
        with self.mode():
            model(*inputs).float().pow(2).mean().backward()
        return self.flop


class GqaInterleave(nn.Module):
    """A LLaMA-style decoder whose grouped-query attention repeats the key and
    value heads with repeat_interleave: exported with a dynamic sequence
    length, torch 1.13 writes it as a Loop over SplitToSequence,
    SequenceAt, SequenceInsert and ConcatFromSequence."""

    def __init__(self):
        super().__init__()
        self.model = Llama(vocab=512, d=256, layers=2, heads=8, kv_heads=2, ffn=688,
                           repeat="interleave")

    def forward(self, tokens):
        return self.model(tokens)


def _recurrence(x, decay):
    state = torch.zeros_like(x[:, 0])
    outputs = []
    for t in range(x.shape[1]):
        state = state * decay + x[:, t]
        outputs.append(state)
    return torch.stack(outputs, dim=1)


_scripted_recurrence = torch.jit.script(_recurrence)


class ScriptedRecurrent(nn.Module):
    """An RWKV-style block: a time-mixing recurrence in a scripted loop
    (SequenceEmpty, Loop with SequenceInsert, ConcatFromSequence in ONNX)
    between dense layers; `scripted=False` runs the same loop eagerly."""

    def __init__(self, vocab=512, d=256, layers=2, scripted=True):
        super().__init__()
        self.scripted = scripted
        self.embed = nn.Embedding(vocab, d)
        self.key = nn.ModuleList([nn.Linear(d, d) for _ in range(layers)])
        self.out = nn.ModuleList([nn.Linear(d, d) for _ in range(layers)])
        self.decay = nn.Parameter(torch.full((d,), 0.9))
        self.head = nn.Linear(d, vocab)

    def forward(self, tokens):
        x = self.embed(tokens)
        recur = _scripted_recurrence if self.scripted else _recurrence
        for key, out in zip(self.key, self.out):
            x = x + out(recur(key(x), self.decay))
        return self.head(x)


def _rnn(x, w):
    state = x[:, 0:1]
    outputs = [state]
    for t in range(1, x.shape[1]):
        state = torch.tanh(state @ w + x[:, t:t + 1])
        outputs.append(state)
    return torch.cat(outputs, dim=1)


_scripted_rnn = torch.jit.script(_rnn)


class ScriptedRnn(nn.Module):
    """A recurrence that reads its input at the loop counter, x[:, t:t + 1]:
    in ONNX a Slice whose bounds are the Loop's iteration number (known per
    iteration only) and that number + 1. The state starts from the first
    position, so that every product's operands need gradients."""

    def __init__(self, vocab=512, d=256, scripted=True):
        super().__init__()
        self.scripted = scripted
        self.embed = nn.Embedding(vocab, d)
        self.key = nn.Linear(d, d)
        self.w = nn.Parameter(torch.randn(d, d) / d ** 0.5)
        self.head = nn.Linear(d, vocab)

    def forward(self, tokens):
        rnn = _scripted_rnn if self.scripted else _rnn
        return self.head(rnn(self.key(self.embed(tokens)), self.w))


class TopKRouter(nn.Module):
    """A mixture-of-experts layer: a router's top-2 of 4 experts, softmax over
    the two, every expert run densely and weighted (zero for experts not
    chosen)."""

    def __init__(self, vocab=512, d=256, experts=4, hidden=512):
        super().__init__()
        self.embed = nn.Embedding(vocab, d)
        self.router = nn.Linear(d, experts)
        self.up = nn.ModuleList([nn.Linear(d, hidden) for _ in range(experts)])
        self.down = nn.ModuleList([nn.Linear(hidden, d) for _ in range(experts)])
        self.head = nn.Linear(d, vocab)

    def forward(self, tokens):
        x = self.embed(tokens)
        values, index = self.router(x).topk(2, dim=-1)
        gates = torch.zeros(x.shape[:-1] + (len(self.up),)).scatter(-1, index, values.softmax(-1))
        mixed = sum(gates[..., i:i + 1] * down(F.relu(up(x)))
                    for i, (up, down) in enumerate(zip(self.up, self.down)))
        return self.head(x + mixed)


def _pattern_case(model, reference_model, tokens, ops, **kwargs):
    """The bridge's training FLOP for one batch (examples = the batch) and the
    measured one. Every product in these models has operands that need
    gradients (the embedding feeds the first one), so PyTorch's backward runs
    2x the products' forward: the library's default ratio; the bridge also
    counts the element-wise terms (under 1% here)."""
    measured = MatmulCounter().training_flop(reference_model, tokens)
    # The export writes the pattern under test (operator names are plain
    # strings in the ONNX protobuf).
    graph = tf_torch.export_onnx(model, tokens, dynamic_axes=kwargs.get("dynamic_axes"))
    for op in ops:
        assert op.encode() in graph, f"the export has no {op}"
    r = tf_torch.estimate(model, tokens, examples=tokens.shape[0], **kwargs)
    assert r.path == "onnx"
    return r, measured


def test_pattern_dynamic_repeat_interleave():
    # The repeat counts, Expand(2, [k.shape[3]]), reach the Loop body as a
    # sequence; the body's Expand target joins them to constants, the last an
    # empty tensor (a known empty value), so each piece's shape is known.
    torch.manual_seed(0)
    model = GqaInterleave()
    tokens = torch.randint(0, 512, (2, 16))
    r, measured = _pattern_case(
        model, model, tokens, ["Loop", "SplitToSequence", "SequenceAt", "ConcatFromSequence"],
        dynamic_axes={"input_0": {0: "batch"}},
        dims={"batch": 2}, examples_per_run=2)
    assert r.training_flop == pytest.approx(measured, rel=0.02)
    assert not r.lower_bound


@pytest.mark.parametrize("make,ops", [
    (ScriptedRecurrent, ["SequenceEmpty", "Loop", "SequenceInsert", "ConcatFromSequence"]),
    (ScriptedRnn, ["Loop", "Slice", "ConcatFromSequence"]),
], ids=["with_sequences", "slicing_at_the_counter"])
def test_pattern_scripted_loop(make, ops):
    torch.manual_seed(0)
    model = make()
    eager = make(scripted=False)
    eager.load_state_dict(model.state_dict())
    tokens = torch.randint(0, 512, (2, 16))
    r, measured = _pattern_case(model, eager, tokens, ops)
    assert r.training_flop == pytest.approx(measured, rel=0.02)
    assert not r.lower_bound


def test_pattern_topk_router():
    torch.manual_seed(0)
    model = TopKRouter()
    tokens = torch.randint(0, 512, (2, 16))
    r, measured = _pattern_case(model, model, tokens, ["TopK"])
    assert r.training_flop == pytest.approx(measured, rel=0.02)
    assert not r.lower_bound
