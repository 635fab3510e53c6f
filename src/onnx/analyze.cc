// The analysis of a parsed model: initializers checked and classified,
// symbolic dimensions resolved, nodes put in topological order and each
// evaluated by its rule (shapes, FLOP), then summed per operator type.
#include <algorithm>
#include <charconv>
#include <map>
#include <span>
#include <unordered_map>
#include <unordered_set>

#include "analyzer.h"
#include "core/text.h"
#include "sequence.h"
#include "trainflops/input_limits.h"
#include "trainflops/onnx.h"
#include "values.h"

namespace trainflops {
namespace onnx {
namespace {

// Operator sets whose operators the rules follow: ONNX opset 7 (2018) to 24.
constexpr int64_t kMinOpset = 7;
constexpr int64_t kNewestOpset = 24;
// Node names in errors: exported models' run to 100 characters or so.
constexpr size_t kMaxQuotedNodeName = 200;

}  // namespace

OnnxTensor Describe(const std::string& name, const TensorInfo* t) {
  OnnxTensor out;
  out.name = name;
  if (const Sequence* s = SequenceOf(t)) {  // "sequence[seq] of 1x2x8"
    out.shape = "sequence[" + DimsToString({s->length}) + "] of " + TensorShapeString(s->element);
    return out;
  }
  if (t == nullptr || !t->rank_known) {
    out.shape = "unknown";
    return out;
  }
  out.rank_known = true;
  out.dims.reserve(t->shape.size());
  for (const Dim& d : t->shape) out.dims.push_back(d.known() ? d.value : -1);
  out.shape = DimsToString(t->shape);
  return out;
}

uint64_t TensorBytes(const TensorInfo& t) {
  uint64_t bytes = sizeof(TensorInfo) +
                   (t.shape.capacity() + t.int_values.capacity()) * sizeof(Dim) +
                   t.float_values.capacity() * sizeof(double);
  for (const Dim& d : t.shape) bytes += HeapBytes(d.symbol);
  for (const Dim& d : t.int_values) bytes += HeapBytes(d.symbol);
  if (t.sequence != nullptr) bytes += sizeof(Sequence) + SequenceBytes(*t.sequence);
  return bytes;
}

namespace {

// The node's name, or "<op_type>_<index>" for a node without one, allocated
// once at its size: a concatenation would give it up to twice the room.
std::string NodeName(const NodeProtoData& node, size_t index) {
  char digits[24];
  const std::string_view number(
      digits,
      static_cast<size_t>(std::to_chars(digits, digits + sizeof digits, index).ptr - digits));
  const bool named = !node.name.empty();
  std::string out;
  out.reserve(named ? node.name.size() : node.op_type.size() + 1 + number.size());
  if (named) {
    out += node.name;
  } else {
    out += node.op_type;
    out += '_';
    out += number;
  }
  return out;
}

bool IsControlFlow(const NodeProtoData& node) {
  return (node.domain.empty() || node.domain == "ai.onnx") &&
         (node.op_type == "If" || node.op_type == "Loop" || node.op_type == "Scan");
}

}  // namespace

Result<OnnxAnalysis> Analyzer::Run() {
  TF_RETURN_IF_ERROR(CheckModel());
  TF_RETURN_IF_ERROR(CollectDims());
  TF_RETURN_IF_ERROR(ChargeIndexes());
  TF_ASSIGN_OR_RETURN(initializers_, CheckInitializers(graph_, &out_));
  // Node outputs live in values_; this map holds initializers, inputs and
  // the outputs of subgraphs' nodes.
  tensors_.reserve(initializers_.size() + graph_.inputs.size());
  out_.nodes.reserve(graph_.nodes.size());
  for (const auto& [name, index] : initializers_) {
    const TensorMeta& initializer = graph_.initializers[index];
    TensorInfo& t = tensors_[initializer.name];
    t = FromTensorMeta(initializer);
    t.initializer = static_cast<int64_t>(index);
  }
  for (const auto* list : {&graph_.value_info, &graph_.outputs, &graph_.inputs}) {
    for (const ValueInfo& v : *list) value_info_[v.name] = &v;
  }
  for (const ValueInfo& v : graph_.inputs) {
    if (initializers_.count(v.name)) continue;  // IR < 4 lists initializers as inputs too
    tensors_[v.name] = FromValueInfo(v);
    out_.graph_inputs.push_back(Describe(v.name, &tensors_[v.name]));
  }
  // The names defined before any node runs, each with its tensor, so that a
  // node reading one finds it by position rather than by name.
  std::vector<const std::string*> defined;
  defined.reserve(tensors_.size());
  defined_.reserve(tensors_.size());
  // (CheckInitializers refused a name given twice.)
  for (const TensorMeta& initializer : graph_.initializers) {
    defined.push_back(&initializer.name);
    defined_.push_back(&tensors_.find(initializer.name)->second);
  }
  for (const ValueInfo& v : graph_.inputs) {
    if (initializers_.count(v.name)) continue;
    defined.push_back(&v.name);
    defined_.push_back(&tensors_.find(v.name)->second);
  }
  TF_ASSIGN_OR_RETURN(main_, TopologicalOrder(graph_, defined));
  values_.resize(main_.values);
  out_.tensors.reserve(main_.values + initializers_.size() + graph_.inputs.size());
  const std::vector<uint32_t>& order = main_.order;
  use_ = ClassifyInitializers(graph_, order, initializers_);
  const Scope main{&graph_, 0, 1, true};
  CountReaders();
  for (size_t i = 0; i < order.size(); ++i) {
    TF_RETURN_IF_ERROR(Evaluate(main, order[i]));
    ReleaseRead(order[i]);
  }
  TF_RETURN_IF_ERROR(NothingCounted());
  FinishParams(graph_, initializers_, use_, &out_);
  out_.params += declared_params_;
  for (const ValueInfo& v : graph_.outputs)
    out_.graph_outputs.push_back(Describe(v.name, Lookup(v.name)));
  Summarise(&out_);
  return std::move(out_);
}

Status Analyzer::CheckModel() {
  if (!model_.has_graph) {
    return Status::ParseError("not an ONNX model: no graph (ModelProto field 7)");
  }
  out_.ir_version = model_.ir_version;
  out_.producer =
      model_.producer_name + (model_.producer_version.empty() ? "" : " " + model_.producer_version);
  out_.graph_name = graph_.name;
  for (const OpsetId& o : model_.opsets) {
    const std::string domain = o.domain == "ai.onnx" ? "" : o.domain;
    opsets_[domain] = o.version;
    out_.opsets.emplace_back(o.domain, o.version);
  }
  const auto it = opsets_.find("");
  if (it == opsets_.end()) {
    return Status::ParseError(
        "no opset_import for the default ONNX domain (ModelProto field "
        "8); is this an ONNX model?");
  }
  if (it->second < kMinOpset) {
    return Status::InvalidArgument("opset " + std::to_string(it->second) +
                                   " is not supported (accepted: " + std::to_string(kMinOpset) +
                                   " to " + std::to_string(kNewestOpset) +
                                   "); convert it with onnx.version_converter");
  }
  if (it->second > kNewestOpset) {
    out_.notes.push_back("opset " + std::to_string(it->second) + " is newer than " +
                         std::to_string(kNewestOpset) + ", the newest the rules were written for");
  }
  return Status::Ok();
}

// The symbolic dimensions of inputs, outputs and value_info; every --dim
// must name one of them. A file may name hundreds of thousands: each is
// found in a hash set of the names seen (views of the parsed model's).
Status Analyzer::CollectDims() {
  std::vector<std::string> symbols;
  std::unordered_set<std::string_view> seen;
  size_t input_symbols = 0;
  for (const auto* list : {&graph_.inputs, &graph_.outputs, &graph_.value_info}) {
    for (const ValueInfo& v : *list) {
      for (const Dimension& d : v.dims) {
        if (!d.has_value && !d.param.empty() && seen.insert(d.param).second) {
          symbols.push_back(d.param);
        }
      }
    }
    if (list == &graph_.inputs) input_symbols = symbols.size();
  }
  for (const auto& [name, value] : options_.dims) {
    if (!seen.contains(name)) {
      return Status::InvalidArgument(
          "`dims` " + name + ": the model has no dimension named '" + name + "' (" +
          (symbols.empty() ? "it has no symbolic dimensions"
                           : "its symbolic dimensions: " + JoinSomeNames(symbols)) +
          ")" + DidYouMean(name, symbols));
    }
  }
  for (size_t i = 0; i < symbols.size(); ++i) {
    const std::string& s = symbols[i];
    const auto it = options_.dims.find(s);
    out_.dims[s] = it == options_.dims.end() ? -1 : it->second;
    // The inputs' (named first) decide the shapes; an output's or
    // value_info's (MatMuloutput_dim_0) are the exporter's to name.
    if (i < input_symbols && it == options_.dims.end()) unset_input_dims_.push_back(s);
  }
  return Status::Ok();
}

// The main graph's initializers and values are indexed by name (a copy of
// the name in a hash node each) and each initializer and input holds a
// tensor: charged before they are built, as a graph may declare millions.
Status Analyzer::ChargeIndexes() {
  constexpr uint64_t kHashNode = 48;  // next pointer, cached hash, value, allocator rounding
  constexpr uint64_t kIndexed = sizeof(std::string) + kHashNode;
  constexpr uint64_t kTensor = sizeof(TensorInfo) + kHashNode;
  uint64_t bytes = 0;
  for (const TensorMeta& t : graph_.initializers) bytes += kIndexed + HeapBytes(t.name) + kTensor;
  for (const auto* list : {&graph_.value_info, &graph_.outputs, &graph_.inputs}) {
    for (const ValueInfo& v : *list) bytes += kIndexed + HeapBytes(v.name);
  }
  bytes += graph_.inputs.size() * kTensor;
  return budget_->Charge(bytes, "initializers and values");
}

TensorInfo Analyzer::FromValueInfo(const ValueInfo& v) const {
  TensorInfo t;
  t.elem_type = v.elem_type;
  if (!v.has_shape) return t;
  t.rank_known = true;
  for (const Dimension& d : v.dims) {
    if (d.has_value) {
      t.shape.push_back(Dim::Of(d.value));
    } else {
      const auto it = options_.dims.find(d.param);
      t.shape.push_back(it != options_.dims.end() ? Dim::Of(it->second) : Dim::Symbol(d.param));
    }
  }
  return t;
}

// Fills dimensions the rule left unknown from value_info; a disagreement
// on a known dimension is an error (one of them is wrong).
Status Analyzer::Merge(const std::string& name, TensorInfo* t) const {
  if (value_info_.empty()) return Status::Ok();  // most exports declare none: skip the hash
  const auto it = value_info_.find(name);
  if (it == value_info_.end()) return Status::Ok();
  const TensorInfo declared = FromValueInfo(*it->second);
  if (t->elem_type == kUndefined) t->elem_type = declared.elem_type;
  if (!declared.rank_known) return Status::Ok();
  if (!t->rank_known) {
    const bool keep_values = t->has_int_values;
    Dims values = t->int_values;
    *t = declared;
    t->has_int_values = keep_values;
    t->int_values = values;
    return Status::Ok();
  }
  if (t->shape.size() != declared.shape.size()) {
    return Status::InvalidArgument("output '" + name + "' is inferred as " +
                                   DimsToString(t->shape) + " but value_info declares " +
                                   DimsToString(declared.shape));
  }
  for (size_t i = 0; i < t->shape.size(); ++i) {
    Dim& d = t->shape[i];
    const Dim& v = declared.shape[i];
    if (d.known() && v.known() && d.value != v.value) {
      return Status::InvalidArgument("output '" + name + "' is inferred as " +
                                     DimsToString(t->shape) + " but value_info declares " +
                                     DimsToString(declared.shape));
    }
    if (!d.known() && (v.known() || d.symbol.empty())) d = v;
  }
  return Status::Ok();
}

int64_t Analyzer::OpsetOf(const std::string& domain) const {
  const auto it = opsets_.find(domain == "ai.onnx" ? "" : domain);
  return it == opsets_.end() ? 1 : it->second;
}

// A main-graph value is kept until its last reader has been evaluated, so a
// long chain holds a few at a time rather than all of them. Graph outputs
// are read at the end. Subgraphs read outer values by name, at any depth:
// with any subgraph in the graph, every value is kept.
void Analyzer::CountReaders() {
  for (const NodeProtoData& node : graph_.nodes) {
    for (const Attribute& a : node.attributes) {
      if (!a.graphs.empty()) return;
    }
  }
  readers_.assign(main_.values, 0);
  for (const GraphOrder::Index slot : main_.input_slot) {
    if (slot != GraphOrder::kNoSlot) ++readers_[slot];
  }
  for (const ValueInfo& v : graph_.outputs) {
    const uint32_t* slot = main_.producer.Find(v.name);
    if (slot != nullptr && *slot < main_.values) ++readers_[*slot];
  }
}

void Analyzer::ReleaseRead(size_t node) {
  if (readers_.empty()) return;
  const auto release = [&](size_t slot) {
    if (values_[slot] == nullptr) return;
    budget_->Release(TensorBytes(*values_[slot]));
    values_[slot].reset();
  };
  for (size_t k = main_.input_base[node]; k < main_.input_base[node + 1]; ++k) {
    const GraphOrder::Index slot = main_.input_slot[k];
    if (slot != GraphOrder::kNoSlot && --readers_[slot] == 0) release(slot);
  }
  for (size_t slot = main_.value_base[node]; slot < main_.value_base[node + 1]; ++slot) {
    if (readers_[slot] == 0) release(slot);  // read by no node and not a graph output
  }
}

TensorInfo* Analyzer::Lookup(std::string_view name) {
  const auto it = tensors_.find(name);
  if (it != tensors_.end()) return &it->second;
  const uint32_t* slot = main_.producer.Find(name);
  if (slot == nullptr || *slot >= main_.values) return nullptr;
  return values_[*slot].get();  // null: not evaluated yet
}

std::string_view Analyzer::Intern(std::string text) {
  if (text.empty()) return {};
  return *out_.texts->insert(std::move(text)).first;
}

bool Analyzer::IsTrainable(const TensorInfo* t) const {
  return t != nullptr && t->initializer >= 0 && use_.trainable[static_cast<size_t>(t->initializer)];
}

TensorInfo* Analyzer::InputOf(const Scope& scope, size_t node, size_t k) {
  const std::string& name = scope.graph->nodes[node].inputs[k];
  if (!scope.main) return Lookup(name);
  const size_t position = main_.input_base[node] + k;
  const GraphOrder::Index slot = main_.input_slot[position];
  if (slot == GraphOrder::kNoSlot) {
    const GraphOrder::Index d = main_.input_defined[position];
    return d != GraphOrder::kNoSlot ? defined_[d] : Lookup(name);
  }
  return values_[slot].get();  // its producer came first in the order
}

Result<uint32_t> Analyzer::DescribeOnce(const std::string& name, TensorInfo* t) {
  if (t != nullptr && t->described >= 0) return static_cast<uint32_t>(t->described);
  const auto index = static_cast<uint32_t>(out_.tensors.size());
  const OnnxTensor& described = out_.tensors.emplace_back(Describe(name, t));
  TF_RETURN_IF_ERROR(budget_->Charge(sizeof(OnnxTensor) + HeapBytes(described.name) +
                                         HeapBytes(described.shape) +
                                         described.dims.size() * sizeof(int64_t),
                                     "tensor descriptions"));
  if (t != nullptr) t->described = index;
  return index;
}

const Analyzer::OpInfo& Analyzer::InfoOf(const NodeProtoData& node) {
  const auto [it, fresh] = op_info_.try_emplace({node.domain, node.op_type});
  OpInfo& info = it->second;
  if (fresh) {
    info.rule = FindRule(node.domain, node.op_type);
    info.opset = OpsetOf(node.domain);
    info.control = IsControlFlow(node);
    info.product = info.rule != nullptr && info.rule->role == OpRule::kProduct;
    info.weight_view = info.rule != nullptr && info.rule->role == OpRule::kWeightView;
    info.concat = node.op_type == "Concat";
  }
  return info;
}

Status Analyzer::ApplyRule(const OpRule& rule, int64_t opset, const NodeProtoData& node,
                           const std::vector<const TensorInfo*>& inputs, NodeEval* eval,
                           std::string_view* formula, std::string_view* source) {
  const bool memoisable = memo_.Sign(&rule, opset, node, inputs);
  if (const EvalMemo::Entry* hit = memoisable ? memo_.Find() : nullptr) {
    eval->outputs = hit->outputs;
    eval->flop = hit->flop;
    eval->multiply_adds = hit->multiply_adds;
    eval->declared_params = hit->declared_params;
    eval->notes = hit->notes;
    *formula = hit->formula;
    *source = hit->source;
    return Status::Ok();
  }
  const NodeContext ctx(node, opset, inputs);
  TF_RETURN_IF_ERROR(rule.rule(ctx, eval));
  TF_RETURN_IF_ERROR(EvaluateValues(ctx, eval));
  *formula = Intern(std::move(eval->formula));
  *source = Intern(std::move(eval->source));
  if (memoisable) {
    memo_.Store({eval->outputs, eval->flop, eval->multiply_adds, eval->declared_params, *formula,
                 *source, eval->notes});
  }
  return Status::Ok();
}

Status Analyzer::Evaluate(const Scope& scope, size_t index) {
  const NodeProtoData& node = scope.graph->nodes[index];
  OnnxNode result;
  // Its own name only: the enclosing nodes' are held once, in its scope.
  result.name = NodeName(node, index);
  result.scope = scope.scope;
  TF_RETURN_IF_ERROR(budget_->Charge(sizeof(OnnxNode) + HeapBytes(result.name), "node names"));
  result.op_type = node.op_type;
  result.domain = node.domain;
  std::vector<const TensorInfo*> inputs;
  // "Needs gradient" propagates forward from the trainable initializers;
  // graph inputs (data) and constants need none.
  bool input_grad = false, any_weight = false;
  std::vector<bool> operand_grad;
  // Sized once: a graph of 100,000 nodes would otherwise grow these lists
  // a few hundred thousand times.
  inputs.reserve(node.inputs.size());
  operand_grad.reserve(node.inputs.size());
  result.inputs.reserve(node.inputs.size());
  result.outputs.reserve(node.outputs.size());
  for (size_t k = 0; k < node.inputs.size(); ++k) {
    const std::string& name = node.inputs[k];
    TensorInfo* t = name.empty() ? nullptr : InputOf(scope, index, k);
    inputs.push_back(t);
    if (!name.empty()) {
      TF_ASSIGN_OR_RETURN(const uint32_t described, DescribeOnce(name, t));
      result.inputs.push_back(described);
    }
    const bool weight = IsTrainable(t) || (t != nullptr && t->weight);
    const bool grad = weight || (inputs.back() && inputs.back()->requires_grad);
    operand_grad.push_back(grad);
    any_weight = any_weight || weight;
    input_grad = input_grad || (!weight && grad);
  }
  // Built only for an error: most nodes have none. (Its full name
  // abbreviated: a subgraph node's holds its enclosing nodes'.)
  const auto where = [&] {
    return "node '" + Abbreviate(PathOf(scope.scope, result.name), kMaxQuotedNodeName) + "' (" +
           node.op_type + ")";
  };
  if (node.outputs.empty()) return Status::InvalidArgument(where() + " has no outputs");
  const OpInfo& op = InfoOf(node);
  const OpRule* rule = op.rule;
  NodeEval eval;
  std::string_view formula, source;  // held in out_.texts
  const bool control = op.control;
  Status applied;
  if (control) {
    applied = ControlFlow(scope, node, result.name, inputs, &eval);
    result.rule = OnnxRule::kZero;  // its cost is its subgraphs' nodes
  } else if (rule != nullptr) {
    applied = ApplyRule(*rule, op.opset, node, inputs, &eval, &formula, &source);
    result.rule = rule->cost == OpRule::kCounted ? OnnxRule::kCounted
                  : rule->cost == OpRule::kZero  ? OnnxRule::kZero
                                                 : OnnxRule::kNone;
  }
  // Where the unknown value this node's outputs derive from started (-1:
  // nowhere known); kSourceUnsought until looked for.
  constexpr int64_t kSourceUnsought = -2;
  int64_t unknown_source = kSourceUnsought;
  const bool uncounted = !applied.ok();
  if (uncounted) {
    TF_ASSIGN_OR_RETURN(unknown_source, Uncounted(node, applied.WithContext(where())));
    eval = NodeEval{};
  } else if (control) {
    formula = Intern(std::move(eval.formula));
    source = Intern(std::move(eval.source));
  } else if (rule != nullptr && rule->cost == OpRule::kCounted) {
    ++counted_;
  }
  // Subgraph nodes are reported before their If, Loop or Scan.
  const auto position = static_cast<uint32_t>(out_.nodes.size());
  if (uncounted) {
    TF_RETURN_IF_ERROR(ListUncounted(position, applied.message(), unknown_source));
  }
  if (!control) {
    for (const Attribute& a : node.attributes) result.subgraph_nodes += a.subgraph_nodes;
  }
  eval.outputs.resize(node.outputs.size());
  const double uses = scope.main ? use_.trainable_uses[index] : ParamUse::kNone;
  result.weight_gradient = uses != ParamUse::kNone || any_weight;
  result.input_gradient = input_grad;
  if (op.product) {
    // A product's backward pass costs one forward per operand that needs
    // a gradient: Q·K^T and softmax·V, whose operands both derive from
    // weights, cost 2x forward; x·W on data, 1x.
    result.input_gradient = !operand_grad.empty() && operand_grad[0];
    result.weight_gradient = operand_grad.size() > 1 && operand_grad[1];
  }
  // Data inputs: all of Concat's, input 0 of the others.
  const size_t data_inputs = op.concat ? operand_grad.size() : 1;
  bool view_of_weight = op.weight_view && !operand_grad.empty();
  for (size_t i = 0; view_of_weight && i < data_inputs && i < node.inputs.size(); ++i) {
    view_of_weight = IsTrainable(inputs[i]) || (inputs[i] && inputs[i]->weight);
  }
  const bool grad_out = (control || rule == nullptr || rule->differentiable) &&
                        (result.weight_gradient || input_grad);
  for (size_t i = 0; i < node.outputs.size(); ++i) {
    if (node.outputs[i].empty()) continue;
    TensorInfo& t = eval.outputs[i];
    const Status merged = Merge(node.outputs[i], &t);
    if (!merged.ok()) return merged.WithContext(where());
    // A control-flow node's outputs also need a gradient when its subgraph
    // made them from outer values that do (read by name, not as inputs).
    t.requires_grad = (grad_out || (control && t.requires_grad)) && t.elem_type != kInt64 &&
                      t.elem_type != kInt32 && t.elem_type != kBool;
    // A weight seen through a view or a cast is still the weight (tied or
    // deduplicated weights, an LSTM's W unsqueezed by the exporter).
    t.weight = view_of_weight;
    t.described = -1;  // a rule may have copied an input's
    t.initializer = -1;
    // A shape computed from a loop's iteration number changes from one
    // iteration to the next: not known.
    if (!scope.main) ForgetIterationDims(&t);
    TensorInfo* stored = nullptr;
    if (scope.main) {
      auto& value = values_[main_.value_base[index] + i];
      value = std::make_unique<TensorInfo>(std::move(t));
      stored = value.get();
    } else {
      stored = &(tensors_[node.outputs[i]] = std::move(t));
    }
    TF_RETURN_IF_ERROR(budget_->Charge(TensorBytes(*stored), "tensor shapes and values"));
    if (!stored->rank_known) {
      // Unknown: from this node when it could not say, else from its inputs.
      if (uncounted) {
        TraceUnknown(node.outputs[i], unknown_source >= 0 ? unknown_source : position);
      } else if (rule == nullptr && !control) {
        TraceUnknown(node.outputs[i], position);
      } else {
        if (unknown_source == kSourceUnsought) unknown_source = UnknownSource(node);
        TraceUnknown(node.outputs[i], unknown_source);
      }
    }
    TF_ASSIGN_OR_RETURN(const uint32_t described, DescribeOnce(node.outputs[i], stored));
    result.outputs.push_back(described);
  }
  result.forward_flop = eval.flop * scope.runs;
  result.multiply_adds = eval.multiply_adds * scope.runs;
  result.formula =
      scope.runs != 1 && !formula.empty()
          ? Intern("(" + std::string(formula) + ") x " + Num(scope.runs) + " runs of the body")
          : formula;
  result.source = source;
  result.notes = std::move(eval.notes);
  if (uses != ParamUse::kNone) result.params = uses;
  if (eval.declared_params >= 0) {
    result.params += eval.declared_params;
    declared_params_ += eval.declared_params;
    result.weight_gradient = true;
  }
  out_.nodes.push_back(std::move(result));
  return Status::Ok();
}

Result<OnnxAnalysis> AnalyzeWithin(const ByteSource& source, const OnnxOptions& options,
                                   MemoryBudget* budget) {
  TF_ASSIGN_OR_RETURN(const ModelData model, ParseModel(source, budget));
  return Analyzer(model, options, budget).Run();
}

}  // namespace onnx

Result<OnnxAnalysis> AnalyzeOnnx(const ByteSource& source, const OnnxOptions& options) {
  onnx::MemoryBudget budget(source.size());
  return onnx::AnalyzeWithin(source, options, &budget);
}

}  // namespace trainflops
