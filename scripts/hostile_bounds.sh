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


# -- text reports, names, control characters and numbers --


# -- batch, Hugging Face configs and the server --


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
measure "ONNX long If name (1 MB)" "estimate $dir/long_if_name.onnx --examples 1 --no-layers" 0
# Collected once each in a hash set: analysed.
measure "ONNX 200,000 dim_params (3 MB)" "estimate $dir/dim_params.onnx --examples 1" 0 150 2
measure "ONNX 200,000 dim_params, bad --dim" "estimate $dir/dim_params.onnx --examples 1 --dim nope=1" 2
measure "ONNX 1,024 ints kept 100,000x" "estimate $dir/kept_values.onnx --examples 1" 2 150
measure "ONNX 2M nodes at the cap (12 MB)" "estimate $dir/node_cap.onnx --examples 1" 2


# -- files, checkpoints, wide JSON and output files (measure calls) --


# -- text reports, names, control characters and numbers (measure calls) --


# -- batch, Hugging Face configs and the server (measure calls) --


echo "binary: $cli"
if [ ${#bad[@]} -eq 0 ]; then
  echo "all within bounds (exit as wanted, under 1 s and 100 MB)"
else
  echo "out of bounds: ${bad[*]}"
  exit 1
fi
