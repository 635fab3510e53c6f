"""Every function against the command line's --json on the same inputs, the
error type and messages, and the result objects (repr, HTML)."""

import json
import math
import os
import pathlib
import re
import struct

import pytest

import trainflops

DENSE_SPEC = {"name": "one-dense", "input": [100],
              "layers": [{"type": "dense", "name": "fc", "units": 10}],
              "training": {"epochs": 2, "examples": 1000}}


def test_tokens_is_six_n_d():
    # 6 x 70e9 x 1.4e12 = 5.88e23 FLOP (Chinchilla's budget, Hoffmann et al. 2022).
    r = trainflops.tokens(params=70e9, tokens=1.4e12)
    assert r.training_flop == pytest.approx(5.88e23, rel=1e-12)
    assert str(r) == "5.88e23 FLOP"


# (python call, command-line words): the same inputs both ways.
CASES = [
    (lambda: trainflops.tokens(params="70B", tokens="1.4T"), ["tokens", "--params", "70B", "--tokens", "1.4T"]),
    (lambda: trainflops.tokens(params="70B", tokens="1T..2T", seed=7, samples=2000),
     ["tokens", "--params", "70B", "--tokens", "1T..2T", "--seed", "7", "--samples", "2000"]),
    (lambda: trainflops.hardware(chip="V100", count=8, time="5 days", utilization=0.33),
     ["hardware", "--chip", "V100", "--count", "8", "--time", "5 days", "--utilization", "0.33"]),
    (lambda: trainflops.hardware(count=2, time="1 day", phases=[{"chip": "V100"}, {"chip": "A100", "count": 4}]),
     ["hardware", "--count", "2", "--time", "1 day", "--chip", "V100", "--chip", "A100", "--count", "4"]),
    (lambda: trainflops.compare(params="1.5B", tokens="40B", chip="V100", count=32, time="7 days"),
     ["compare", "--params", "1.5B", "--tokens", "40B", "--chip", "V100", "--count", "32", "--time", "7 days"]),
    (lambda: trainflops.chips("A100"), ["chips", "A100"]),
    (lambda: trainflops.chips(show="V100"), ["chips", "show", "V100"]),
    (lambda: trainflops.thresholds(3e25, range="1e25..5e25"), ["thresholds", "3e25", "--range", "1e25..5e25"]),
    (lambda: trainflops.units("22 pfs-days"), ["units", "22 pfs-days"]),
    (lambda: trainflops.layer("conv2d", h=400, w=400, c=5, filters=16, kernel=5, stride=2, padding=2),
     ["layer", "conv2d", "h=400", "w=400", "c=5", "filters=16", "kernel=5", "stride=2", "padding=2"]),
    (lambda: trainflops.trend(bootstrap=200), ["trend", "--bootstrap", "200"]),
]


@pytest.mark.parametrize("call,words", CASES, ids=[" ".join(w[:2]) for _, w in CASES])
def test_to_dict_is_the_command_lines_json(call, words, cli_json):
    assert call().to_dict() == cli_json(*words)


def test_estimate_on_files_bytes_and_dicts(source_dir, cli_json, tmp_path):
    spec = source_dir / "examples" / "cnn_lstm_fcn.yaml"
    from_path = trainflops.estimate(spec)
    assert from_path.to_dict() == cli_json("estimate", str(spec))
    # Bytes and a dict are the same model as the file with the same text.
    assert trainflops.estimate(spec.read_bytes()).training_flop == from_path.training_flop
    path = tmp_path / "dense.json"
    path.write_text(json.dumps(DENSE_SPEC))
    from_dict = trainflops.estimate(DENSE_SPEC, epochs=3)
    assert from_dict.training_flop == cli_json("estimate", str(path), "--epochs", "3")["training_flop"]
    # Sevilla et al. 2022, Table 1: dense 100 -> 10 is 2*100*10 + 10 + 10 = 2020
    # FLOP forward; x (1 + 2) x 3 epochs x 1000 examples.
    assert from_dict.training_flop == 2020 * 3 * 3 * 1000


def test_estimate_onnx_and_hf_config(source_dir, cli_json):
    onnx = source_dir / "tests/fixtures/onnx/resnet18.onnx"
    r = trainflops.estimate(onnx, examples="1.28M", epochs=90, bp_ratio="per-layer")
    assert r.to_dict() == cli_json("estimate", str(onnx), "--examples", "1.28M", "--epochs", "90",
                                   "--bp-ratio", "per-layer")
    from_bytes = trainflops.estimate(onnx.read_bytes(), examples="1.28M", epochs=90,
                                     bp_ratio="per-layer")
    assert from_bytes.training_flop == r.training_flop
    config = source_dir / "tests/fixtures/hf/llama-2-7b.json"
    hf = trainflops.estimate(config, tokens="2T", seq_len=4096)
    assert hf.to_dict() == cli_json("estimate", str(config), "--tokens", "2T", "--seq-len", "4096")


def test_batch_yields_the_rows(source_dir):
    rows = list(trainflops.batch(source_dir / "tests/fixtures/batch/small.csv"))
    assert rows and "estimated_training_flop" in rows[0]
    one = list(trainflops.batch([{"Model": "m", "Parameters": 1e9, "Training dataset size (total)": 1e10}]))
    assert len(one) == 1
    # 6ND: 6 x 1e9 x 1e10 = 6e19 FLOP.
    assert float(one[0]["estimated_training_flop"]) == pytest.approx(6e19)



def test_batch_rows_carry_threshold_odds_label_factor_and_flags():
    # 6ND = 6 x 1.5e12 x 1e12 = 9e24 (the library's unit test derives its
    # interval). Whatever the interval, P(> 1e25) recomputed here from the
    # row's own 5%-95% interval, read as a two-piece lognormal
    # (sigma = ln(high / estimate) / 1.6448536 above the estimate), must equal
    # the row's p_over_eu_ai_act_art51.
    rows = list(trainflops.batch([
        {"Model": "near", "Parameters": 1.5e12, "Training dataset size (total)": 1e12},
        # 0.001 tokens per parameter: under the guards' 0.2, flagged.
        {"Model": "absurd", "Parameters": 1e12, "Training dataset size (total)": 1e9},
    ]))
    near, absurd = rows
    estimate, high = float(near["estimated_training_flop"]), float(near["estimate_high"])
    assert estimate == pytest.approx(9e24)
    sigma = math.log(high / estimate) / 1.6448536269514722
    z = math.log(1e25 / estimate) / sigma
    assert float(near["p_over_eu_ai_act_art51"]) == pytest.approx(0.5 * math.erfc(z / math.sqrt(2)), rel=1e-4)
    assert float(near["p_over_ca_sb53_frontier"]) < float(near["p_over_eu_ai_act_art51"])
    # The label's measured meaning: the bundled medium factor (data/calibration.csv).
    factors = {line.split(",")[2]: float(line.split(",")[4])
               for line in open(pathlib.Path(__file__).parents[2] / "data/calibration.csv")
               if line.startswith("error,")}
    assert near["estimate_confidence"] == "medium"
    assert float(near["label_error_factor"]) == factors["medium"]
    assert near["within_eu_30pct_margin"] in ("yes", "no")
    assert absurd["estimate_confidence"] == "flagged"
    assert "tokens per parameter" in absurd["estimate_flags"]
    assert absurd["p_over_eu_ai_act_art51"] in (None, "")


ERRORS = [
    (lambda: trainflops.hardware(chip="V100", count=0, time="1d"), "count: '0' must be greater than zero",
     ["hardware", "--chip", "V100", "--count", "0", "--time", "1d"], "--count: '0' must be greater than zero"),
    (lambda: trainflops.hardware(chip="V100", time="3d"), "time needs count N",
     ["hardware", "--chip", "V100", "--time", "3d"], "--time needs --count N"),
    (lambda: trainflops.estimate(DENSE_SPEC, batches=10), "batches and batch_size go together",
     None, None),
    (lambda: trainflops.tokens(params="70B", tokens="1T", convention="chinchila"), "chinchilla",
     ["tokens", "--params", "70B", "--tokens", "1T", "--convention", "chinchila"], "chinchilla"),
]


def test_hardware_checks_the_thresholds(cli_json):
    # 4,096 A100 (BF16 dense 3.12e14 FLOP/s, datasheet) x 227 days x 86,400 s x 0.4
    # = 1.002568679424e25 FLOP: over the EU AI Act's 1e25, under SB 53's 1e26.
    run = dict(chip="A100", count=4096, time="227 days", precision="bf16", utilization=0.4)
    assert "thresholds" not in trainflops.hardware(**run).to_dict()
    checked = trainflops.hardware(**run, thresholds=True).to_dict()
    checks = {t["id"]: t for t in checked["thresholds"]}
    assert checks["eu_ai_act_art51"]["exceeds"] == "yes"
    assert checks["eu_ai_act_art51"]["ratio"] == pytest.approx(1.002568679424, rel=1e-12)
    assert checks["ca_sb53_frontier"]["exceeds"] == "no"
    assert checked == cli_json("hardware", "--chip", "A100", "--count", "4096", "--time", "227 days",
                               "--precision", "bf16", "--utilization", "0.4", "--thresholds")
    # compare checks each method's figure: 6ND = 6 x 70e9 x 1.4e12 = 5.88e23.
    both = trainflops.compare(params="70B", tokens="1.4T", **run, thresholds=True).to_dict()
    assert both["method1"]["thresholds"][0]["ratio"] == pytest.approx(5.88e23 / 1e25, rel=1e-9)
    assert both["method2"]["thresholds"][0]["exceeds"] == "yes"


@pytest.mark.parametrize("call,python_part,words,cli_part", ERRORS)
def test_errors_name_the_keyword(call, python_part, words, cli_part, cli_error):
    with pytest.raises(trainflops.Error) as raised:
        call()
    message = str(raised.value)
    assert python_part in message
    assert "--" not in message  # Python's wording: keywords, not options
    assert isinstance(raised.value, ValueError)
    if words:
        cli_message = cli_error(*words)
        assert cli_part in cli_message
        # The same message but for the field's spelling.
        assert re.sub(r"--([a-z-]+)", lambda m: m.group(1).replace("-", "_"), cli_message) == message


def test_unknown_keyword_suggests_the_closest():
    with pytest.raises(trainflops.Error, match="did you mean 'utilization'"):
        trainflops.hardware(chip="V100", count=1, time="1d", phases=[{"chip": "V100", "utilisation": 0.3}])
    with pytest.raises(trainflops.Error, match="expected a number or text"):
        trainflops.tokens(params=[1], tokens=1)


def test_a_keyword_not_in_the_table_is_an_error_naming_the_closest():
    # Not Python's TypeError: the library's Error, naming the closest keyword
    # of the function's field table and every accepted one.
    with pytest.raises(trainflops.Error, match=r"unknown keyword 'epoch'; did you mean 'epochs'\?") as raised:
        trainflops.estimate(DENSE_SPEC, epoch=3)
    assert "(accepted: source, epochs, examples, " in str(raised.value)
    assert str(raised.value).count("source") == 1
    with pytest.raises(trainflops.Error, match=r"unknown keyword 'chip_hour'; did you mean 'chip_hours'\?"):
        trainflops.hardware(chip="V100", chip_hour=1000)
    # A field Python spells otherwise is no keyword under its own name.
    with pytest.raises(trainflops.Error, match=r"unknown keyword 'from' \(accepted: .*from_date, to_date"):
        trainflops.trend(**{"from": "2015-01-01"})


def test_repr_and_html():
    r = trainflops.estimate(DENSE_SPEC)
    assert repr(r) == "<trainflops estimate: 1.212e7 FLOP (method1_counting)>"
    page = r._repr_html_()
    assert "<b>1.212e7 FLOP</b>" in page
    assert "<table>" in page and "<td>fc</td>" in page  # the per-layer table
    assert "<pre>" in page  # the formula chain
    assert "forward_flop" in dir(r)
    with pytest.raises(AttributeError, match="no field 'nonesuch'"):
        r.nonesuch  # noqa: B018


def test_help_is_useful():
    assert "Method 2" in trainflops.hardware.__doc__
    assert "utilization" in trainflops.hardware.__doc__


def _safetensors(path, header):
    """A .safetensors file: 8-byte little-endian header length, JSON header, zero data."""
    text = json.dumps(header).encode()
    data = max((t["data_offsets"][1] for t in header.values()), default=0)
    path.write_bytes(struct.pack("<Q", len(text)) + text + bytes(data))
    return path


def test_checkpoints_count_parameters(source_dir, tmp_path):
    # Two F16 tensors, 4 x 8 and 8: 40 parameters; 6 x 40 x 1e9 FLOP.
    shard = _safetensors(tmp_path / "model.safetensors", {
        "model.layers.0.q.weight": {"dtype": "F16", "shape": [4, 8], "data_offsets": [0, 64]},
        "model.norm.weight": {"dtype": "F16", "shape": [8], "data_offsets": [64, 80]}})
    r = trainflops.tokens(params=shard, tokens="1B")
    assert r.params == 40
    assert r.training_flop == pytest.approx(6 * 40 * 1e9, rel=1e-12)
    # Beside a config, as estimate()'s checkpoint: compared and flagged (40 is
    # far from Llama 2 7B's 6,738,415,616).
    config = os.path.join(source_dir, "tests", "fixtures", "hf", "llama-2-7b.json")
    e = trainflops.estimate(config, tokens="1T", checkpoint=shard)
    assert e.checkpoint["params"] == 40
    assert e.checkpoint["config_params"] == 6738415616
    assert e.checkpoint["flagged"] is True
    with pytest.raises(trainflops.Error, match=r"^checkpoint: .*absent\.safetensors: cannot open"):
        trainflops.estimate(config, tokens="1T", checkpoint=tmp_path / "absent.safetensors")


def test_estimate_reads_a_repository_from_the_hugging_face_cache(source_dir, tmp_path,
                                                                  monkeypatch):
    # A cache as huggingface_hub lays it out: blobs/, snapshots/COMMIT/ linking
    # into them, refs/main naming the commit. Llama 2 7B: 6,738,415,616
    # parameters (src/llm/hf_families_test.cc); its float16 index of 2 x that
    # many bytes is the checkpoint cross-check.
    repo = tmp_path / "hub" / "models--Org--Model"
    commit = "c" * 40
    (repo / "blobs").mkdir(parents=True)
    (repo / "refs").mkdir()
    (repo / "snapshots" / commit).mkdir(parents=True)
    config = os.path.join(source_dir, "tests", "fixtures", "hf", "llama-2-7b.json")
    (repo / "blobs" / "1f").write_bytes(open(config, "rb").read())
    (repo / "blobs" / "2f").write_text(json.dumps(
        {"metadata": {"total_size": 2 * 6738415616}, "weight_map": {"a": "m.safetensors"}}))
    (repo / "snapshots" / commit / "config.json").symlink_to("../../blobs/1f")
    (repo / "snapshots" / commit / "model.safetensors.index.json").symlink_to("../../blobs/2f")
    (repo / "refs" / "main").write_text(commit)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.chdir(tmp_path)
    e = trainflops.estimate("Org/Model", tokens="2T")
    assert e.params == 6738415616
    assert e.checkpoint["params"] == 6738415616
    assert trainflops.estimate("Org/Model@" + commit, tokens="2T").params == 6738415616
    with pytest.raises(trainflops.Error,
                       match=r"huggingface-cli download Org/Absent config\.json"):
        trainflops.estimate("Org/Absent", tokens="2T")


def _cli_text(*args):
    """`trainflops ARGS...` (the text report), for options that shape the text."""
    import subprocess
    from conftest import _cli
    return subprocess.run([_cli(), *args], capture_output=True, text=True, check=True).stdout


def test_every_option_has_its_keyword(source_dir, cli_json, tmp_path):
    # hardware_db: a table of one chip, 1e15 FLOP/s FP16, against --hardware-db.
    table = tmp_path / "one.csv"
    table.write_text("name,release_date,fp64,fp32,tf32,fp16,fp16_tensor,bf16,fp8,int8\n"
                     "Z1,2024-01,,1e14,,1e15,,,,\n")
    assert trainflops.chips(hardware_db=table).to_dict() == cli_json("chips", "--hardware-db", str(table))
    assert trainflops.chips(hardware_db=table.read_bytes()).to_dict()["chips"][0]["name"] == "Z1"
    # to: the text in one unit, as `units --to mac`; 22 pfs-days = 22 x 8.64e19 FLOP
    # = 9.504e20 multiply-adds.
    assert trainflops.units("22 pfs-days", to="mac").text() == _cli_text("units", "22 pfs-days", "--to", "mac")
    assert "9.504e20" in trainflops.units("22 pfs-days", to="mac").text()
    # rules_off: the batch rows as `batch --rules-off`.
    rules = source_dir / "tests/fixtures/batch/rules.csv"
    with_rule = list(trainflops.batch(rules))
    without = list(trainflops.batch(rules, rules_off="active-parameters"))
    import csv, io
    assert without == list(csv.DictReader(io.StringIO(
        _cli_text("batch", str(rules), "--rules-off", "active-parameters"))))
    assert with_rule != without


def test_citation_is_the_command_lines(cli_json):
    r = trainflops.tokens(params="70B", tokens="1.4T")
    assert r.citation() == cli_json("tokens", "--params", "70B", "--tokens", "1.4T", "--cite")["citation"]
    # 6 x 70e9 x 1.4e12 = 5.88e23 FLOP, in the sentence.
    assert "5.88e23 FLOP" in r.citation()["text"]
    assert trainflops.units("22 pfs-days").citation() is None


def _varint(n: int) -> bytes:
    out = b""
    while True:
        byte, n = n & 0x7F, n >> 7
        out += bytes([byte | (0x80 if n else 0)])
        if not n:
            return out


def _field(number: int, value) -> bytes:
    """A protobuf field: an int as a varint, bytes or str length-delimited."""
    if isinstance(value, int):
        return _varint(number << 3) + _varint(value)
    data = value.encode() if isinstance(value, str) else value
    return _varint(number << 3 | 2) + _varint(len(data)) + data


def _unknown_operator_model() -> bytes:
    """src/onnx/testing/onnx_writer.h's UnknownOperatorModel, by onnx.proto's
    field numbers: x [2, 8] -> MatMul fc1 (W1 [8, 4]) -> FooBar foo (no rule)
    -> MatMul fc2 (W2 [4, 3]) -> Relu act."""
    def tensor(name, dims):
        return (b"".join(_field(1, d) for d in dims) + _field(2, 1) + _field(8, name)
                + _field(9, bytes(4 * dims[0] * dims[1])))

    def value_info(name, dims):
        shape = b"".join(_field(1, _field(1, d)) for d in dims)
        return _field(1, name) + _field(2, _field(1, _field(1, 1) + _field(2, shape)))

    def node(op, inputs, outputs, name):
        return (b"".join(_field(1, i) for i in inputs) + b"".join(_field(2, o) for o in outputs)
                + _field(3, name) + _field(4, op))

    graph = (_field(1, node("MatMul", ["x", "W1"], ["h"], "fc1"))
             + _field(1, node("FooBar", ["h"], ["u"], "foo"))
             + _field(1, node("MatMul", ["u", "W2"], ["v"], "fc2"))
             + _field(1, node("Relu", ["v"], ["y"], "act")) + _field(2, "test")
             + _field(5, tensor("W1", [8, 4])) + _field(5, tensor("W2", [4, 3]))
             + _field(11, value_info("x", [2, 8])) + _field(12, value_info("y", [2, 3])))
    return (_field(1, 8) + _field(2, "trainflops-test") + _field(7, graph)
            + _field(8, _field(1, "") + _field(2, 17)))


def test_strict_stops_at_the_first_unknown_shape(tmp_path):
    model = tmp_path / "unknown.onnx"
    model.write_bytes(_unknown_operator_model())
    r = trainflops.estimate(model, examples=1).to_dict()
    assert r["graph_forward_flop"] == 2 * 2 * 8 * 4  # fc1 alone: 2·M·K·N
    assert r["lower_bound"]
    assert [u["name"] for u in r["uncounted_nodes"]] == ["foo", "fc2", "act"]
    with pytest.raises(trainflops.Error) as raised:
        trainflops.estimate(model, examples=1, strict=True)
    assert "node 'fc2' (MatMul): input 'u': its shape is unknown" in str(raised.value)


def test_version_is_cmakes_project_version(source_dir):
    # One version: CMake's project(), which the library compiles in; pyproject.toml's
    # must say the same, and so must `trainflops --version`.
    with open(os.path.join(source_dir, "CMakeLists.txt")) as f:
        cmake = re.search(r"project\(trainflops VERSION (\S+)", f.read()).group(1)
    with open(os.path.join(source_dir, "pyproject.toml")) as f:
        pyproject = re.search(r'^version = "([^"]+)"', f.read(), re.M).group(1)
    assert trainflops.__version__ == cmake == pyproject


def test_evidence_is_the_command_lines(source_dir, cli_json):
    path = os.path.join(source_dir, "examples", "evidence", "mistral_large.yaml")
    from_path = trainflops.evidence(path)
    assert from_path.to_dict() == cli_json("evidence", path)
    # The same document given as a dict (JSON is YAML) gives the same figures.
    import yaml  # Debian: python3-yaml
    with open(path) as f:
        document = yaml.safe_load(f)
    from_dict = trainflops.evidence(document).to_dict()
    assert from_dict["combination"] == from_path.to_dict()["combination"]
    # The combined figure against the thresholds, from the same library call:
    # P(> 1e25) from its 90% interval read as a two-piece lognormal
    # (sigma = ln(high / median) / 1.6448536 above the median).
    scout = trainflops.evidence(os.path.join(source_dir, "examples", "evidence", "llama4_scout.yaml"))
    checks = scout.to_dict()["thresholds"]
    c = scout.to_dict()["combination"]
    assert c["low"] < c["median"] < c["high"]
    art51 = next(t for t in checks["thresholds"] if t["id"] == "eu_ai_act_art51")
    if c["median"] < 1e25:
        z = math.log(1e25 / c["median"]) / (math.log(c["high"] / c["median"]) / 1.6448536269514722)
        assert art51["probability_over"] == pytest.approx(0.5 * math.erfc(z / math.sqrt(2)), rel=1e-6)
    else:
        z = math.log(c["median"] / 1e25) / (math.log(c["median"] / c["low"]) / 1.6448536269514722)
        assert art51["probability_over"] == pytest.approx(1 - 0.5 * math.erfc(z / math.sqrt(2)), rel=1e-6)
    assert checks["error_margin"]["within"] == (c["low"] >= 0.7 * c["median"] and c["high"] <= 1.3 * c["median"])


def test_ledger_is_the_command_lines(source_dir, cli_json):
    path = os.path.join(source_dir, "examples", "ledger", "modifier-above.yaml")
    statement = trainflops.ledger(path).to_dict()
    assert statement == cli_json("ledger", path)
    # 6 x 8e9 x 6e12 = 2.88e23 > 7.2e23 / 3 = 2.4e23: the modifier becomes the provider.
    regime = next(r for r in statement["regimes"] if r["id"] == "eu_modification")
    assert regime["total_flop"] == 2.88e23
    assert regime["total_2sf"] == "2.9e23"
    assert regime["over_threshold"] is True


def test_ledger_reads_model_files_beside_a_path(source_dir, cli_json):
    path = os.path.join(source_dir, "examples", "ledger", "model-files.yaml")
    statement = trainflops.ledger(path).to_dict()
    assert statement == cli_json("ledger", path)
    # 6 x 6,738,415,616 x 2e12 = 8.0860987392e22 from the Llama 2 config beside it.
    regime = next(r for r in statement["regimes"] if r["id"] == "eu_cumulative")
    assert regime["total_2sf"] == "8.1e22"
    # A dict has no directory: the phase naming a model file is refused.
    record = {"model": "M", "phases": [{"name": "pt", "kind": "pre_training",
                                        "architecture": "spec.yaml"}]}
    with pytest.raises(trainflops.Error, match=r"phase 'pt': key 'architecture'.*was not read"):
        trainflops.ledger(record)


def test_ledger_errors_name_the_phase_and_field():
    record = {"model": "M", "phases": [{"name": "sft", "kind": "sfft", "flop": "1e22"}]}
    with pytest.raises(trainflops.Error, match=r"phase 'sft': key 'kind'.*did you mean 'sft'"):
        trainflops.ledger(record)


def test_console_command_runs_the_bundled_tool():
    # The installed package's `trainflops` command (pyproject.toml's console script) runs
    # the command-line tool setup.py put in the package.
    import subprocess
    import sys
    from trainflops import _cli
    if not _cli.executable().exists():
        pytest.skip("a development build (PYTHONPATH): the package holds no command-line tool")
    out = subprocess.run([sys.executable, "-m", "trainflops._cli", "--version"],
                         capture_output=True, text=True, check=True)
    assert out.stdout == f"trainflops {trainflops.__version__}\n"


def test_evidence_result_reads_as_its_combined_figure(source_dir):
    r = trainflops.evidence(os.path.join(source_dir, "examples", "evidence", "mistral_large.yaml"))
    c = r.combination
    assert str(r) == trainflops._trainflops.format_compute(c["rounded"]) + " (" + c["label"] + ")"
