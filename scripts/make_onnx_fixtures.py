#!/usr/bin/env python3
"""Regenerates tests/fixtures/onnx/*.onnx: torchvision architectures exported to
ONNX with random weights (weights=None), then stripped of their weight bytes.

Needs Debian's python3-torchvision and python3-onnx (only to regenerate; the
build and tests never run this script):

    apt-get install python3-torchvision python3-onnx
    /usr/bin/python3 scripts/make_onnx_fixtures.py

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

MODELS = ["resnet18", "mobilenet_v2", "alexnet"]
OPSET = 13
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


def strip(proto, name):
    for t in proto.graph.initializer:
        length = len(t.raw_data)
        if length == 0:
            continue  # small typed constants (none in these models) stay as they are
        t.ClearField("raw_data")
        t.data_location = onnx.TensorProto.EXTERNAL
        del t.external_data[:]
        for key, value in (("location", name + ".weights (not shipped)"), ("offset", "0"),
                           ("length", str(length))):
            entry = t.external_data.add()
            entry.key, entry.value = key, value


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in MODELS:
        proto, params = export(name)
        strip(proto, name)
        path = os.path.join(OUT, name + ".onnx")
        with open(path, "wb") as f:
            f.write(proto.SerializeToString())
        print(f"{path}: {len(proto.graph.node)} nodes, torch parameters {params:,}")


if __name__ == "__main__":
    sys.exit(main())
