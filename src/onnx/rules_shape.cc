// Operators that only move data or compute shapes: zero FLOP by definition.
// Their shape rules follow the ONNX operator specification (onnx/docs/
// Operators.md); small integer tensors (shape vectors, axes) have their
// values carried along so that Reshape/Expand/Slice targets computed with
// Shape -> Gather -> Concat chains resolve, symbols included.
#include <algorithm>
#include <set>

#include "graph.h"

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
    const int32_t to = static_cast<int32_t>(ctx.Int("to", kUndefined));
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
  if (const auto n = KnownElements(*in)) {
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
  if (symbols.empty()) return Dim::Of(static_cast<int64_t>(value));
  if (symbols.size() == 1 && value == 1 && *symbols.begin() != "?")
    return Dim::Symbol(*symbols.begin());
  return Dim::Symbol("");
}

Status Reshape(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  const TensorInfo* target = ctx.input(1);
  if (target == nullptr || !target->has_int_values) {
    return ctx.InputError(1,
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
  return a.known() && b.known() ? Dim::Of(a.value + b.value) : Dim::Symbol("");
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

// Gather(axis): data[:axis] + indices.shape + data[axis+1:]; values are
// gathered when both are known (indexing into a shape vector).
Status Gather(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* data, ctx.Required(0));
  TF_ASSIGN_OR_RETURN(const TensorInfo* indices, ctx.Required(1));
  const auto rank = static_cast<int64_t>(data->shape.size());
  TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(ctx.Int("axis", 0), rank, "axis"));
  Dims shape(data->shape.begin(), data->shape.begin() + axis);
  shape.insert(shape.end(), indices->shape.begin(), indices->shape.end());
  shape.insert(shape.end(), data->shape.begin() + axis + 1, data->shape.end());
  TensorInfo out = TensorInfo::Shaped(shape, data->elem_type);
  if (data->has_int_values && rank == 1 && indices->has_int_values) {
    out.has_int_values = true;
    const auto n = static_cast<int64_t>(data->int_values.size());
    for (const Dim& i : indices->int_values) {
      if (!i.literal()) return ctx.InputError(1, "an index is not known");
      const int64_t k = i.value < 0 ? i.value + n : i.value;
      if (k < 0 || k >= n)
        return ctx.InputError(1, "index " + std::to_string(i.value) + " out of range");
      out.int_values.push_back(data->int_values[static_cast<size_t>(k)]);
    }
  }
  eval->outputs = {out};
  return Status::Ok();
}

Status GatherElements(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* data, ctx.Required(0));
  TF_ASSIGN_OR_RETURN(const TensorInfo* indices, ctx.Required(1));
  eval->outputs = {TensorInfo::Shaped(indices->shape, data->elem_type)};
  return Status::Ok();
}

// GatherND: indices.shape[:-1] + data.shape[batch_dims + indices.shape[-1]:].
Status GatherNd(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* data, ctx.Required(0));
  TF_ASSIGN_OR_RETURN(const TensorInfo* indices, ctx.Required(1));
  if (indices->shape.empty() || !indices->shape.back().known()) {
    return ctx.InputError(1, "the last dimension of the indices must be known");
  }
  const auto batch = static_cast<size_t>(std::max<int64_t>(0, ctx.Int("batch_dims", 0)));
  const auto k = static_cast<size_t>(indices->shape.back().value);
  if (batch + k > data->shape.size()) return ctx.InputError(1, "indexes past the data's rank");
  Dims shape(indices->shape.begin(), indices->shape.end() - 1);
  shape.insert(shape.end(), data->shape.begin() + static_cast<int64_t>(batch + k),
               data->shape.end());
  eval->outputs = {TensorInfo::Shaped(shape, data->elem_type)};
  return Status::Ok();
}

// Slice: opset < 10 takes starts/ends/axes attributes, later versions inputs
// 1-4 (starts, ends, axes, steps). Each dimension becomes
// ceil((clamp(end) - clamp(start)) / step).
Status Slice(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  std::vector<int64_t> starts, ends, axes, steps;
  if (auto s = ctx.Ints("starts")) {
    starts = *s;
    ends = ctx.Ints("ends").value_or(std::vector<int64_t>());
    axes = ctx.Ints("axes").value_or(std::vector<int64_t>());
  } else {
    TF_ASSIGN_OR_RETURN(starts, ctx.IntValues(1, "starts"));
    TF_ASSIGN_OR_RETURN(ends, ctx.IntValues(2, "ends"));
    if (ctx.has_input(3)) {
      TF_ASSIGN_OR_RETURN(axes, ctx.IntValues(3, "axes"));
    }
    if (ctx.has_input(4)) {
      TF_ASSIGN_OR_RETURN(steps, ctx.IntValues(4, "steps"));
    }
  }
  const auto rank = static_cast<int64_t>(in->shape.size());
  if (axes.empty())
    for (size_t i = 0; i < starts.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  if (steps.empty()) steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() ||
      steps.size() != starts.size()) {
    return Status::InvalidArgument("starts, ends, axes and steps differ in length");
  }
  TensorInfo out = *in;
  const bool slice_values = in->has_int_values && rank == 1;
  for (size_t i = 0; i < starts.size(); ++i) {
    TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(axes[i], rank, "axis"));
    const Dim& d = in->shape[static_cast<size_t>(axis)];
    if (steps[i] == 0) return Status::InvalidArgument("a step of 0");
    if (!d.known()) {
      out.shape[static_cast<size_t>(axis)] = Dim::Symbol("");
      out.has_int_values = false;
      continue;
    }
    const int64_t n = d.value, step = steps[i];
    auto clampi = [&](int64_t v, int64_t lo, int64_t hi) {
      if (v < 0) v = v < -n ? lo : v + n;
      return std::clamp(v, lo, hi);
    };
    const int64_t start = step > 0 ? clampi(starts[i], 0, n) : clampi(starts[i], -1, n - 1);
    const int64_t end = step > 0 ? clampi(ends[i], 0, n) : clampi(ends[i], -1, n - 1);
    const int64_t count = step > 0 ? std::max<int64_t>(0, (end - start + step - 1) / step)
                                   : std::max<int64_t>(0, (start - end - step - 1) / -step);
    out.shape[static_cast<size_t>(axis)] = Dim::Of(count);
    if (slice_values) {
      Dims picked;
      for (int64_t k = 0, idx = start; k < count; ++k, idx += step) {
        picked.push_back(in->int_values[static_cast<size_t>(idx)]);
      }
      out.int_values = picked;
    }
  }
  eval->outputs = {out};
  return Status::Ok();
}

// Expand: the input broadcast against the shape in input 1.
Status Expand(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  const TensorInfo* shape = ctx.input(1);
  if (shape == nullptr || !shape->has_int_values) {
    return ctx.InputError(1, "the target shape is not known");
  }
  TF_ASSIGN_OR_RETURN(Dims out, Broadcast(in->shape, shape->int_values));
  eval->outputs = {TensorInfo::Shaped(out, in->elem_type)};
  return Status::Ok();
}

Status Tile(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> repeats, ctx.IntValues(1, "repeats"));
  if (repeats.size() != in->shape.size()) return ctx.InputError(1, "one repeat per dimension");
  TensorInfo out = TensorInfo::Shaped(in->shape, in->elem_type);
  for (size_t i = 0; i < repeats.size(); ++i) {
    const Dim& d = in->shape[i];
    out.shape[i] = d.known()         ? Dim::Of(d.value * repeats[i])
                   : repeats[i] == 1 ? d
                                     : Dim::Symbol("");
  }
  eval->outputs = {out};
  return Status::Ok();
}

// Pad: pads as an attribute (opset < 11) or input 1: [begin..., end...].
Status Pad(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  std::vector<int64_t> pads;
  if (auto p = ctx.Ints("pads"))
    pads = *p;
  else {
    TF_ASSIGN_OR_RETURN(pads, ctx.IntValues(1, "pads"));
  }
  const size_t rank = in->shape.size();
  std::vector<int64_t> axes;
  if (ctx.has_input(3)) {
    TF_ASSIGN_OR_RETURN(axes, ctx.IntValues(3, "axes"));
  }
  if (axes.empty())
    for (size_t i = 0; i < rank; ++i) axes.push_back(static_cast<int64_t>(i));
  if (pads.size() != 2 * axes.size())
    return Status::InvalidArgument("pads needs 2 values per axis");
  TensorInfo out = TensorInfo::Shaped(in->shape, in->elem_type);
  for (size_t i = 0; i < axes.size(); ++i) {
    TF_ASSIGN_OR_RETURN(const int64_t a, Axis(axes[i], static_cast<int64_t>(rank), "axis"));
    Dim& d = out.shape[static_cast<size_t>(a)];
    d = d.known() ? Dim::Of(d.value + pads[i] + pads[i + axes.size()]) : Dim::Symbol("");
  }
  eval->outputs = {out};
  return Status::Ok();
}

// Split into outputs along `axis`: sizes from the attribute (opset < 13),
// input 1, or equal parts (num_outputs, opset 18, or the number of outputs).
Status Split(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  const auto rank = static_cast<int64_t>(in->shape.size());
  TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(ctx.Int("axis", 0), rank, "axis"));
  std::vector<int64_t> sizes = ctx.Ints("split").value_or(std::vector<int64_t>());
  if (sizes.empty() && ctx.has_input(1)) {
    TF_ASSIGN_OR_RETURN(sizes, ctx.IntValues(1, "split"));
  }
  const Dim& d = in->shape[static_cast<size_t>(axis)];
  const auto n = static_cast<int64_t>(ctx.num_outputs());
  eval->outputs.clear();
  for (int64_t i = 0; i < n; ++i) {
    TensorInfo out = TensorInfo::Shaped(in->shape, in->elem_type);
    Dim part = Dim::Symbol("");
    if (!sizes.empty()) {
      if (static_cast<int64_t>(sizes.size()) != n)
        return Status::InvalidArgument("split sizes differ from the outputs");
      part = Dim::Of(sizes[static_cast<size_t>(i)]);
    } else if (d.known()) {
      const int64_t chunk = (d.value + n - 1) / n;  // the last part may be smaller (opset 18)
      part = Dim::Of(i + 1 < n ? chunk : d.value - chunk * (n - 1));
    }
    out.shape[static_cast<size_t>(axis)] = part;
    eval->outputs.push_back(out);
  }
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
  if (shape == nullptr || !shape->has_int_values)
    return ctx.InputError(0, "the shape is not known");
  int32_t type = kFloat;
  if (const Attribute* v = ctx.Attr("value"); v && v->t) type = v->t->data_type;
  eval->outputs = {TensorInfo::Shaped(shape->int_values, type)};
  return Status::Ok();
}

// Range(start, limit, delta): max(ceil((limit - start) / delta), 0) values.
Status Range(const NodeContext& ctx, NodeEval* eval) {
  Dim n = Dim::Symbol("");
  const TensorInfo* s = ctx.input(0);
  const TensorInfo* l = ctx.input(1);
  const TensorInfo* d = ctx.input(2);
  if (s && l && d && s->has_int_values && l->has_int_values && d->has_int_values &&
      s->int_values.size() == 1 && l->int_values.size() == 1 && d->int_values.size() == 1 &&
      s->int_values[0].literal() && l->int_values[0].literal() && d->int_values[0].literal() &&
      d->int_values[0].value != 0) {
    const int64_t start = s->int_values[0].value, limit = l->int_values[0].value;
    const int64_t delta = d->int_values[0].value;
    const int64_t span = limit - start;
    int64_t count = span / delta + ((span % delta != 0) && ((span > 0) == (delta > 0)) ? 1 : 0);
    n = Dim::Of(std::max<int64_t>(0, count));
  }
  eval->outputs = {TensorInfo::Shaped({n}, s ? s->elem_type : kUndefined)};
  return Status::Ok();
}

// Outputs whose size depends on the data (NonZero, Compress, Unique): the
// rank is known, the counts are not.
Status DataDependent(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  eval->outputs.assign(ctx.num_outputs(), TensorInfo());
  if (ctx.node().op_type == "NonZero") {
    eval->outputs[0] = TensorInfo::Shaped(
        {Dim::Of(static_cast<int64_t>(in->shape.size())), Dim::Symbol("")}, kInt64);
  }
  return Status::Ok();
}

// DepthToSpace / SpaceToDepth on [N, C, H, W] with `blocksize` b.
template <bool kToSpace>
Status DepthSpace(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> x, ctx.Concrete(0));
  const int64_t b = ctx.Int("blocksize", 0);
  if (x.size() != 4 || b <= 0)
    return Status::InvalidArgument("needs a 4-D input and blocksize > 0");
  const std::vector<int64_t> out =
      kToSpace ? std::vector<int64_t>{x[0], x[1] / (b * b), x[2] * b, x[3] * b}
               : std::vector<int64_t>{x[0], x[1] * b * b, x[2] / b, x[3] / b};
  eval->outputs = {TensorInfo::Shaped(ToDims(out), ctx.type(0))};
  return Status::Ok();
}

// Same shape as input `I` (ScatterND, Trilu, EyeLike...).
template <size_t I>
Status SameAs(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(I));
  eval->outputs.assign(ctx.num_outputs(), TensorInfo());
  if (!eval->outputs.empty()) eval->outputs[0] = TensorInfo::Shaped(in->shape, in->elem_type);
  return Status::Ok();
}

}  // namespace

const std::vector<OpRule>& ShapeOpRules() {
  constexpr auto kZero = OpRule::kZero;
  static const std::vector<OpRule> rules = {
      {"Identity", PassThrough, {}, kZero},
      {"Cast", Cast, {}, kZero},
      {"CastLike", Cast, {1}, kZero},
      {"Shape", ShapeOp, {}, kZero, false},
      {"Size", Size, {}, kZero, false},
      {"Reshape", Reshape, {1}, kZero},
      {"Flatten", Flatten, {}, kZero},
      {"Transpose", Transpose, {}, kZero},
      {"Concat", Concat, {}, kZero},
      {"Squeeze", Squeeze, {1}, kZero},
      {"Unsqueeze", Unsqueeze, {1}, kZero},
      {"Gather", Gather, {1}, kZero},
      {"GatherElements", GatherElements, {1}, kZero},
      {"GatherND", GatherNd, {1}, kZero},
      {"Slice", Slice, {1, 2, 3, 4}, kZero},
      {"Expand", Expand, {1}, kZero},
      {"Tile", Tile, {1}, kZero},
      {"Pad", Pad, {1, 2, 3}, kZero},
      {"Split", Split, {1}, kZero},
      {"Constant", Constant, {}, kZero, false},
      {"ConstantOfShape", ConstantOfShape, {0}, kZero, false},
      {"Range", Range, {0, 1, 2}, kZero, false},
      {"NonZero", DataDependent, {}, kZero, false},
      {"DepthToSpace", DepthSpace<true>, {}, kZero},
      {"SpaceToDepth", DepthSpace<false>, {}, kZero},
      {"ScatterND", SameAs<0>, {1}, kZero},
      {"ScatterElements", SameAs<0>, {1}, kZero},
      {"Trilu", SameAs<0>, {1}, kZero},
      {"EyeLike", SameAs<0>, {}, kZero, false},
  };
  return rules;
}

}  // namespace trainflops::onnx
