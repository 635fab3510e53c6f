// Data-movement operators with zero FLOP by definition: indexing (Gather,
// Slice), broadcasting and tiling, padding, splitting, ranges, and outputs
// whose size depends on the data. Shape rules after the ONNX operator
// specification (onnx/docs/Operators.md); small integer values are carried
// through Gather and Slice, as in rules_shape.cc.
#include <algorithm>
#include <cmath>

#include "graph.h"
#include "values.h"

namespace trainflops::onnx {
namespace {

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
  // An index known per iteration only (a loop's) leaves the values unknown.
  const bool fixed = std::none_of(indices->int_values.begin(), indices->int_values.end(),
                                  [](const Dim& i) { return DependsOnIteration(i); });
  if (data->has_int_values && rank == 1 && indices->has_int_values && fixed) {
    out.has_int_values = true;
    const auto n = static_cast<int64_t>(data->int_values.size());
    for (const Dim& i : indices->int_values) {
      if (!i.literal()) return ctx.Unknown(1, "an index is not known");
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
  const int64_t batch_dims = ctx.Int("batch_dims", 0), last = indices->shape.back().value;
  const auto rank = static_cast<int64_t>(data->shape.size());
  if (batch_dims < 0 || batch_dims > rank || last > rank - batch_dims) {
    return ctx.InputError(1, "indexes past the data's rank");
  }
  const auto batch = static_cast<size_t>(batch_dims), k = static_cast<size_t>(last);
  Dims shape(indices->shape.begin(), indices->shape.end() - 1);
  shape.insert(shape.end(), data->shape.begin() + static_cast<int64_t>(batch + k),
               data->shape.end());
  eval->outputs = {TensorInfo::Shaped(shape, data->elem_type)};
  return Status::Ok();
}

// Slice bounds (input `i`): numbers, or values that depend on a loop's
// iteration number (x[t:t + 1] in a loop body).
Result<Dims> Bounds(const NodeContext& ctx, size_t i, const char* what) {
  const TensorInfo* t = ctx.input(i);
  const auto readable = [](const Dim& d) { return d.literal() || DependsOnIteration(d); };
  if (t != nullptr && t->has_int_values &&
      std::all_of(t->int_values.begin(), t->int_values.end(), readable)) {
    return t->int_values;
  }
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> values, ctx.IntValues(i, what));
  return ToDims(values);
}

// The length of a slice from `start` to `end` by `step` when they are not
// both numbers: end - start when that is a known k >= 0 (t and t + k), the
// step positive and start >= 0 (an iteration number is), then ceil(k /
// step), at most the axis's size `d`. The slice is taken to lie within the
// axis, as a loop indexing each of its positions does.
Result<Dim> SymbolicLength(const NodeContext& ctx, const Dim& start, const Dim& end, int64_t step,
                           const Dim& d) {
  const Dim span = SymbolicOp("-", end, start);
  if (!span.literal() || span.value < 0 || step <= 0 || !NonNegative(start)) {
    return ctx.Unknown(1,
                       "starts and ends depend on a loop's iteration number and do not differ "
                       "by a known number (the slice's length changes from one iteration to "
                       "the next)");
  }
  const int64_t count = span.value == 0 ? 0 : 1 + (span.value - 1) / step;
  return Dim::Of(d.known() ? std::min(count, d.value) : count);
}

// Slice: opset < 10 takes starts/ends/axes attributes, later versions inputs
// 1-4 (starts, ends, axes, steps). Each dimension becomes
// ceil((clamp(end) - clamp(start)) / step).
Status Slice(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  Dims starts, ends;
  std::vector<int64_t> axes, steps;
  if (auto s = ctx.Ints("starts")) {
    starts = ToDims(*s);
    ends = ToDims(ctx.Ints("ends").value_or(std::vector<int64_t>()));
    axes = ctx.Ints("axes").value_or(std::vector<int64_t>());
  } else {
    TF_ASSIGN_OR_RETURN(starts, Bounds(ctx, 1, "starts"));
    TF_ASSIGN_OR_RETURN(ends, Bounds(ctx, 2, "ends"));
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
  TensorInfo out = TensorInfo::Shaped(in->shape, in->elem_type);
  // Where each output coordinate starts and steps in the input (values).
  std::vector<int64_t> first(in->shape.size(), 0), stride(in->shape.size(), 1);
  bool known = true;
  for (size_t i = 0; i < starts.size(); ++i) {
    TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(axes[i], rank, "axis"));
    const Dim& d = in->shape[static_cast<size_t>(axis)];
    if (steps[i] == 0) return Status::InvalidArgument("a step of 0");
    // (A number is read as is: INT64_MIN, "to the start" of a reversed
    // slice, is not a literal Dim.)
    if (DependsOnIteration(starts[i]) || DependsOnIteration(ends[i])) {
      TF_ASSIGN_OR_RETURN(out.shape[static_cast<size_t>(axis)],
                          SymbolicLength(ctx, starts[i], ends[i], steps[i], d));
      known = false;  // which elements are taken changes per iteration
      continue;
    }
    if (!d.known()) {
      out.shape[static_cast<size_t>(axis)] = Dim::Symbol("");
      known = false;
      continue;
    }
    const int64_t n = d.value, step = steps[i];
    auto clampi = [&](int64_t v, int64_t lo, int64_t hi) {
      if (v < 0) v = v < -n ? lo : v + n;
      return std::clamp(v, lo, hi);
    };
    const int64_t first_at = starts[i].value, last_at = ends[i].value;
    const int64_t start = step > 0 ? clampi(first_at, 0, n) : clampi(first_at, -1, n - 1);
    const int64_t end = step > 0 ? clampi(last_at, 0, n) : clampi(last_at, -1, n - 1);
    // ceil(span / |step|) without overflow (steps may be as large as int64).
    const int64_t span = step > 0 ? end - start : start - end;
    const uint64_t magnitude =
        step > 0 ? static_cast<uint64_t>(step) : 0 - static_cast<uint64_t>(step);
    const auto count =
        span > 0 ? static_cast<int64_t>(1 + (static_cast<uint64_t>(span) - 1) / magnitude) : 0;
    out.shape[static_cast<size_t>(axis)] = Dim::Of(count);
    first[static_cast<size_t>(axis)] = start;
    stride[static_cast<size_t>(axis)] = step;
  }
  const auto values = known ? ReadValues(in) : std::nullopt;
  const auto dims = values ? SmallShape(out) : std::nullopt;
  if (dims) {
    PickValues(
        *values, *dims,
        [&](std::vector<int64_t> c) {
          for (size_t a = 0; a < c.size(); ++a) c[a] = first[a] + c[a] * stride[a];
          return Ravel(c, values->shape);
        },
        &out);
  }
  eval->outputs = {out};
  return Status::Ok();
}

// Expand: the input broadcast against the shape in input 1.
Status Expand(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  const TensorInfo* shape = ctx.input(1);
  if (shape == nullptr || !shape->has_int_values) {
    return ctx.Unknown(1, "the target shape is not known");
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
    out.shape[i] = d.known() ? MulDim(d.value, repeats[i]) : repeats[i] == 1 ? d : Dim::Symbol("");
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
    const double size = static_cast<double>(d.value) + static_cast<double>(pads[i]) +
                        static_cast<double>(pads[i + axes.size()]);
    d = d.known() && size >= 0 && size <= kMaxDimValue ? Dim::Of(static_cast<int64_t>(size))
                                                       : Dim::Symbol("");
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
      // ceil(d / n); the last part may be smaller (opset 18).
      const int64_t chunk = d.value / n + (d.value % n != 0 ? 1 : 0);
      part = Dim::Of(i + 1 < n ? chunk : d.value - chunk * (n - 1));
    }
    out.shape[static_cast<size_t>(axis)] = part;
    eval->outputs.push_back(out);
  }
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
    const double count = std::ceil((static_cast<double>(limit) - static_cast<double>(start)) /
                                   static_cast<double>(delta));
    n = count <= 0              ? Dim::Of(0)
        : count <= kMaxDimValue ? Dim::Of(static_cast<int64_t>(count))
                                : Dim::Symbol("");
  }
  eval->outputs = {TensorInfo::Shaped({n}, s ? s->elem_type : kUndefined)};
  return Status::Ok();
}

// Outputs whose size depends on the data (NonZero, Compress, Unique): the
// rank is known, the counts are not.
Status DataDependent(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  eval->outputs.assign(ctx.num_outputs(), TensorInfo());
  if (ctx.op_type() == "NonZero") {
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
  if (x.size() != 4 || b <= 0 || b > 65536) {
    return Status::InvalidArgument("needs a 4-D input and a blocksize in [1, 65536]");
  }
  const Dims out =
      kToSpace ? Dims{Dim::Of(x[0]), Dim::Of(x[1] / (b * b)), MulDim(x[2], b), MulDim(x[3], b)}
               : Dims{Dim::Of(x[0]), MulDim(x[1], b * b), Dim::Of(x[2] / b), Dim::Of(x[3] / b)};
  eval->outputs = {TensorInfo::Shaped(out, ctx.type(0))};
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

const std::vector<OpRule>& DataOpRules() {
  constexpr auto kZero = OpRule::kZero;
  static const std::vector<OpRule> rules = {
      {"Gather", Gather, {1}, kZero},
      {"GatherElements", GatherElements, {1}, kZero},
      {"GatherND", GatherNd, {1}, kZero},
      {"Slice", Slice, {1, 2, 3, 4}, kZero, true, OpRule::kWeightView},
      {"Expand", Expand, {1}, kZero},
      {"Tile", Tile, {1}, kZero},
      {"Pad", Pad, {1, 2, 3}, kZero},
      {"Split", Split, {1}, kZero, true, OpRule::kWeightView},
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
