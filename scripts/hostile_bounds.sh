#!/usr/bin/env bash
# Measures how the command line meets hostile input: for each case, the exit
# code, the wall time, the peak memory (maximum resident set, from GNU time)
# and the length of the error, against the bounds of docs/reliability.md
# (exit 2 within 1 s and 100 MB). The hostile files are generated in a
# temporary directory; the large ones are sparse. Usage:
#
#   scripts/hostile_bounds.sh [path/to/trainflops]     (default build/default/bin/trainflops)
#
# Prints one row per case and "all within bounds" or the cases that are not;
# exits 1 when any case is out of bounds.
set -euo pipefail
cd "$(dirname "$0")/.."
cli=$(realpath "${1:-build/default/bin/trainflops}")
[ -x "$cli" ] || { echo "no trainflops binary at $cli (build it, or pass its path)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs GNU time (apt-get install time)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The hostile files, written with the Python standard library only.
python3 - "$dir" <<'PY'
import os, random, sys
d = sys.argv[1]
def write(name, data):
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
def sparse(name, size):
    with open(os.path.join(d, name), "wb") as f:
        f.truncate(size)
deep = lambda n: "[" * n + "]" * n
write("rows.jsonl", deep(70000) + "\n")
write("config.json", '{"model_type": "llama", "hidden_size": ' + deep(80000) + "}")
write("deep.yaml", "input: [4]\nlayers: " + deep(5000))
bomb = "input: [4]\nlayers:\n  - &l0 {type: relu}\n"
for level in range(1, 10):
    bomb += "  - &l%d {repeat: 10, layers: [%s]}\n" % (level, ", ".join(["*l%d" % (level - 1)] * 10))
write("bomb.yaml", bomb + "training: {examples: 1}\n")
write("repeat.yaml", "input: [4]\nlayers: [{repeat: 1000000, layers: [{type: relu}]}]\n"
      "training: {examples: 1}\n")
write("cap.yaml", "input: [4]\nlayers: [{repeat: 10000, layers: [{type: relu}]}]\n"
      "training: {examples: 1}\n")
with open("tests/fixtures/hf/deepseek-v3.json") as f:
    write("ds.json", f.read().replace('"num_experts_per_tok": 8', '"num_experts_per_tok": 300'))
sparse("big.csv", 200_000_000)
sparse("big.jsonl", 200_000_000)
write("line.csv", "a" * 60_000_000)  # under the 64 MiB file cap: read, then refused by the line cap
write("wide.csv", ",".join(["c"] * 1_000_000) + "\n")
write("huge.yaml", "input: [4]\nlayers: [{type: dense, units: 4}]\n"
      "training: {examples: 1e300, epochs: 1e300}\n")
rng = random.Random(20260101)
write("random.jsonl", bytes(rng.getrandbits(8) for _ in range(4096)))
write("empty.jsonl", "")
write("other.csv", "foo,bar\n1,2\n")
# Checkpoints: a deep index, a deep safetensors header, a header over the
# 8 MiB cap (sparse data) and the largest header accepted (75,000 tensors).
import json, struct
write("index.json", '{"metadata": {"total_size": ' + deep(80000) + '}, "weight_map": {}}')
header = '{"w": {"dtype": "F32", "shape": ' + deep(80000) + ', "data_offsets": [0, 4]}}'
write("deep.safetensors", struct.pack("<Q", len(header)) + header.encode() + bytes(4))
with open(os.path.join(d, "over.safetensors"), "wb") as f:
    f.write(struct.pack("<Q", 9 << 20))
    f.truncate(8 + (9 << 20) + 16)
tensors, offset = {}, 0
while len(tensors) < 74000:
    i = len(tensors)
    tensors["model.layers.%d.experts.%d.w.weight" % (i // 300, i % 300)] = {
        "dtype": "BF16", "shape": [1, 1], "data_offsets": [offset, offset + 2]}
    offset += 2
header = json.dumps(tensors).encode()
assert len(header) < 8 << 20
write("big.safetensors", struct.pack("<Q", len(header)) + header + bytes(offset))

# ONNX: one Relu over the given dimensions, protobuf written by hand.
def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])
def field(num, payload):  # length-delimited
    return varint(num << 3 | 2) + varint(len(payload)) + payload
def intf(num, value):
    return varint(num << 3) + varint(value)
def value_info(name, dims):
    shape = b"".join(field(1, intf(1, x)) for x in dims)
    tensor = intf(1, 1) + field(2, shape)
    return field(1, name.encode()) + field(2, field(1, tensor))
def relu(dims):
    node = field(1, b"x") + field(2, b"y") + field(3, b"relu") + field(4, b"Relu")
    graph = field(1, node) + field(2, b"g") + field(11, value_info("x", dims)) + \
        field(12, value_info("y", dims))
    return intf(1, 8) + field(8, intf(2, 17)) + field(7, graph)
write("huge.onnx", relu([10**18] * 18))
write("empty.onnx", relu([0, 16]))

# -- ONNX: per-item memory and time (attributes, names in subgraphs, dimension names) --
# Each graph's items cost tens to hundreds of bytes in memory for a few on
# the wire; the analysis charges them to a budget of 20 bytes per byte of
# the file (at least 64 MiB) and stops past it.
def onnx_model(graph):
    return intf(1, 8) + field(8, intf(2, 17)) + field(7, graph)
def relu_graph(node_extra=b"", extra=b""):
    node = field(1, b"x") + field(2, b"y") + field(4, b"Relu") + node_extra
    return field(1, node) + field(11, value_info("x", [1, 4])) + \
        field(12, value_info("y", [1, 4])) + extra
empty_attr = field(5, b"")  # NodeProto.attribute of 2 bytes
# 10 MB: 5,000,000 empty attributes, 100,000 (the most one node may hold)
# then 1,000 to a node.
def attr_nodes(per_node, nodes):  # a chain of Relu from y, each with empty attributes
    attrs = empty_attr * per_node
    return b"".join(field(1, field(4, b"Relu") + field(1, b"y%d" % i if i else b"y") +
                          field(2, b"y%d" % (i + 1)) + attrs) for i in range(nodes))
write("empty_attrs.onnx", onnx_model(relu_graph(extra=attr_nodes(100_000, 50))))
write("spread_attrs.onnx", onnx_model(relu_graph(extra=attr_nodes(1000, 5000))))
# 1 MB: an If named with 900,000 characters, each branch a chain of 2,500
# Relu nodes over the outer x: every branch node's name starts with it.
def branch(tag):
    nodes, last = b"", b"x"
    for i in range(2500):
        out = tag + str(i).encode()
        nodes += field(1, field(1, last) + field(2, out) + field(4, b"Relu"))
        last = out
    return nodes + field(12, value_info(last.decode(), [1, 4]))
graph_attr = lambda name, g: field(1, name) + field(6, g) + intf(20, 5)
if_node = field(1, b"cond") + field(2, b"y") + field(3, b"n" * 900_000) + field(4, b"If") + \
    field(5, graph_attr(b"then_branch", branch(b"t"))) + \
    field(5, graph_attr(b"else_branch", branch(b"e")))
cond = field(1, b"cond") + field(2, field(1, intf(1, 9)))
write("long_if_name.onnx", onnx_model(field(1, if_node) + field(11, cond) +
                                      field(11, value_info("x", [1, 4])) +
                                      field(12, value_info("y", [1, 4]))))
# 3 MB: 200,000 distinct dim_params, 64 to a value_info entry.
dims = [field(1, field(2, b"dim%06d" % i)) for i in range(200_000)]
infos = b"".join(field(13, field(1, b"v%d" % (k // 64)) +
                       field(2, field(1, intf(1, 1) + field(2, b"".join(dims[k:k + 64])))))
                 for k in range(0, len(dims), 64))
write("dim_params.onnx", onnx_model(relu_graph(extra=infos)))
# 2.7 MB: 1,024 int64 values (read, as every small integer tensor's are)
# copied down 100,000 Identity nodes, each copy 40 kB; an If in the graph
# makes the analysis keep every value (subgraphs read them by name).
raw = b"".join(i.to_bytes(8, "little") for i in range(1024))
chain, last = [], b"c"
for i in range(100_000):
    chain.append(field(1, field(1, last) + field(2, b"i%d" % i) + field(4, b"Identity")))
    last = b"i%d" % i
tiny_branch = lambda t: field(1, field(1, b"x") + field(2, t) + field(4, b"Identity")) + \
    field(12, value_info(t.decode(), [1]))
gate = field(1, field(1, b"cond") + field(2, b"z") + field(4, b"If") +
             field(5, graph_attr(b"then_branch", tiny_branch(b"t"))) +
             field(5, graph_attr(b"else_branch", tiny_branch(b"e"))))
write("kept_values.onnx", onnx_model(
    b"".join(chain) + gate + field(5, intf(1, 1024) + intf(2, 7) + field(8, b"c") + field(9, raw)) +
    field(11, cond) + field(11, value_info("x", [1])) + field(12, value_info(last.decode(), [1024]))))
# 12 MB: 2,000,000 nodes (the per-graph cap) of 6 bytes each.
write("node_cap.onnx", onnx_model(relu_graph(extra=field(1, field(4, b"Id")) * 2_000_000)))


# -- files, checkpoints, wide JSON and output files --
# Named pipes with no writer, as each kind of input and as the index found
# beside a config (a blocking open would wait forever).
for name in ("fifo.onnx", "fifo.safetensors", "fifo.gguf"):
    os.mkfifo(os.path.join(d, name))
llama = ('{"model_type": "llama", "hidden_size": 64, "intermediate_size": 128,'
         ' "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100,'
         ' "torch_dtype": "float32"}')
os.makedirs(os.path.join(d, "beside"))
write("beside/config.json", llama)
os.mkfifo(os.path.join(d, "beside/model.safetensors.index.json"))
# A sparse 1 GB GGUF whose header claims as many 13-byte zero key-values as
# the file could hold, and one whose 5 million fit the count check but run
# past the 64 MiB a header may take (an array of 3 million empty strings
# first, then zeros).
def gguf(name, kvs, body=b""):
    with open(os.path.join(d, name), "wb") as f:
        f.write(b"GGUF" + struct.pack("<IQQ", 3, 0, kvs) + body)
        f.truncate(1 << 30)
gguf("zeros.gguf", ((1 << 30) - 24) // 13)
gguf("past-cap.gguf", 5_000_000, struct.pack("<Q", 1) + b"a" + struct.pack("<IIQ", 9, 8, 3_000_000))
# Wide JSON: 64 MiB of empty maps in an index beside a config, 8 MiB in a
# config.json and one 60 MB JSON line of them.
wide = lambda size: "[" + ",".join(["{}"] * ((size - 2) // 3)) + "]"
os.makedirs(os.path.join(d, "wide"))
write("wide/config.json", llama)
write("wide/model.safetensors.index.json",
      '{"metadata": {"total_size": 4}, "weight_map": {}, "x": ' + wide((64 << 20) - 64) + "}")
write("wide-config.json", '{"model_type": "llama", "x": ' + wide((8 << 20) - 64) + "}")
write("wide.jsonl", wide(60_000_000) + "\n")
# The widest accepted: 8 MiB of two-digit numbers in a config.json (13 bytes
# of tree per byte of text by the estimate, under the 16 allowed).
os.makedirs(os.path.join(d, "numbers"))
write("numbers/config.json", llama[:-1] + ', "x": [' + ", ".join(["12"] * (((8 << 20) - 400) // 4)) + "]}")
# Two tensors on the same 4 bytes.
header = b'{"a": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}, ' \
         b'"b": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}}'
write("overlap.safetensors", struct.pack("<Q", len(header)) + header + bytes(4))


# -- text reports, names, control characters and numbers --
# One layer named by 300,000 bytes and 4,000 more (300 KB): the text table
# once padded each of the 4,001 rows to the long name (1.2 GB of output).
write("long_names.yaml", "input: [4]\nlayers:\n  - {type: dense, name: " + "n" * 300000 +
      ", units: 4}\n  - {repeat: 4000, layers: [{type: relu}]}\ntraining: {examples: 10}\n")
# A hardware table of 16 names of 60,000 characters (under its 1 MiB cap) and
# an unknown 60,000-character chip: "did you mean" once took 122 s.
rates = "name,fp64,fp32,tf32,fp16,fp16_tensor,bf16,fp8,int8\n"
write("long_chips.csv", rates + "".join("%s%d,,1e13,,,,,,\n" % ("q" * 60000, i) for i in range(16)))
write("long_chip.txt", "q" * 60000 + "x")
# Trend compute past the range of a double (1e300 pfs-days) and subnormal.
trend_head = "Model,Publication date,Training compute (FLOP)\n"
write("trend_huge.csv", trend_head + "a,2015-01-01,1e300\nb,2016-01-01,1e300\nc,2017-01-01,3e300\n")
write("trend_subnormal.csv", trend_head + "a,2015-01-01,1e-320\nb,2016-01-01,1\nc,2017-01-01,3\n")
# 300,000 trend rows (12 MB): quadratic-looking before (158 s), linear now.
rng3 = random.Random(3)
write("trend_300k.csv", trend_head + "".join(
    "m%d,%04d-%02d-%02d,%.4e\n" % (i, 2000 + i * 20 // 300000, rng3.randint(1, 12),
                                    rng3.randint(1, 28), 10 ** rng3.uniform(15, 25))
    for i in range(300000)))


# -- batch, Hugging Face configs and the server --
# Base-model cycles: a row whose base is itself, A <-> B, and a row leading
# into the cycle; each is refused in its note, the plain row estimated.
write("cycles.csv", "Model,Parameters,Training dataset size (total),Base model\n"
      "Self,1e9,1e9,Self\nA,1e9,1e9,B\nB,1e9,1e9,A\nC,1e9,1e9,A\nPlain,1e9,1e9,\n")
# Lists of bases: each of 1,000 rows names the 500 after it (2.9 MB): each
# base is estimated once, not once per path (500^8 paths).
rows = ["Model,Parameters,Training dataset size (total),Base model"]
for i in range(1000):
    rows.append('m%d,1e9,1e9,"%s"' % (i, ",".join("m%d" % j for j in range(i + 1, min(1000, i + 501)))))
write("bases.csv", "\n".join(rows) + "\n")
# Hugging Face configs whose model code divides by 0 or by heads that do not group.
llama = ('"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, '
         '"intermediate_size": 14336, "vocab_size": 128256')
hf = {
    "head_dim0": '"model_type": "llama", %s, "head_dim": 0' % llama,
    "kv12": '"model_type": "llama", %s, "num_key_value_heads": 12' % llama,
    "kv64": '"model_type": "llama", %s, "num_key_value_heads": 64' % llama,
    "sparse_step0": '"model_type": "qwen2_moe", %s, "num_experts": 60, "num_experts_per_tok": 4, '
                    '"moe_intermediate_size": 1408, "decoder_sparse_step": 0' % llama,
    "moe_freq0": '"model_type": "deepseek_v3", %s, "kv_lora_rank": 512, "qk_nope_head_dim": 128, '
                 '"qk_rope_head_dim": 64, "v_head_dim": 128, "n_routed_experts": 256, '
                 '"num_experts_per_tok": 8, "moe_intermediate_size": 2048, "moe_layer_freq": 0' % llama,
    "jamba_period0": '"model_type": "jamba", %s, "num_experts": 16, "num_experts_per_tok": 2, '
                     '"attn_layer_period": 0' % llama,
}
for name, fields in hf.items():
    write(name + ".json", "{" + fields + "}")


PY

hw="--chip V100 --count 8 --time '5 days'"
# name | arguments (shell text; $dir is the temporary directory)
cases=(
  "deep JSONL row|batch $dir/rows.jsonl"
  "deep config value|estimate $dir/config.json --tokens 1T"
  "deep YAML spec|estimate $dir/deep.yaml"
  "DeepSeek experts > routed|estimate $dir/ds.json --tokens 14.8T"
  "alias bomb (10^18 layers)|estimate $dir/bomb.yaml"
  "repeat: 1000000|estimate $dir/repeat.yaml"
  "/dev/zero spec|estimate /dev/zero"
  "/dev/urandom compare|compare /dev/urandom $hw"
  "/dev/zero --hardware-db|hardware --hardware-db /dev/zero $hw"
  "/dev/zero trend --data|trend --data /dev/zero"
  "/dev/zero batch CSV|batch /dev/zero"
  "/dev/zero batch JSONL|batch /dev/zero --format jsonl"
  "directory|estimate $dir"
  "200 MB CSV (sparse)|trend --data $dir/big.csv"
  "200 MB JSONL (sparse)|batch $dir/big.jsonl"
  "60 MB single-line CSV|trend --data $dir/line.csv"
  "1M-column CSV|batch $dir/wide.csv"
  "--epochs 1e308|estimate examples/vgg16.yaml --epochs 1e308"
  "spec training 1e300|estimate $dir/huge.yaml"
  "ONNX 18 dims of 1e18|estimate $dir/huge.onnx --examples 1"
  "layer forward=1e308|layer given forward=1e308 shape=10"
  "compare --epochs 1e308|compare examples/vgg16.yaml --epochs 1e308 $hw"
  "price 1e300|hardware --chip V100 --count 1e6 --time '1000 days' --price-per-chip-hour 1e300"
  "tdp 1e300|hardware --chip V100 --count 1e6 --time '1000 days' --tdp 1e300 --energy"
  "--uncertainty --epochs 1e300|estimate examples/vgg16.yaml --uncertainty --epochs 1e300"
  "units -5 pfs-days|units '-5 pfs-days'"
  "tokens 1e-300|tokens --params 1e-300 --tokens 1e-300"
  "ONNX zero dimension|estimate $dir/empty.onnx --examples 1"
  "--layers 32.5|tokens --params 7e9 --tokens 1T --convention chinchilla --layers 32.5 --d-model 4096 --heads 32 --vocab 32000"
  "range without figure|thresholds 2e25 --range 2e26..1e27"
  "batch random bytes|batch $dir/random.jsonl"
  "batch empty JSONL|batch $dir/empty.jsonl"
  "batch unknown header|batch $dir/other.csv"
  "deep checkpoint index|tokens --params $dir/index.json --tokens 1T"
  "deep safetensors header|tokens --params $dir/deep.safetensors --tokens 1T"
  "safetensors header 9 MiB|tokens --params $dir/over.safetensors --tokens 1T"
)

printf '%-30s %4s %8s %8s %8s  %s\n' case exit seconds MB err_bytes verdict
bad=()
measure() {  # name, args, wanted exit code [, max MB (default 100), max seconds (default 1)]
  local name=$1 args=$2 want=$3 max_mb=${4:-100} max_s=${5:-1}
  local code=0
  eval "/usr/bin/time -f '%e %M' -o '$dir/time' '$cli' $args" >"$dir/out" 2>"$dir/err" || code=$?
  read -r seconds kb < <(tail -n 1 "$dir/time")
  local mb=$(( kb / 1024 )) err=$(wc -c <"$dir/err")
  local verdict=ok
  if [ "$code" -ne "$want" ] || awk "BEGIN{exit !($seconds >= $max_s)}" || [ "$mb" -ge "$max_mb" ]; then
    verdict="OUT OF BOUNDS"
    bad+=("$name")
  fi
  printf '%-30s %4s %8s %8s %8s  %s\n' "$name" "$code" "$seconds" "$mb" "$err" "$verdict"
}
for c in "${cases[@]}"; do measure "${c%%|*}" "${c#*|}" 2; done
# The largest accepted spec: 10,000 layers, estimated and reported in full.
measure "spec at the cap (10,000 layers)" "estimate $dir/cap.yaml" 0
measure "safetensors header at the cap (74,000 tensors)" "tokens --params $dir/big.safetensors --tokens 1T" 0

# -- ONNX: per-item memory and time (measure calls with their own bounds) --
# Refused before the items are allocated (one node's attributes, a graph's
# nodes are counted first), or once the budget is spent: at most 64 MiB
# (the floor) or 20 x the file's size, plus the program's own.
measure "ONNX 5M empty attrs (10 MB)" "estimate $dir/empty_attrs.onnx --examples 1" 2 300 2
measure "ONNX empty attrs spread (10 MB)" "estimate $dir/spread_attrs.onnx --examples 1" 2 300 2
# Held once, not copied into the 5,000 branch nodes (which took 5 GB):
# analysed. Without the node table, which prints each branch node's full
# name (5,000 x 900 kB), as the JSON's layers do.
measure "ONNX long If name (1 MB)" "estimate $dir/long_if_name.onnx --examples 1" 0
# Its JSON names each branch node by a shortened path (kMaxScopePathBytes):
# 5 MB, where the whole name in each node once gave 2.25 GB.
measure "ONNX long If name, --json" "estimate $dir/long_if_name.onnx --examples 1 --json" 0
[ "$(wc -c <"$dir/out")" -lt 20000000 ] || { echo "long If name: JSON over 20 MB"; bad+=("long If JSON size"); }
# Collected once each in a hash set: analysed.
measure "ONNX 200,000 dim_params (3 MB)" "estimate $dir/dim_params.onnx --examples 1" 0 150 2
measure "ONNX 200,000 dim_params, bad --dim" "estimate $dir/dim_params.onnx --examples 1 --dim nope=1" 2
measure "ONNX 1,024 ints kept 100,000x" "estimate $dir/kept_values.onnx --examples 1" 2 150
measure "ONNX 2M nodes at the cap (12 MB)" "estimate $dir/node_cap.onnx --examples 1" 2


# -- files, checkpoints, wide JSON and output files (measure calls) --
# A reader left waiting on a pipe is released after 10 s (by opening it for
# writing), so that a hang shows as an out-of-bounds time, not a stalled run.
( sleep 10; for f in "$dir"/fifo.* "$dir"/beside/model.safetensors.index.json; do
    timeout 1 sh -c ": >'$f'" || true; done ) &
watchdog=$!
measure "FIFO as ONNX" "estimate $dir/fifo.onnx --examples 1" 2
measure "FIFO as safetensors" "tokens --params $dir/fifo.safetensors --tokens 1T" 2
measure "FIFO as GGUF" "tokens --params $dir/fifo.gguf --tokens 1T" 2
measure "FIFO index beside config" "estimate $dir/beside/config.json --tokens 1T" 2
kill "$watchdog" 2>/dev/null || true
measure "sparse 1 GB GGUF, zero kvs" "tokens --params $dir/zeros.gguf --tokens 1T" 2
measure "GGUF header past 64 MiB" "tokens --params $dir/past-cap.gguf --tokens 1T" 2
measure "64 MiB index of empty maps" "tokens --params $dir/wide/model.safetensors.index.json --tokens 1T" 2
measure "the same beside a config" "estimate $dir/wide/config.json --tokens 1T" 0
measure "8 MiB config of empty maps" "estimate $dir/wide-config.json --tokens 1T" 2
measure "60 MB JSONL row of maps" "batch $dir/wide.jsonl" 2
measure "8 MiB config of numbers" "estimate $dir/numbers/config.json --tokens 1T" 0 300
measure "overlapping safetensors" "tokens --params $dir/overlap.safetensors --tokens 1T" 2
# Standard output on a full disk: the output file is /dev/full.
ln -sf /dev/full "$dir/out"
measure "units 1 > /dev/full" "units 1" 1
rm -f "$dir/out"
# Symlinks planted at the old temporary names (OUTPUT.tmp.PID) for the next
# PIDs: the file they point to must be left as it was.
echo precious >"$dir/victim"
next=$(cat /proc/sys/kernel/ns_last_pid)
for pid in $(seq "$next" $((next + 200))); do ln -sf "$dir/victim" "$dir/rows.csv.tmp.$pid"; done
measure "batch --output, planted links" "batch tests/fixtures/batch/small.csv --output $dir/rows.csv" 0
[ "$(cat "$dir/victim")" = precious ] || { echo "planted symlink followed: victim overwritten"; bad+=("planted links"); }
mkfifo "$dir/plot.svg"
measure "trend --plot onto a FIFO" "trend --plot $dir/plot.svg" 2
[ -p "$dir/plot.svg" ] || { echo "the FIFO was replaced"; bad+=("plot onto a FIFO"); }


# -- text reports, names, control characters and numbers (measure calls) --
# A cell over 120 columns is cut: 4,001 rows of the 300 KB spec's report
# take about 200 bytes each.
measure "long layer name, text" "estimate $dir/long_names.yaml" 0
[ "$(wc -c <"$dir/out")" -le 1000000 ] || bad+=("long layer name: text report over 1 MB")
measure "60,000-char --chip, own table" "hardware --hardware-db $dir/long_chips.csv --chip \"\$(cat $dir/long_chip.txt)\" --count 8 --time 1d" 2
measure "trend 1e300 pfs-days" "trend --data $dir/trend_huge.csv --compute-unit pfs-day" 2
measure "trend subnormal compute" "trend --data $dir/trend_subnormal.csv" 2
measure "units 1e-320" "units 1e-320" 2
measure "--count 1e-320" "hardware --chip V100 --count 1e-320 --time 1d" 2
measure "tokens 1e-320 --thresholds" "tokens --params 1e-320 --tokens 1T --thresholds" 2
measure "price 1e-320" "hardware $hw --price-per-chip-hour 1e-320" 2
# Linear: 2,000 bootstrap resamples of 300,000 points (7 s on a loaded
# 2-core machine; 158 s before).
measure "trend 300,000 rows" "trend --data $dir/trend_300k.csv" 0 300 30


# -- batch, Hugging Face configs and the server (measure calls) --
measure "batch base-model cycles" "batch $dir/cycles.csv" 0
measure "batch 1,000 rows x 500 bases" "batch $dir/bases.csv" 0 300 5
for name in head_dim0 kv12 kv64 sparse_step0 moe_freq0 jamba_period0; do
  measure "HF config $name" "estimate $dir/$name.json --tokens 1T" 2
done


echo "binary: $cli"
if [ ${#bad[@]} -eq 0 ]; then
  echo "all within bounds (exit as wanted; under 1 s and 100 MB, or the bounds a case states)"
else
  echo "out of bounds: ${bad[*]}"
  exit 1
fi
