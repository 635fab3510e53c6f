// Operators that only move data or compute shapes: zero FLOP by definition.
// Their shape rules follow the ONNX operator specification (onnx/docs/
// Operators.md); small integer tensors (shape vectors, axes) have their
// values carried along so that Reshape/Expand/Slice targets computed with
// Shape -> Gather -> Concat chains resolve, symbols included.
#include <algorithm>
#include <set>

#include "graph.h"
#include "values.h"

namespace trainflops::onnx {
namespace {

TensorInfo IntVector(Dims values) {
  TensorInfo t = TensorInfo::Shaped({Dim::Of(static_cast<int64_t>(values.size()))}, kInt64);
  t.has_int_values = true;
  t.int_values = std::move(values);
  return t;
}

// Same shape, type and values as input 0 (Identity, Cast, ...).
Status PassThrough(const NodeContext& ctx, NodeEval* eval) {
  const TensorInfo* in = ctx.input(0);
  if (in == nullptr) return Status::InvalidArgument("input 0 is required but missing");
  eval->outputs.assign(ctx.num_outputs(), TensorInfo());
  if (!eval->outputs.empty()) eval->outputs[0] = *in;
  return Status::Ok();
}

Status Cast(const NodeContext& ctx, NodeEval* eval) {
  TF_RETURN_IF_ERROR(PassThrough(ctx, eval));
  if (!eval->outputs.empty()) {
    // CastLike takes its type from input 1.
    const int32_t to =
        ctx.op_type() == "CastLike" ? ctx.type(1) : static_cast<int32_t>(ctx.Int("to", kUndefined));
    TensorInfo& out = eval->outputs[0];
    out.elem_type = to;
    if (to != kInt64 && to != kInt32) out.has_int_values = false;
    if (to != kFloat && to != kDouble && to != kFloat16) out.has_float_values = false;
  }
  return Status::Ok();
}

Status ShapeOp(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  const auto rank = static_cast<int64_t>(in->shape.size());
  int64_t start = ctx.Int("start", 0), end = ctx.Int("end", rank);
  start = std::clamp(start < 0 ? start + rank : start, int64_t{0}, rank);
  end = std::clamp(end < 0 ? end + rank : end, int64_t{0}, rank);
  Dims values(in->shape.begin() + start, in->shape.begin() + std::max(start, end));
  eval->outputs = {IntVector(std::move(values))};
  return Status::Ok();
}

Status Size(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  TensorInfo out = TensorInfo::Shaped({}, kInt64);
  if (const auto n = KnownElements(*in); n && *n <= kMaxDimValue) {
    out.has_int_values = true;
    out.int_values = {Dim::Of(static_cast<int64_t>(*n))};
  }
  eval->outputs = {out};
  return Status::Ok();
}

// Divides the product of `num` by the product of `den`, cancelling equal
// symbols: [batch, 12, 64] / [batch] = 768; [batch, 768] / [768] = batch.
Dim Quotient(const Dims& num, const Dims& den) {
  std::multiset<std::string> symbols;
  double value = 1;
  for (const Dim& d : num) {
    if (d.known())
      value *= static_cast<double>(d.value);
    else
      symbols.insert(d.symbol.empty() ? "?" : d.symbol);
  }
  for (const Dim& d : den) {
    if (d.known()) {
      value /= d.value == 0 ? 1 : static_cast<double>(d.value);
      continue;
    }
    const auto it = symbols.find(d.symbol);
    if (d.symbol.empty() || it == symbols.end()) return Dim::Symbol("");
    symbols.erase(it);
  }
  if (symbols.empty()) {
    return value >= 0 && value <= kMaxDimValue ? Dim::Of(static_cast<int64_t>(value))
                                               : Dim::Symbol("");
  }
  if (symbols.size() == 1 && value == 1 && *symbols.begin() != "?")
    return Dim::Symbol(*symbols.begin());
  return Dim::Symbol("");
}

Status Reshape(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  const TensorInfo* target = ctx.input(1);
  if (target == nullptr || !target->has_int_values) {
    return ctx.Unknown(1,
                       "the target shape is not known (it must be a constant, an "
                       "initializer of at most 1024 values, or computed from shapes)");
  }
  const bool allow_zero = ctx.Int("allowzero", 0) != 0;
  Dims out = target->int_values;
  int infer = -1;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i].known() && out[i].value == 0 && !allow_zero) {
      if (i >= in->shape.size()) return ctx.InputError(1, "0 copies a dimension the input lacks");
      out[i] = in->shape[i];
    } else if (out[i].literal() && out[i].value == -1) {
      out[i] = Dim::Symbol("");
      infer = static_cast<int>(i);
    }
  }
  if (infer >= 0) {
    Dims others = out;
    others.erase(others.begin() + infer);
    out[static_cast<size_t>(infer)] = Quotient(in->shape, others);
  }
  eval->outputs = {TensorInfo::Shaped(out, in->elem_type)};
  if (in->has_int_values) {
    eval->outputs[0].has_int_values = true;
    eval->outputs[0].int_values = in->int_values;
  }
  return Status::Ok();
}

// Flatten(axis): [d0 x ... x d(axis-1), d(axis) x ... x d(n-1)].
Status Flatten(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  const auto rank = static_cast<int64_t>(in->shape.size());
  TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(ctx.Int("axis", 1), rank + 1, "axis"));
  const Dims head(in->shape.begin(), in->shape.begin() + axis);
  const Dims tail(in->shape.begin() + axis, in->shape.end());
  eval->outputs = {TensorInfo::Shaped({Quotient(head, {}), Quotient(tail, {})}, in->elem_type)};
  return Status::Ok();
}

Status Transpose(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  const size_t rank = in->shape.size();
  std::vector<int64_t> perm = ctx.Ints("perm").value_or(std::vector<int64_t>());
  if (perm.empty()) {
    for (size_t i = 0; i < rank; ++i) perm.push_back(static_cast<int64_t>(rank - 1 - i));
  }
  if (perm.size() != rank) {
    return Status::InvalidArgument("perm has " + std::to_string(perm.size()) +
                                   " entries for an input of rank " + std::to_string(rank));
  }
  Dims out;
  for (int64_t p : perm) {
    TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(p, static_cast<int64_t>(rank), "perm entry"));
    out.push_back(in->shape[static_cast<size_t>(axis)]);
  }
  eval->outputs = {TensorInfo::Shaped(out, in->elem_type)};
  return Status::Ok();
}

Dim AddDims(const Dim& a, const Dim& b) {
  return a.known() && b.known() ? AddDim(a.value, b.value) : Dim::Symbol("");
}

Status Concat(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* first, ctx.Required(0));
  const auto rank = static_cast<int64_t>(first->shape.size());
  TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(ctx.Int("axis", 0), rank, "axis"));
  TensorInfo out = TensorInfo::Shaped(first->shape, first->elem_type);
  out.has_int_values = rank == 1;
  for (size_t i = 0; i < ctx.num_inputs(); ++i) {
    TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(i));
    if (static_cast<int64_t>(in->shape.size()) != rank) {
      return ctx.InputError(
          i, "rank " + std::to_string(in->shape.size()) + " differs from " + std::to_string(rank));
    }
    if (i > 0) out.shape[axis] = AddDims(out.shape[axis], in->shape[axis]);
    out.has_int_values = out.has_int_values && in->has_int_values;
    if (out.has_int_values) {
      out.int_values.insert(out.int_values.end(), in->int_values.begin(), in->int_values.end());
    }
  }
  if (!out.has_int_values) out.int_values.clear();
  eval->outputs = {out};
  return Status::Ok();
}

// Squeeze/Unsqueeze take axes as an attribute (opset < 13) or input 1.
Result<std::optional<std::vector<int64_t>>> AxesOf(const NodeContext& ctx) {
  if (auto axes = ctx.Ints("axes")) return axes;
  if (ctx.has_input(1)) {
    TF_ASSIGN_OR_RETURN(std::vector<int64_t> axes, ctx.IntValues(1, "axes"));
    return std::optional(axes);
  }
  return std::optional<std::vector<int64_t>>();
}

Status Squeeze(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  TF_ASSIGN_OR_RETURN(const auto axes, AxesOf(ctx));
  const auto rank = static_cast<int64_t>(in->shape.size());
  std::vector<bool> drop(in->shape.size(), false);
  if (axes) {
    for (int64_t a : *axes) {
      TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(a, rank, "axis"));
      drop[static_cast<size_t>(axis)] = true;
    }
  } else {
    for (size_t i = 0; i < drop.size(); ++i) {
      if (!in->shape[i].known())
        return Status::InvalidArgument("no axes given and dimension " + std::to_string(i) +
                                       " is unknown");
      drop[i] = in->shape[i].value == 1;
    }
  }
  TensorInfo out = *in;
  out.shape.clear();
  for (size_t i = 0; i < drop.size(); ++i) {
    if (!drop[i]) out.shape.push_back(in->shape[i]);
  }
  eval->outputs = {out};
  return Status::Ok();
}

Status Unsqueeze(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  TF_ASSIGN_OR_RETURN(const auto axes, AxesOf(ctx));
  if (!axes) return Status::InvalidArgument("axes are required");
  const auto rank = static_cast<int64_t>(in->shape.size() + axes->size());
  std::vector<bool> added(static_cast<size_t>(rank), false);
  for (int64_t a : *axes) {
    TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(a, rank, "axis"));
    added[static_cast<size_t>(axis)] = true;
  }
  TensorInfo out = *in;
  out.shape.clear();
  size_t next = 0;
  for (bool add : added) out.shape.push_back(add ? Dim::Of(1) : in->shape[next++]);
  eval->outputs = {out};
  return Status::Ok();
}

}  // namespace

TensorInfo FromTensorMeta(const TensorMeta& t) {
  TensorInfo out = TensorInfo::Shaped(ToDims(t.dims), t.data_type);
  if (t.has_values && !t.int_values.empty()) {
    out.has_int_values = true;
    out.int_values = ToDims(t.int_values);
  }
  if (t.has_values && !t.float_values.empty()) {
    out.has_float_values = true;
    out.float_values = t.float_values;
  }
  // A tensor of no elements holds no data field, yet its values (none) are
  // known: PyTorch's empty Constant that a Concat appends to a Reshape or
  // Expand target (repeat_interleave's) would otherwise hide the target.
  const bool empty = std::any_of(t.dims.begin(), t.dims.end(), [](int64_t d) { return d == 0; });
  if (empty && t.data_type != kString) {
    out.has_float_values = IsFloatType(t.data_type);
    out.has_int_values = !out.has_float_values;
  }
  return out;
}

namespace {

// Constant: value (a tensor), value_float(s), value_int(s) (opset 12+).
Status Constant(const NodeContext& ctx, NodeEval* eval) {
  TensorInfo out;
  if (const Attribute* v = ctx.Attr("value"); v && v->t) {
    out = FromTensorMeta(*v->t);
  } else if (const Attribute* i = ctx.Attr("value_int")) {
    out = TensorInfo::Shaped({}, kInt64);
    out.has_int_values = true;
    out.int_values = {Dim::Of(i->i)};
  } else if (const Attribute* is = ctx.Attr("value_ints")) {
    out = IntVector(ToDims(is->ints));
  } else if (const Attribute* f = ctx.Attr("value_float")) {
    out = TensorInfo::Shaped({}, kFloat);
    out.has_float_values = true;
    out.float_values = {f->f};
  } else if (const Attribute* fs = ctx.Attr("value_floats")) {
    out = TensorInfo::Shaped({Dim::Of(static_cast<int64_t>(fs->floats.size()))}, kFloat);
    out.has_float_values = true;
    out.float_values = fs->floats;
  } else {
    return Status::InvalidArgument("a Constant needs a value attribute");
  }
  eval->outputs = {out};
  return Status::Ok();
}

Status ConstantOfShape(const NodeContext& ctx, NodeEval* eval) {
  const TensorInfo* shape = ctx.input(0);
  if (shape == nullptr || !shape->has_int_values) return ctx.Unknown(0, "the shape is not known");
  for (const Dim& d : shape->int_values) {
    if (d.literal() && d.value < 0) {
      return ctx.InputError(
          0, "the shape " + DimsToString(shape->int_values) + " has a negative dimension");
    }
  }
  int32_t type = kFloat;
  if (const Attribute* v = ctx.Attr("value"); v && v->t) type = v->t->data_type;
  eval->outputs = {TensorInfo::Shaped(shape->int_values, type)};
  return Status::Ok();
}

}  // namespace

const std::vector<OpRule>& ShapeOpRules() {
  constexpr auto kZero = OpRule::kZero;
  static const std::vector<OpRule> rules = {
      {"Identity", PassThrough, {}, kZero, true, OpRule::kWeightView},
      {"Cast", Cast, {}, kZero, true, OpRule::kWeightView},
      {"CastLike", Cast, {1}, kZero},
      {"Shape", ShapeOp, {}, kZero, false},
      {"Size", Size, {}, kZero, false},
      {"Reshape", Reshape, {1}, kZero, true, OpRule::kWeightView},
      {"Flatten", Flatten, {}, kZero, true, OpRule::kWeightView},
      {"Transpose", Transpose, {}, kZero, true, OpRule::kWeightView},
      {"Concat", Concat, {}, kZero, true, OpRule::kWeightView},
      {"Squeeze", Squeeze, {1}, kZero, true, OpRule::kWeightView},
      {"Unsqueeze", Unsqueeze, {1}, kZero, true, OpRule::kWeightView},
      {"Constant", Constant, {}, kZero, false},
      {"ConstantOfShape", ConstantOfShape, {0}, kZero, false},
  };
  return rules;
}

}  // namespace trainflops::onnx