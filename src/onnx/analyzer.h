// Internal: the analyser of one model, whose graph walk the control-flow
// operators (control_flow.cc) re-enter for If branches and Loop/Scan bodies.
#ifndef TRAINFLOPS_SRC_ONNX_ANALYZER_H_
#define TRAINFLOPS_SRC_ONNX_ANALYZER_H_

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "analyze_internal.h"
#include "budget.h"
#include "eval_memo.h"
#include "graph.h"
#include "proto.h"
#include "trainflops/onnx.h"

namespace trainflops::onnx {

OnnxTensor Describe(const std::string& name, const TensorInfo* t);

// What a tensor's shape and values take in memory, its dimension names'
// (those longer than a string's own buffer) included: up to 1,024 values of
// 40 bytes each, copied by each Identity or Reshape that passes them on.
uint64_t TensorBytes(const TensorInfo& t);

// Where a node is evaluated: the main graph, or a subgraph whose nodes run
// `runs` times per run of the model (a Loop's trips, a Scan's length).
struct Scope {
  const GraphData* graph = nullptr;
  uint32_t scope = 0;  // in OnnxAnalysis::scopes: the enclosing nodes' names
  double runs = 1;
  bool main = true;
};

// AnalyzeOnnx with the items of the parse and of the analysis charged to
// `budget` (AnalyzeOnnx's is MemoryBudget(source.size())).
Result<OnnxAnalysis> AnalyzeWithin(const ByteSource& source, const OnnxOptions& options,
                                   MemoryBudget* budget);

class Analyzer {
 public:
  // The nodes and tensors the analysis describes are charged to `budget`,
  // which must outlive the analyser.
  Analyzer(const ModelData& model, const OnnxOptions& options, MemoryBudget* budget)
      : model_(model), graph_(model.graph), options_(options), budget_(budget) {}

  Result<OnnxAnalysis> Run();

 private:
  Status CheckModel();
  Status CollectDims();
  Status ChargeIndexes();
  TensorInfo FromValueInfo(const ValueInfo& v) const;
  Status Merge(const std::string& name, TensorInfo* t) const;
  int64_t OpsetOf(const std::string& domain) const;
  Status Evaluate(const Scope& scope, size_t index);
  // What the walk needs to know of an operator, looked up once per
  // (domain, operator) rather than once per node.
  struct OpInfo {
    const OpRule* rule = nullptr;
    int64_t opset = 1;
    bool control = false;      // If, Loop, Scan
    bool product = false;      // its rule's role is OpRule::kProduct
    bool weight_view = false;  // its rule's role is OpRule::kWeightView
    bool concat = false;       // all its inputs are data inputs
  };
  const OpInfo& InfoOf(const NodeProtoData& node);
  // Runs `rule` on `node`, or takes the result of an earlier node with the
  // same signature from the memo; `formula` and `source` view out_.texts.
  Status ApplyRule(const OpRule& rule, int64_t opset, const NodeProtoData& node,
                   const std::vector<const TensorInfo*>& inputs, NodeEval* eval,
                   std::string_view* formula, std::string_view* source);
  // A tensor by name: an input, initializer or value of a subgraph (tensors_)
  // or an output of a main-graph node (values_); nullptr when not yet defined.
  TensorInfo* Lookup(std::string_view name);
  // A trainable initializer of the main graph, read as itself.
  bool IsTrainable(const TensorInfo* t) const;
  // `text` held once in out_.texts, for a node's formula or source.
  std::string_view Intern(std::string text);
  // Input k of node `node` of `scope`: resolved by the topological order in
  // the main graph, looked up by name in subgraphs.
  TensorInfo* InputOf(const Scope& scope, size_t node, size_t k);
  // Its position in out_.tensors, describing it on first use.
  Result<uint32_t> DescribeOnce(const std::string& name, TensorInfo* t);
  // Readers of each main-graph value, and the release of those whose
  // readers have all been evaluated.
  void CountReaders();
  void ReleaseRead(size_t node);

  // uncounted.cc: a node whose rule (or control flow) failed with `error`
  // (its context added) is left uncounted when what failed is not known
  // rather than wrong (StatusCode::kIndeterminate) and --strict is off:
  // returns -1, or the error that stops the analysis. Otherwise returns
  // the node whose unknown output its inputs derive from (OnnxUncounted::
  // after), listing it first when it is an operator without a rule.
  Result<int64_t> Uncounted(const NodeProtoData& node, const Status& error);
  // Records the node at `position`, uncounted for `reason`.
  Status ListUncounted(uint32_t position, std::string reason, int64_t after);
  // The node whose unknown value input of `node` derives from, or -1.
  int64_t UnknownSource(const NodeProtoData& node) const;
  // Notes that output `name`, whose shape is unknown, derives from the node
  // at `source` (-1: from none).
  void TraceUnknown(const std::string& name, int64_t source);
  // The first uncounted node's error, when no node could be counted.
  Status NothingCounted() const;

  // control_flow.cc: If, Loop and Scan, `name` the node's own. Each analyses
  // its subgraphs (their nodes join the report in a scope under the node's
  // name) and sets `eval`'s outputs; unknown conditions or counts add a
  // lower-bound reason.
  Status ControlFlow(const Scope& scope, const NodeProtoData& node, const std::string& name,
                     const std::vector<const TensorInfo*>& inputs, NodeEval* eval);
  Status If(const Scope& scope, const NodeProtoData& node, const std::string& name,
            const std::vector<const TensorInfo*>& inputs, NodeEval* eval);
  Status Loop(const Scope& scope, const NodeProtoData& node, const std::string& name,
              const std::vector<const TensorInfo*>& inputs, NodeEval* eval);
  Status Scan(const Scope& scope, const NodeProtoData& node, const std::string& name,
              const std::vector<const TensorInfo*>& inputs, NodeEval* eval);
  // Adds a reason why the total is a lower bound.
  Status LowerBound(std::string reason);
  // A segment `name` inside scope `parent` (OnnxScope), charged once for
  // all the nodes it encloses.
  Result<uint32_t> AddScope(uint32_t parent, std::string_view name);
  // "<scope's path>/<name>": a node's full name, built only for a message.
  std::string PathOf(uint32_t scope, std::string_view name) const;
  // Binds `inputs` to the body's inputs, evaluates its nodes (in `scope`)
  // `runs` times per model run and returns its outputs.
  Result<std::vector<TensorInfo>> Body(const GraphData& body, std::vector<TensorInfo> inputs,
                                       uint32_t scope, double runs);

  const ModelData& model_;
  const GraphData& graph_;
  const OnnxOptions& options_;
  MemoryBudget* budget_;
  OnnxAnalysis out_;
  ParamUse use_;
  double declared_params_ = 0;  // rules' declared weights (MatMulNBits)
  std::map<std::string, int64_t> opsets_;
  std::unordered_map<std::string, size_t> initializers_;
  TensorMap tensors_;
  GraphOrder main_;  // the main graph's order and output slots
  // The main graph's node outputs, by slot: null before their node is
  // evaluated and after their last reader (a pointer a slot rather than a
  // 128-byte TensorInfo: a 100,000-node graph holds a few values at a time).
  std::vector<std::unique_ptr<TensorInfo>> values_;
  std::vector<uint32_t> readers_;  // per slot: readers not yet evaluated; empty: keep all
  std::unordered_map<std::string, const ValueInfo*> value_info_;
  EvalMemo memo_;
  // Outputs of unknown shape that derive from an operator without a rule
  // or an uncounted node, with that node's position in out_.nodes: only
  // such values are entered, so a graph whose shapes are all known never
  // looks a name up here.
  std::unordered_map<std::string_view, int64_t> unknown_source_;
  std::unordered_set<int64_t> listed_;  // those of unknown_source_ in out_.uncounted
  Status first_uncounted_;              // the first uncounted node's error, in context
  int64_t counted_ = 0;                 // nodes counted by a FLOP rule
  // The graph inputs' symbolic dimensions not set with --dim.
  std::vector<std::string> unset_input_dims_;
  // The main graph's initializers and inputs, by their position in the
  // order's `defined` list (GraphOrder::input_defined).
  std::vector<TensorInfo*> defined_;
  // Keyed by (domain, op_type) as views of the model's strings.
  struct OpKeyHash {
    size_t operator()(const std::pair<std::string_view, std::string_view>& key) const {
      return std::hash<std::string_view>()(key.second) * 31 +
             std::hash<std::string_view>()(key.first);
    }
  };
  std::unordered_map<std::pair<std::string_view, std::string_view>, OpInfo, OpKeyHash> op_info_;
};

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_ANALYZER_H_
