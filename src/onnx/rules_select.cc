// Selection and encoding operators of mixture-of-experts routers
// (softmax -> TopK -> OneHot / ScatterElements / GatherElements): shape
// rules after the ONNX operator specification (onnx/docs/Operators.md).
#include "graph.h"

namespace trainflops::onnx {
namespace {

// The size given by a small integer input (a scalar or a 1-element
// tensor): a number, its symbol, or unknown.
Dim SizeInput(const TensorInfo* t) {
  if (t == nullptr || !t->has_int_values || t->int_values.size() != 1) return Dim::Symbol("");
  return t->int_values[0];
}

// TopK(X, K; axis = -1, largest, sorted) (opset 10+; before, attribute k):
// Values and Indices are X's shape with the axis of size K. FLOP: one
// comparison per input element, the convention of ArgMax and Reduce*
// (a selection pass over each row; a router's K is 1 or 2, so sorting the
// K kept is negligible). PyTorch's FLOP counter counts none.
Status TopK(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* x, ctx.Required(0));
  const auto rank = static_cast<int64_t>(x->shape.size());
  TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(ctx.Int("axis", -1), rank, "axis"));
  const Dim k = ctx.opset() < 10 ? Dim::Of(ctx.Int("k", -1)) : SizeInput(ctx.input(1));
  if (k.literal() && (k.value < 0 || (x->shape[axis].known() && k.value > x->shape[axis].value))) {
    return ctx.InputError(1, "K = " + std::to_string(k.value) + " is not in [0, " +
                                 DimsToString({x->shape[axis]}) + "], the axis's size");
  }
  Dims shape = x->shape;
  shape[static_cast<size_t>(axis)] = k;
  eval->outputs = {TensorInfo::Shaped(shape, x->elem_type), TensorInfo::Shaped(shape, kInt64)};
  eval->outputs.resize(ctx.num_outputs());
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> dims, ctx.Concrete(0));
  const double n = Product(dims);
  eval->flop = n;
  eval->formula = "1 comparison per input element x " + Num(n) + " elements (" + Shape(dims) + ")";
  eval->source =
      "our convention: one comparison per input element, as ArgMax (a selection pass; sorting "
      "the K kept is not counted)";
  return Status::Ok();
}

// OneHot(indices, depth, values; axis = -1): indices' shape with an axis of
// size depth inserted at `axis` (in [-r - 1, r]); values' type. 0 FLOP:
// each output is a copy of `on` or `off`.
Status OneHot(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* indices, ctx.Required(0));
  const auto rank = static_cast<int64_t>(indices->shape.size());
  TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(ctx.Int("axis", -1), rank + 1, "axis"));
  Dim depth = SizeInput(ctx.input(1));
  if (depth.literal() && depth.value < 0) {
    return ctx.InputError(1, "depth " + std::to_string(depth.value) + " is negative");
  }
  Dims shape = indices->shape;
  shape.insert(shape.begin() + axis, depth);
  eval->outputs = {TensorInfo::Shaped(shape, ctx.type(2))};
  return Status::Ok();
}

}  // namespace

const std::vector<OpRule>& SelectOpRules() {
  static const std::vector<OpRule> rules = {
      {"TopK", TopK, {1}, OpRule::kCounted},
      {"OneHot", OneHot, {1, 2}, OpRule::kZero, false},
  };
  return rules;
}

}  // namespace trainflops::onnx
