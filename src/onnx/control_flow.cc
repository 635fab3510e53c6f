// Control flow (ONNX If, Loop, Scan; onnx/docs/Operators.md): subgraphs
// are analysed like the main graph, their nodes counted once per run.
//  - If with a known condition: the branch taken. Unknown: both are
//    analysed and the cheaper one kept, a lower bound.
//  - Loop with a known trip count M: the body x M. Unknown M (or none, a
//    while loop): the body once, a lower bound.
//  - Scan: the body x the sequence length; unknown: once, a lower bound.
// Counts multiply through nesting; a product above kMaxRuns is refused
// (a Loop of 1e18 trips inside another is not a model that can be trained).
#include <algorithm>

#include "analyzer.h"
#include "sequence.h"
#include "values.h"

namespace trainflops::onnx {
namespace {

constexpr double kMaxRuns = 1e30;

int64_t IntAttr(const NodeProtoData& node, const std::string& name, int64_t fallback) {
  const Attribute* a = node.Find(name);
  return a != nullptr && a->has_i ? a->i : fallback;
}

std::vector<int64_t> IntsAttr(const NodeProtoData& node, const std::string& name) {
  const Attribute* a = node.Find(name);
  return a != nullptr ? a->ints : std::vector<int64_t>();
}

const GraphData* Subgraph(const NodeProtoData& node, const std::string& name) {
  const Attribute* a = node.Find(name);
  return a == nullptr || a->graphs.empty() ? nullptr : a->graphs.front().get();
}

// A value known to be a single number.
std::optional<double> KnownScalar(const TensorInfo* t) {
  if (t == nullptr) return std::nullopt;
  if (t->has_int_values && t->int_values.size() == 1 && t->int_values[0].literal()) {
    return static_cast<double>(t->int_values[0].value);
  }
  if (t->has_float_values && t->float_values.size() == 1) return t->float_values[0];
  return std::nullopt;
}

// Loop-carried values change from one iteration to the next: shapes are
// those of the first iteration, values are dropped.
TensorInfo Carried(const TensorInfo* t) { return t == nullptr ? TensorInfo() : WithoutValues(*t); }

// A trip count known only as a symbol ("seq" when --dim seq was not given).
std::optional<Dim> SymbolicScalar(const TensorInfo* t) {
  if (t == nullptr || !t->has_int_values || t->int_values.size() != 1) return std::nullopt;
  const Dim& d = t->int_values[0];
  if (d.literal() || d.symbol.empty() || DependsOnIteration(d)) return std::nullopt;
  return d;
}

// A loop-carried sequence after `trips` iterations: each adds what one
// adds to it (a list appended to once per iteration: initial + trips).
// Its elements are the first iteration's.
TensorInfo CarriedSequence(const Sequence& before, const Sequence& after, const Dim& trips) {
  const Dim step = SymbolicOp("-", after.length, before.length);
  Sequence out;
  out.length = step.literal() ? SymbolicOp("+", before.length, SymbolicOp("*", trips, step))
                              : Dim::Symbol("");
  // A body that erases more than the list holds fails at run time: unknown.
  if (out.length.literal() && out.length.value < 0) out.length = Dim::Symbol("");
  const bool was_empty = before.length.literal() && before.length.value == 0;
  out.element =
      WithoutValues(was_empty ? after.element : CommonElement(before.element, after.element));
  return SequenceValue(std::move(out));
}

TensorInfo ScalarOfType(int32_t type) { return TensorInfo::Shaped({}, type); }

// `t` with `axis` removed (one slice of a scanned tensor) or inserted (the
// stacked outputs), values dropped.
TensorInfo WithoutAxis(const TensorInfo& t, size_t axis) {
  TensorInfo out = Carried(&t);
  if (out.rank_known && axis < out.shape.size()) out.shape.erase(out.shape.begin() + axis);
  return out;
}
TensorInfo WithAxis(const TensorInfo& t, size_t axis, const Dim& d) {
  TensorInfo out = Carried(&t);
  if (out.rank_known && axis <= out.shape.size()) out.shape.insert(out.shape.begin() + axis, d);
  return out;
}

double FlopOf(const std::vector<OnnxNode>& nodes, size_t from, size_t to) {
  double total = 0;
  for (size_t i = from; i < to; ++i) total += nodes[i].forward_flop;
  return total;
}

// A Loop node's formula: one trip's FLOP and the trip count, a number or a
// symbol (the body is then counted once, until --dim sets the symbol).
void DescribeTrips(std::optional<double> trips, const std::optional<Dim>& symbolic, double per_trip,
                   NodeEval* eval) {
  const std::string body = "the body (" + Num(per_trip) + " FLOP per trip) x M = ";
  if (trips) {
    eval->formula = body + Num(*trips) + " trips";
  } else if (symbolic) {
    eval->formula =
        body + symbolic->symbol + " trips, counted once: " + DimAdvice(symbolic->symbol);
  } else {
    return;
  }
  eval->source = "ONNX Loop: the body runs M times (M, the trip count)";
}

}  // namespace

// The reason is kept twice (here and, by Summarise, among the notes) and
// holds the node's full name, its enclosing nodes' included, which may be
// long.
Status Analyzer::LowerBound(std::string reason) {
  TF_RETURN_IF_ERROR(budget_->Charge(2 * HeapBytes(reason), "node names"));
  out_.lower_bound_reasons.push_back(std::move(reason));
  return Status::Ok();
}

Status Analyzer::ControlFlow(const Scope& scope, const NodeProtoData& node, const std::string& name,
                             const std::vector<const TensorInfo*>& inputs, NodeEval* eval) {
  if (node.op_type == "If") return If(scope, node, name, inputs, eval);
  if (node.op_type == "Loop") return Loop(scope, node, name, inputs, eval);
  return Scan(scope, node, name, inputs, eval);
}

Result<uint32_t> Analyzer::AddScope(uint32_t parent, std::string_view name) {
  TF_RETURN_IF_ERROR(budget_->Charge(sizeof(OnnxScope) + HeapBytes(name.size()), "node names"));
  out_.scopes.push_back({parent, std::string(name)});
  return static_cast<uint32_t>(out_.scopes.size() - 1);
}

std::string Analyzer::PathOf(uint32_t scope, std::string_view name) const {
  std::string out;
  const auto append = [&](std::string_view piece) { out += piece; };
  onnx_internal::WriteScopePath(out_.scopes, scope, append);
  out += name;
  return out;
}

Result<std::vector<TensorInfo>> Analyzer::Body(const GraphData& body,
                                               std::vector<TensorInfo> inputs, uint32_t scope,
                                               double runs) {
  if (!(runs <= kMaxRuns)) {
    return Status::InvalidArgument("the subgraph would run " + Num(runs) +
                                   " times per run of the model (trip counts multiplied through "
                                   "nesting); at most 1e30 are accepted");
  }
  for (size_t i = 0; i < body.inputs.size(); ++i) {
    const std::string& n = body.inputs[i].name;
    if (Lookup(n) != nullptr) {
      return Status::InvalidArgument(
          "subgraph input '" + n + "' redeclares a name of an outer scope (ONNX names are unique)");
    }
    TensorInfo& bound = tensors_[n];
    bound = i < inputs.size() ? std::move(inputs[i]) : FromValueInfo(body.inputs[i]);
    TF_RETURN_IF_ERROR(budget_->Charge(TensorBytes(bound), "tensor shapes and values"));
    bound.described = -1;  // the outer tensor's description has another name
    bound.initializer = -1;
  }
  for (const TensorMeta& t : body.initializers) {
    if (Lookup(t.name) != nullptr) {
      return Status::InvalidArgument("subgraph initializer '" + t.name +
                                     "' redeclares a name of an outer scope");
    }
    TensorInfo& stored = tensors_[t.name] = FromTensorMeta(t);
    TF_RETURN_IF_ERROR(budget_->Charge(TensorBytes(stored), "tensor shapes and values"));
  }
  if (!body.initializers.empty()) {
    out_.notes.push_back("initializers inside subgraphs (" + PathOf(scope, "") +
                         ") are treated as constants, not parameters");
  }
  // The body's inputs and initializers, and every name of the enclosing
  // scopes, are defined already; its nodes find them by name (Lookup).
  TF_ASSIGN_OR_RETURN(
      const GraphOrder order,
      TopologicalOrder(body, {}, [&](std::string_view name) { return Lookup(name) != nullptr; }));
  const Scope within{&body, scope, runs, false};
  for (size_t i : order.order) TF_RETURN_IF_ERROR(Evaluate(within, i));
  std::vector<TensorInfo> outputs;
  for (const ValueInfo& v : body.outputs) {
    const TensorInfo* t = Lookup(v.name);
    outputs.push_back(t != nullptr ? *t : FromValueInfo(v));
  }
  return outputs;
}

Status Analyzer::If(const Scope& scope, const NodeProtoData& node, const std::string& name,
                    const std::vector<const TensorInfo*>& inputs, NodeEval* eval) {
  const GraphData* then_branch = Subgraph(node, "then_branch");
  const GraphData* else_branch = Subgraph(node, "else_branch");
  if (then_branch == nullptr || else_branch == nullptr) {
    return Status::InvalidArgument("an If needs then_branch and else_branch graphs");
  }
  const auto cond = KnownScalar(inputs.empty() ? nullptr : inputs[0]);
  TF_ASSIGN_OR_RETURN(const uint32_t inner, AddScope(scope.scope, name));
  if (cond) {
    const GraphData* taken = *cond != 0 ? then_branch : else_branch;
    TF_ASSIGN_OR_RETURN(eval->outputs, Body(*taken, {}, inner, scope.runs));
    eval->notes.push_back(std::string("the condition is known: the ") +
                          (*cond != 0 ? "then" : "else") + " branch is analysed");
    return Status::Ok();
  }
  TF_ASSIGN_OR_RETURN(const uint32_t then_scope, AddScope(inner, "then"));
  TF_ASSIGN_OR_RETURN(const uint32_t else_scope, AddScope(inner, "else"));
  const size_t start = out_.nodes.size();
  TF_ASSIGN_OR_RETURN(const std::vector<TensorInfo> then_out,
                      Body(*then_branch, {}, then_scope, scope.runs));
  const size_t middle = out_.nodes.size();
  TF_ASSIGN_OR_RETURN(const std::vector<TensorInfo> else_out,
                      Body(*else_branch, {}, else_scope, scope.runs));
  const double then_flop = FlopOf(out_.nodes, start, middle);
  const double else_flop = FlopOf(out_.nodes, middle, out_.nodes.size());
  const bool keep_then = then_flop <= else_flop;
  if (keep_then) {
    out_.nodes.erase(out_.nodes.begin() + static_cast<std::ptrdiff_t>(middle), out_.nodes.end());
  } else {
    out_.nodes.erase(out_.nodes.begin() + static_cast<std::ptrdiff_t>(start),
                     out_.nodes.begin() + static_cast<std::ptrdiff_t>(middle));
  }
  eval->outputs = keep_then ? then_out : else_out;
  TF_RETURN_IF_ERROR(LowerBound("If '" + PathOf(scope.scope, name) +
                                "': the condition is not known; the cheaper branch (" +
                                (keep_then ? "then" : "else") + ") is counted"));
  return Status::Ok();
}

// Loop(M?, cond?, v_initial...): body(iteration_num, cond_in, v...) ->
// (cond_out, v..., scan outputs...). Outputs: final v..., then the scan
// outputs stacked over the iterations.
Status Analyzer::Loop(const Scope& scope, const NodeProtoData& node, const std::string& name,
                      const std::vector<const TensorInfo*>& inputs, NodeEval* eval) {
  const GraphData* body = Subgraph(node, "body");
  if (body == nullptr) return Status::InvalidArgument("a Loop needs a body graph");
  const auto trips = KnownScalar(inputs.empty() ? nullptr : inputs[0]);
  const auto symbolic = SymbolicScalar(inputs.empty() ? nullptr : inputs[0]);
  const auto cond = KnownScalar(inputs.size() > 1 ? inputs[1] : nullptr);
  const bool has_cond = inputs.size() > 1 && node.inputs[1] != "";
  const bool has_trips = !node.inputs.empty() && !node.inputs[0].empty();
  const size_t carried = inputs.size() > 2 ? inputs.size() - 2 : 0;
  if (body->inputs.size() != carried + 2 || body->outputs.size() < carried + 1) {
    return Status::InvalidArgument(
        "the body has " + std::to_string(body->inputs.size()) + " inputs and " +
        std::to_string(body->outputs.size()) + " outputs for " + std::to_string(carried) +
        " loop-carried values (expected " + std::to_string(carried + 2) + " inputs and at least " +
        std::to_string(carried + 1) + " outputs)");
  }
  if (trips && *trips < 0) return Status::InvalidArgument("the trip count is negative");
  double runs = 1;
  if (has_cond && cond && *cond == 0) {
    runs = 0;  // the condition is false before the first iteration
  } else if (trips) {
    runs = *trips;
    if (has_cond) {
      eval->notes.push_back("counted at the trip count M = " + Num(runs) +
                            "; the loop's condition may end it earlier (then an upper bound)");
    }
  } else {
    TF_RETURN_IF_ERROR(
        LowerBound("Loop '" + PathOf(scope.scope, name) + "': the trip count is not known (" +
                   (symbolic ? "M, '" + node.inputs[0] + "', is " + symbolic->symbol + "; " +
                                   DimAdvice(symbolic->symbol)
                    : has_trips ? "M, '" + node.inputs[0] + "', is computed at run time"
                    : has_cond  ? "no M: the condition decides"
                                : "no M and no condition") +
                   "); the body is counted once"));
  }
  TF_ASSIGN_OR_RETURN(const uint32_t inner, AddScope(scope.scope, name));
  // The iteration number is known per iteration only: a symbol of this
  // body's, whose differences are known (x[t:t + 1] is one row).
  std::vector<TensorInfo> bound = {ScalarOfType(kInt64), ScalarOfType(kBool)};
  bound[0].has_int_values = true;
  bound[0].int_values = {IterationNumber(inner)};
  for (size_t i = 0; i < carried; ++i) bound.push_back(Carried(inputs[2 + i]));
  const size_t start = out_.nodes.size();
  TF_ASSIGN_OR_RETURN(const std::vector<TensorInfo> out,
                      Body(*body, std::move(bound), inner, scope.runs * runs));
  if (runs > 0) {
    const double per_trip = FlopOf(out_.nodes, start, out_.nodes.size()) / (scope.runs * runs);
    DescribeTrips(trips, symbolic, per_trip, eval);
  }
  // Scan outputs are stacked on a new leading axis of the trip count's
  // size: a number, or its symbol until --dim sets it.
  const Dim iterations = trips && runs <= kMaxDimValue ? Dim::Of(static_cast<int64_t>(runs))
                         : symbolic                    ? *symbolic
                                                       : Dim::Symbol("");
  for (size_t i = 1; i < out.size(); ++i) {
    const Sequence* before = i <= carried ? SequenceOf(inputs[1 + i]) : nullptr;
    const Sequence* after = SequenceOf(&out[i]);
    if (before != nullptr && after != nullptr) {
      eval->outputs.push_back(CarriedSequence(*before, *after, iterations));
      eval->outputs.back().requires_grad = out[i].requires_grad;
    } else {
      eval->outputs.push_back(i <= carried ? Carried(&out[i]) : WithAxis(out[i], 0, iterations));
    }
  }
  return Status::Ok();
}

// Scan (opset 9+): inputs state..., scan inputs (num_scan_inputs of them);
// body(state..., one slice of each scan input) -> (state..., scan output
// elements). Outputs: final state..., scan outputs stacked on their axis.
Status Analyzer::Scan(const Scope& scope, const NodeProtoData& node, const std::string& name,
                      const std::vector<const TensorInfo*>& inputs, NodeEval* eval) {
  if (OpsetOf(node.domain) < 9) {
    return Status::InvalidArgument(
        "Scan before opset 9 (with a batch axis) is not supported; convert the model with "
        "onnx.version_converter");
  }
  const GraphData* body = Subgraph(node, "body");
  if (body == nullptr) return Status::InvalidArgument("a Scan needs a body graph");
  const int64_t scans =
      std::min<int64_t>(static_cast<int64_t>(inputs.size()), IntAttr(node, "num_scan_inputs", 0));
  if (scans <= 0) return Status::InvalidArgument("num_scan_inputs must be at least 1");
  const size_t state = inputs.size() - static_cast<size_t>(scans);
  const std::vector<int64_t> in_axes = IntsAttr(node, "scan_input_axes");
  std::vector<TensorInfo> bound;
  for (size_t i = 0; i < state; ++i) bound.push_back(Carried(inputs[i]));
  Dim length = Dim::Symbol("");
  for (size_t j = 0; j < static_cast<size_t>(scans); ++j) {
    const TensorInfo* t = inputs[state + j];
    if (t == nullptr || !t->rank_known)
      return Status::Indeterminate("a scan input's shape is unknown");
    TF_ASSIGN_OR_RETURN(const int64_t axis,
                        Axis(j < in_axes.size() ? in_axes[j] : 0,
                             static_cast<int64_t>(t->shape.size()), "scan_input_axes entry"));
    if (j == 0) length = t->shape[static_cast<size_t>(axis)];
    bound.push_back(WithoutAxis(*t, static_cast<size_t>(axis)));
  }
  double runs = 1;
  if (length.known()) {
    runs = static_cast<double>(length.value);
  } else {
    TF_RETURN_IF_ERROR(
        LowerBound("Scan '" + PathOf(scope.scope, name) + "': the sequence length is not known" +
                   (length.symbol.empty() ? "" : " (" + DimAdvice(length.symbol) + ")") +
                   "; the body is counted once"));
  }
  TF_ASSIGN_OR_RETURN(const uint32_t inner, AddScope(scope.scope, name));
  TF_ASSIGN_OR_RETURN(const std::vector<TensorInfo> out,
                      Body(*body, std::move(bound), inner, scope.runs * runs));
  const std::vector<int64_t> out_axes = IntsAttr(node, "scan_output_axes");
  for (size_t i = 0; i < out.size(); ++i) {
    if (i < state) {
      eval->outputs.push_back(Carried(&out[i]));
      continue;
    }
    const size_t k = i - state;
    const auto rank = static_cast<int64_t>(out[i].shape.size()) + 1;
    TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(k < out_axes.size() ? out_axes[k] : 0, rank,
                                                 "scan_output_axes entry"));
    eval->outputs.push_back(WithAxis(out[i], static_cast<size_t>(axis), length));
  }
  return Status::Ok();
}

}  // namespace trainflops::onnx
