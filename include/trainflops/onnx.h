// ONNX import: parameters and forward FLOP of a real model graph, node by
// node, without loading its weights; then Method 1 on the result.
//
// The file is read through a ByteSource with a small protobuf reader of our
// own (no libprotobuf): the graph and each initializer's name, type and shape
// are decoded, every weight byte is skipped by its length, external data
// files are never opened. Shapes are inferred over the whole graph with
// per-operator rules (symbolic dimensions set with OnnxOptions::dims), and
// each operator with a FLOP rule is counted with the layer catalogue's
// conventions (docs/onnx.md lists them with their sources).
#ifndef TRAINFLOPS_ONNX_H_
#define TRAINFLOPS_ONNX_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "trainflops/byte_source.h"
#include "trainflops/defaults.h"
#include "trainflops/method1.h"
#include "trainflops/model_spec.h"
#include "trainflops/status.h"

namespace trainflops {

struct OnnxOptions {
  // Values of symbolic dimensions (dim_param), e.g. {"batch_size", 1}.
  std::map<std::string, int64_t> dims;
  // Stop at the first node whose inputs' shapes or values are not known
  // (an error naming it) rather than leave it uncounted and go on.
  bool strict = false;
};

struct OnnxTensor {
  std::string name;
  bool rank_known = false;
  std::vector<int64_t> dims;  // -1 where a dimension is not known
  std::string shape;          // "1x3x224x224", "batch_size x 128", "unknown"
};

enum class OnnxRule {
  kCounted,  // a FLOP rule counted this node
  kZero,     // shape manipulation or data movement: zero FLOP by definition
  kNone,     // no FLOP rule: not counted (the total is a lower bound)
};

// Where a subgraph's nodes are: their reported names are paths, each
// enclosing node's name then the node's own ("loop/Relu_2", "gate/then/fc",
// the branch named when both are kept). Each segment of a path is held once
// here, however many nodes it encloses: a long name on an If is not copied
// into every node of its branches.
struct OnnxScope {
  uint32_t parent = 0;  // the enclosing segment, a lower position; 0: none
  std::string name;     // an enclosing node's own name, or "then" or "else"
};

struct OnnxNode {
  // The node's own name, or "<op_type>_<index>" when it has none. A subgraph
  // node's full name is its scope's path (`scope`, below) then this name
  // (WriteNodePath).
  std::string name;
  std::string op_type, domain;
  // The tensors it reads (absent optional inputs left out) and writes, as
  // positions in OnnxAnalysis::tensors, where each tensor is described once
  // however many nodes read it: OnnxAnalysis::Input and Output give them.
  std::vector<uint32_t> inputs, outputs;
  OnnxRule rule = OnnxRule::kNone;
  // In OnnxAnalysis::scopes; 0 is the main graph. (Beside `rule`, in what
  // would be padding: a node of a 100,000-node graph costs no more.)
  uint32_t scope = 0;
  double params = 0;         // trainable initializer elements first used by this node
  double forward_flop = 0;   // one run of the graph
  double multiply_adds = 0;  // of its matrix products (Conv, Gemm, MatMul, ...)
  // The rule's forward formula with the numbers substituted, and where it
  // comes from. They view OnnxAnalysis::texts, where each distinct text is
  // held once (the 24 blocks of a transformer share theirs): valid while the
  // analysis, or a copy of it, lives.
  std::string_view formula, source;
  std::vector<std::string> notes;
  // For the per-layer backward mode, each costing one forward pass. "Needs
  // gradient" propagates forward from the trainable initializers (graph
  // inputs and constants need none). A weight gradient when the node reads
  // trainable weights; an input gradient when one of its other inputs needs a
  // gradient. For products of two operands (MatMul, Gemm, Conv,
  // ConvTranspose, Einsum, FusedMatMul) the flags are the gradients of
  // operand A (input_gradient) and B (weight_gradient): Q·K^T with both
  // derived from weights has both.
  bool weight_gradient = false, input_gradient = false;
  // Nodes inside subgraphs that are not analysed (those of operators other
  // than If, Loop and Scan, whose subgraph nodes are reported as nodes
  // named "<node>/<subgraph node>", in OnnxScope).
  int64_t subgraph_nodes = 0;
};

// A node the analysis could not count: a shape or value it needs is not
// known (written by an operator without a shape rule, or by another node
// left uncounted), so its outputs are unknown too unless value_info
// declares them.
struct OnnxUncounted {
  uint32_t node = 0;   // in OnnxAnalysis::nodes
  std::string reason;  // what was not known: "input 'x': its shape is unknown (...)"
  // The node that first made the unknown value its inputs derive from (an
  // operator without a shape rule, or an uncounted node), itself listed
  // before it; -1 when it is the first (its input is a graph input of
  // unknown shape, or a value no rule could infer).
  int64_t after = -1;
};

struct OnnxOpType {
  std::string op_type, domain;
  OnnxRule rule = OnnxRule::kNone;
  int64_t count = 0;
  double params = 0, forward_flop = 0, multiply_adds = 0;
};

struct OnnxAnalysis {
  int64_t ir_version = 0;
  std::string producer;
  std::vector<std::pair<std::string, int64_t>> opsets;  // (domain, version)
  std::string graph_name;
  std::vector<OnnxTensor> graph_inputs, graph_outputs;
  std::vector<OnnxNode> nodes;  // in topological order
  // The segments of the subgraph nodes' names; the first, the main graph,
  // has none.
  std::vector<OnnxScope> scopes = std::vector<OnnxScope>(1);
  std::vector<OnnxTensor> tensors;  // those the nodes read and write
  // The texts the nodes' formula and source view; copies of the analysis
  // share them.
  std::shared_ptr<std::unordered_set<std::string>> texts =
      std::make_shared<std::unordered_set<std::string>>();
  const OnnxTensor& Input(const OnnxNode& node, size_t i) const { return tensors[node.inputs[i]]; }
  const OnnxTensor& Output(const OnnxNode& node, size_t i) const {
    return tensors[node.outputs[i]];
  }
  std::vector<OnnxOpType> op_types;     // by forward FLOP, largest first
  std::vector<OnnxOpType> unsupported;  // operators without a FLOP rule
  double forward_flop = 0, multiply_adds = 0;
  double params = 0;             // trainable: unique floating-point initializer elements
  double constant_elements = 0;  // other initializer elements (shapes, indices, statistics)
  int64_t initializers = 0, trainable_initializers = 0, shared_initializers = 0;
  int64_t external_initializers = 0;
  std::map<std::string, int64_t> dims;  // symbolic dimensions and their values
  std::vector<std::string> notes;
  // Why the total is a lower bound besides operators without a rule: an If
  // whose condition, or a Loop/Scan whose count, is not known (its
  // subgraph is counted once, or the cheaper branch).
  std::vector<std::string> lower_bound_reasons;
  // Nodes left uncounted because a shape or value they need is not known,
  // in the order of `nodes`; an operator without a rule whose outputs they
  // needed is listed too (before them).
  std::vector<OnnxUncounted> uncounted;
  // The share of the nodes that may have FLOP the total leaves out: those
  // listed in `uncounted` and those of operators without a FLOP rule, over
  // all nodes. A share of nodes, not of FLOP: what an uncounted node would
  // cost is not known (a MatMul may outweigh the rest of the graph).
  double uncounted_share() const;
  bool lower_bound() const {
    return !unsupported.empty() || !lower_bound_reasons.empty() || !uncounted.empty();
  }
};

// Parses and analyses the model in `source`. The memory its items take (the
// parsed nodes, attributes, names and dimensions, and the nodes and tensors
// described) is bounded by 20 bytes per byte of `source`, at least 64 MiB;
// past that the analysis stops with an error. Errors name the byte offset
// (malformed protobuf), the node and input (shapes, FLOP rules) or the
// dimension to set with --dim; they never carry the file name (callers add it).
Result<OnnxAnalysis> AnalyzeOnnx(const ByteSource& source, const OnnxOptions& options = {});

// How many nodes the model's graphs hold, subgraphs (If branches, Loop and
// Scan bodies) included, for a caller that bounds the work of an analysis
// before asking for it (the web API does). What the other items cost counts
// too: when the attributes, names (each held once: a subgraph's nodes refer
// to their enclosing nodes'), values and dimensions would take more memory
// than that many nodes of a real export (4 KiB each), the count is that
// memory in 4 KiB units. A quick walk that decodes only the fields leading to those
// items and allocates nothing per node. Malformed protobuf is an error
// naming the byte offset, as in AnalyzeOnnx.
Result<int64_t> CountOnnxNodes(const ByteSource& source);

struct OnnxEstimateOptions {
  Method1Options method1;
  TrainingOverrides overrides;
  // How many examples one run of the graph processes (its batch size): the
  // forward FLOP per example is the graph's divided by this.
  double examples_per_run = kDefaultExamplesPerRun;
};

struct OnnxEstimate {
  ModelSpec spec;  // one part "graph" with the training stage from the options
  // Method 1's totals, stages, assumptions and formula. Its `layers` is
  // empty: the layers are the analysis's nodes, not copied (a graph of
  // 100,000 nodes would hold each twice). Node i, as a Method 1 layer, has
  // forward FLOP nodes[i].forward_flop / examples_per_run per example and
  // backward FLOP backward_factors[i] times that.
  Method1Result result;
  double examples_per_run = kDefaultExamplesPerRun;
  std::vector<double> backward_factors;  // per node, backward FLOP / forward FLOP
};

// Method 1 on the analysed graph: one layer per node (type = op_type, part
// "graph"), method "method1_onnx". `file` names the model in the report.
Result<OnnxEstimate> EstimateOnnx(const OnnxAnalysis& analysis, const std::string& file,
                                  const OnnxEstimateOptions& options);

// A node's enclosing path ("outer/then/") longer than this many bytes is
// written as its first kShortScopePathBytes bytes and "... (N bytes)/": a
// long name on a node with subgraphs would otherwise be repeated in every
// node of them, and a report would grow as nodes x name length rather than
// with the file. The node's own name is always written whole.
inline constexpr size_t kMaxScopePathBytes = 1024;
inline constexpr size_t kShortScopePathBytes = 120;

// Calls `write(std::string_view)` with the pieces of the node's full name in
// order (each enclosing segment and "/", then its own name), so that a
// report writes "outer/then/fc" without building it; an enclosing path over
// kMaxScopePathBytes is shortened. A piece may view a temporary: `write`
// uses it at once.
template <class Write>
void WriteNodePath(const OnnxAnalysis& analysis, const OnnxNode& node, Write&& write);
// The node's full name as a string, for a table cell or a message.
std::string NodePath(const OnnxAnalysis& analysis, const OnnxNode& node);

// A node's operator as the reports name it: "MatMul" in the default domain,
// "com.microsoft.Attention" in another.
std::string QualifiedOpType(const std::string& domain, const std::string& op_type);
// The tensor's dimensions when every one is known; empty otherwise.
Shape KnownShape(const OnnxTensor& tensor);

namespace onnx_internal {

// The segments from the outermost to `scope`. The recursion is as deep as
// the subgraphs' nesting, which the reader bounds; a parent at or after its
// child (an analysis built by hand) ends the path.
template <class Write>
void WriteScopePath(const std::vector<OnnxScope>& scopes, uint32_t scope, Write& write) {
  if (scope == 0 || scope >= scopes.size()) return;
  const OnnxScope& s = scopes[scope];
  if (s.parent < scope) WriteScopePath(scopes, s.parent, write);
  write(std::string_view(s.name));
  write(std::string_view("/"));
}

}  // namespace onnx_internal

namespace onnx_internal {

inline size_t ScopePathBytes(const std::vector<OnnxScope>& scopes, uint32_t scope) {
  size_t bytes = 0;
  auto count = [&bytes](std::string_view piece) { bytes += piece.size(); };
  WriteScopePath(scopes, scope, count);
  return bytes;
}

// The first `limit` bytes of the scope's path, cut before a UTF-8 sequence
// that would not fit whole.
template <class Write>
void WriteScopePathPrefix(const std::vector<OnnxScope>& scopes, uint32_t scope, size_t limit,
                          Write& write) {
  auto limited = [&limit, &write](std::string_view piece) {
    if (limit == 0) return;
    if (piece.size() > limit) {
      size_t cut = limit;
      while (cut > 0 && (static_cast<unsigned char>(piece[cut]) & 0xC0) == 0x80) --cut;
      piece = piece.substr(0, cut);
      limit = 0;
    } else {
      limit -= piece.size();
    }
    if (!piece.empty()) write(piece);
  };
  WriteScopePath(scopes, scope, limited);
}

}  // namespace onnx_internal

template <class Write>
void WriteNodePath(const OnnxAnalysis& analysis, const OnnxNode& node, Write&& write) {
  const size_t scope_bytes = onnx_internal::ScopePathBytes(analysis.scopes, node.scope);
  if (scope_bytes <= kMaxScopePathBytes) {
    onnx_internal::WriteScopePath(analysis.scopes, node.scope, write);
  } else {
    onnx_internal::WriteScopePathPrefix(analysis.scopes, node.scope, kShortScopePathBytes, write);
    const std::string size = "... (" + std::to_string(scope_bytes) + " bytes)/";
    write(std::string_view(size));
  }
  write(std::string_view(node.name));
}

}  // namespace trainflops

#endif  // TRAINFLOPS_ONNX_H_
