// Internal: tensors, dimensions and operator rules of the ONNX analysis.
//
// Shapes carry symbolic dimensions (dim_param, e.g. "batch_size") until
// --dim sets them; a rule that needs a number for a FLOP count asks for
// concrete dimensions and gets an error naming the dimension otherwise.
#ifndef TRAINFLOPS_SRC_ONNX_GRAPH_H_
#define TRAINFLOPS_SRC_ONNX_GRAPH_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "proto.h"
#include "trainflops/status.h"

namespace trainflops::onnx {

// One dimension: a value (>= 0), or unknown with the name of its symbol
// ("" when shape inference could not name it). Integer tensor values use the
// same type, where negative literals (-1 in a Reshape target) are allowed.
inline constexpr int64_t kUnknownDim = INT64_MIN;
struct Dim {
  int64_t value = kUnknownDim;
  std::string symbol;
  bool known() const { return value >= 0; }
  bool literal() const { return value != kUnknownDim; }
  static Dim Of(int64_t v) { return Dim{v, ""}; }
  static Dim Symbol(std::string s) { return Dim{kUnknownDim, std::move(s)}; }
  bool operator==(const Dim& o) const { return value == o.value && symbol == o.symbol; }
};
using Dims = std::vector<Dim>;

struct Sequence;  // sequence.h

// (The flags sit together so that the struct keeps to 128 bytes.)
struct TensorInfo {
  bool rank_known = false;
  bool requires_grad = false;  // depends on a trainable weight (see analyze.cc)
  bool weight = false;         // a trainable weight through Identity/Transpose/Reshape/...
  Dims shape;
  int32_t elem_type = kUndefined;
  // Values of small integer tensors (shape vectors, axes, indices), possibly
  // symbolic (the output of Shape on a symbolic input), and of small floats.
  bool has_int_values = false;
  Dims int_values;
  bool has_float_values = false;
  std::vector<double> float_values;
  // Its position in OnnxAnalysis::tensors once a node has read or written
  // it; -1 before. Set by the analyser, not by rules.
  int64_t described = -1;
  // Its position in the main graph's initializers when it is one (read by
  // name, not a copy made by a rule or bound to a subgraph input); -1 else.
  int64_t initializer = -1;
  // Set when the value is an ONNX sequence (of tensors) rather than a tensor:
  // what is known of its elements (sequence.h). Shared: a sequence passed on
  // unchanged is not copied.
  std::shared_ptr<const Sequence> sequence;

  static TensorInfo Shaped(Dims dims, int32_t type = kUndefined) {
    TensorInfo t;
    t.rank_known = true;
    t.shape = std::move(dims);
    t.elem_type = type;
    return t;
  }
};

// An initializer or Constant tensor: its shape, type and small values.
TensorInfo FromTensorMeta(const TensorMeta& t);

// "1x3x224x224", "batch_size x 3", "?" for an unknown rank.
std::string DimsToString(const Dims& dims);
std::string TensorShapeString(const TensorInfo& t);
// Product as a double (exact below 2^53); nullopt when a dimension is unknown.
std::optional<double> KnownElements(const TensorInfo& t);

// What a rule returns for one node.
struct NodeEval {
  std::vector<TensorInfo> outputs;  // one per node output (missing ones unknown)
  double flop = 0;
  double multiply_adds = 0;  // of the matrix products (Conv, Gemm, MatMul...)
  std::string formula;
  std::string source;
  std::vector<std::string> notes;
  // Parameters the rule declares for weights not stored as floating-point
  // initializers (MatMulNBits' packed 4-bit N x K matrix); -1: none.
  double declared_params = -1;
};

// What a rule sees: the node, its attributes and its input tensors.
class NodeContext {
 public:
  NodeContext(const NodeProtoData& node, int64_t opset, std::vector<const TensorInfo*> inputs)
      : node_(node), opset_(opset), inputs_(std::move(inputs)) {}

  // The operator, never the node's or its tensors' names: a rule's result
  // is kept by everything it can read (eval_memo.h), so names reach a rule
  // only through the error helpers below.
  const std::string& op_type() const { return node_.op_type; }
  const std::string& domain() const { return node_.domain; }
  int64_t opset() const { return opset_; }
  size_t num_inputs() const { return inputs_.size(); }
  size_t num_outputs() const { return node_.outputs.size(); }
  // Input i, or nullptr when absent (optional inputs may be "" or missing).
  const TensorInfo* input(size_t i) const { return i < inputs_.size() ? inputs_[i] : nullptr; }
  bool has_input(size_t i) const { return input(i) != nullptr; }
  // Rank of input i (0 when absent).
  size_t rank(size_t i) const {
    const TensorInfo* t = input(i);
    return t == nullptr ? 0 : t->shape.size();
  }
  // Element type of input i (kUndefined when absent or unknown).
  int32_t type(size_t i) const {
    const TensorInfo* t = input(i);
    return t == nullptr ? kUndefined : t->elem_type;
  }

  // Input i must be present with a known rank.
  Result<const TensorInfo*> Required(size_t i) const;
  // Input i's dimensions, all known; the error names the dimension.
  Result<std::vector<int64_t>> Concrete(size_t i) const;
  // The dimensions of `t` (an output, say), all known; an error names input i.
  Result<std::vector<int64_t>> ConcreteNamedAs(const TensorInfo& t, size_t i) const;
  // Element count of input i (all dimensions known).
  Result<double> Elements(size_t i) const;
  // Integer values of input i (a constant or a computed shape); error if unknown.
  Result<std::vector<int64_t>> IntValues(size_t i, const char* what) const;

  int64_t Int(const std::string& name, int64_t fallback) const;
  float Float(const std::string& name, float fallback) const;
  std::string Str(const std::string& name, const std::string& fallback) const;
  std::optional<std::vector<int64_t>> Ints(const std::string& name) const;
  const Attribute* Attr(const std::string& name) const { return node_.Find(name); }

  // An error about this node's input i: "input 'x': <what>".
  Status InputError(size_t i, const std::string& what) const;
  // The same for what input i does not determine (its shape or values are
  // unknown, not wrong): the analysis counts the node as unknown and goes on.
  Status Unknown(size_t i, const std::string& what) const;

 private:
  const NodeProtoData& node_;
  int64_t opset_;
  std::vector<const TensorInfo*> inputs_;
};

// "pass --dim seq=N" for a symbol, naming each --dim it depends on.
std::string DimAdvice(const std::string& symbol);
// Concrete dims as numbers; error naming the first unknown dimension.
Result<std::vector<int64_t>> ConcreteDims(const TensorInfo& t, const std::string& tensor);
double Product(const std::vector<int64_t>& dims, size_t from = 0, size_t to = SIZE_MAX);

// A dimension as a FLOP-counting factor (counts are doubles: they reach 1e27).
inline double AsCount(int64_t v) { return static_cast<double>(v); }
Dims ToDims(const std::vector<int64_t>& values);
// Dimension arithmetic without overflow: dimensions above 2^62 are refused.
inline constexpr double kMaxDimValue = 4.611686018427387904e18;  // 2^62
// `v` as a dimension; an error naming `what` when it is not in [0, 2^62].
Result<int64_t> ToDim(double v, const std::string& what);
// a + b, a - b, a * b as a Dim; unknown when they overflow.
Dim AddDim(int64_t a, int64_t b);
Dim SubDim(int64_t a, int64_t b);
Dim MulDim(int64_t a, int64_t b);

// Numpy broadcasting of two shapes (ONNX "multidirectional broadcasting").
Result<Dims> Broadcast(const Dims& a, const Dims& b);
// Normalises a possibly negative axis for a tensor of `rank`.
Result<int64_t> Axis(int64_t axis, int64_t rank, const std::string& what);
// "12,800" or "7.5e9": exact whole numbers for formulas.
std::string Num(double v);
std::string Shape(const std::vector<int64_t>& dims);

// A rule: checks attributes, infers output shapes and counts FLOP.
using Rule = Status (*)(const NodeContext& ctx, NodeEval* eval);

struct OpRule {
  const char* op_type;
  Rule rule;
  // Input positions that hold shapes, axes, indices or statistics rather
  // than learned weights: initializers there are constants, not parameters.
  std::vector<int> constant_inputs;
  // kCounted: the rule counts FLOP. kZero: data movement or shape
  // manipulation, zero FLOP by definition. kUncounted: the rule infers shapes
  // only; the operator is listed among those without a FLOP rule.
  enum Cost { kCounted, kZero, kUncounted };
  Cost cost = kCounted;
  // False for operators whose outputs carry no gradient (Shape, comparisons).
  bool differentiable = true;
  // kProduct: a product of two operands (A, B), whose backward pass computes
  // dA and dB, each one forward pass's worth of multiply-adds (Sevilla et
  // al. 2022, section "Forward pass and backward pass": backward = 2x
  // forward). kWeightView: the outputs are the data input's values
  // rearranged, cut or cast (Concat: all its inputs'), so a weight seen
  // through it is still a weight.
  enum Role { kPlain, kProduct, kWeightView };
  Role role = kPlain;
};

// MatMul of shapes a and b with numpy semantics (rules_linear.cc).
Status CountMatMul(std::vector<int64_t> a, std::vector<int64_t> b, int32_t type, NodeEval* eval);
// Which axes a Reduce*/ArgMax/ArgMin node reduces (rules_elementwise.cc).
Result<std::vector<bool>> ReducedAxes(const NodeContext& ctx, size_t rank);

// A rule table: its domain ("" for the standard operators) and the file
// that holds it (its operators' kind), for the list of supported operators
// in docs/onnx.md, which a test renders from these tables.
struct RuleTable {
  const char* domain;
  const char* file;
  const std::vector<OpRule>* rules;
};
// Every table, in the order FindRule looks them up. One operator of one
// domain has exactly one rule: CheckRuleTables refuses a second, and a test
// holds the bundled tables to it.
const std::vector<RuleTable>& RuleTables();
// An error naming both tables when an operator of one domain has two rules.
Status CheckRuleTables(const std::vector<RuleTable>& tables);

// The rule for (domain, op_type), or nullptr. Domains "" and "ai.onnx" are
// the standard operators; "com.microsoft" the ONNX Runtime contrib operators.
const OpRule* FindRule(const std::string& domain, const std::string& op_type);

// Rule tables contributed by each file.
const std::vector<OpRule>& ShapeOpRules();           // rules_shape.cc
const std::vector<OpRule>& DataOpRules();            // rules_data.cc
const std::vector<OpRule>& ElementwiseOpRules();     // rules_elementwise.cc
const std::vector<OpRule>& ConvOpRules();            // rules_conv.cc
const std::vector<OpRule>& LinearOpRules();          // rules_linear.cc
const std::vector<OpRule>& SequenceOpRules();        // rules_sequence.cc (RNNs, attention)
const std::vector<OpRule>& ContribOpRules();         // rules_sequence.cc (com.microsoft)
const std::vector<OpRule>& ContribFusedOpRules();    // rules_contrib.cc (com.microsoft)
const std::vector<OpRule>& TensorSequenceOpRules();  // rules_tensor_sequence.cc
const std::vector<OpRule>& SelectOpRules();          // rules_select.cc (TopK, OneHot)

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_GRAPH_H_
