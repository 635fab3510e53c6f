"""The PyTorch bridge on torchvision's resnet18 and a small transformer:
PyTorch's own parameter count, the ONNX path on the same graph, and a
published forward cost."""

import io
import json
import subprocess

import pytest

torch = pytest.importorskip("torch", reason="python3-torch is not installed (scripts/setup-debian.sh)")
torchvision = pytest.importorskip("torchvision",
                                  reason="python3-torchvision is not installed (scripts/setup-debian.sh)")

import trainflops  # noqa: E402
import trainflops.torch as tf_torch  # noqa: E402


@pytest.fixture(scope="module")
def resnet18():
    torch.manual_seed(0)
    return torchvision.models.resnet18()


def test_resnet18_params_and_onnx_path(resnet18, tmp_path, cli_json):
    x = torch.randn(1, 3, 224, 224)
    r = tf_torch.estimate(resnet18, x, epochs=90, examples="1.28M", bp_ratio="per-layer")
    # PyTorch's own count: 11,689,512 for resnet18 (torchvision's model card).
    assert r.params == sum(p.numel() for p in resnet18.parameters()) == 11689512
    # The same graph through the ONNX path, as a file, on the command line.
    path = tmp_path / "resnet18.onnx"
    path.write_bytes(tf_torch.export_onnx(resnet18, x))
    cli = cli_json("estimate", str(path), "--epochs", "90", "--examples", "1.28M",
                   "--bp-ratio", "per-layer", "--examples-per-run", "1")
    assert r.training_flop == pytest.approx(cli["training_flop"], rel=1e-3)
    assert r.forward_flop == pytest.approx(cli["forward_flop"], rel=1e-3)
    # torchvision's ResNet18_Weights meta: 1.814 GFLOPS, counted as
    # multiply-adds, i.e. 3.63e9 FLOP at 2 FLOP per multiply-add; trainflops
    # also counts batch norm, ReLU, pooling and the additions (a few %).
    assert r.forward_flop == pytest.approx(2 * 1.814e9, rel=0.05)


class TinyTransformer(torch.nn.Module):
    def __init__(self, vocab=1000, d_model=64, heads=4, layers=2, d_ff=256):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, d_model)
        layer = torch.nn.TransformerEncoderLayer(d_model, heads, d_ff, dropout=0.0, batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, layers)
        self.head = torch.nn.Linear(d_model, vocab)

    def forward(self, tokens):
        return self.head(self.encoder(self.embed(tokens)))


def test_small_transformer_params_and_onnx_path(tmp_path, cli_json):
    torch.manual_seed(0)
    model = TinyTransformer()
    tokens = torch.randint(0, 1000, (2, 16))
    r = tf_torch.estimate(model, tokens, epochs=1, examples=10000)
    assert r.params == sum(p.numel() for p in model.parameters())
    path = tmp_path / "tiny.onnx"
    path.write_bytes(tf_torch.export_onnx(model, tokens))
    # Neither passes a ratio: the bridge takes the command line's default
    # (the library's 2:1, Sevilla et al. 2022, Method 1), so training =
    # forward per example x 3 x 10,000 on both.
    cli = cli_json("estimate", str(path), "--epochs", "1", "--examples", "10000",
                   "--examples-per-run", "2")
    assert r.training_flop == pytest.approx(cli["training_flop"], rel=1e-3)
    assert r.training_flop == pytest.approx(r.forward_flop * 3 * 10000, rel=1e-9)


def test_export_failure_names_the_module():
    class Bad(torch.nn.Module):
        def forward(self, x):
            return torch.linalg.eigvals(x)  # complex output: no ONNX export

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = Bad()

        def forward(self, x):
            return self.inner(x)

    with pytest.raises(trainflops.Error, match=r"failed in module inner \(Bad\)") as raised:
        tf_torch.estimate(Net(), torch.randn(3, 3), examples=1)
    assert raised.value.__cause__ is not None  # torch's own error
