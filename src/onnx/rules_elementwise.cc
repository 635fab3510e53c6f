// Element-wise operators, normalisations, softmax, reductions and Resize.
//
// Conventions, shared with the layer catalogue (src/catalogue/elementwise.cc):
//  - an activation or arithmetic operation: 1 FLOP per output element
//    (Sevilla et al. 2022, Table 1 counts one FLOP per output for a non-linearity);
//  - softmax: 3 per element (exp, sum, divide), as the catalogue's softmax;
//  - batch/layer/instance/group normalisation: 7 per element (mean 1,
//    centre 1, variance 2, normalise 1, scale + shift 2), RMS norm 4;
//  - a reduction: 1 per input element (each value is added or compared once).
#include <algorithm>
#include <cmath>

#include "graph.h"

namespace trainflops::onnx {
namespace {

// Sets `flop_per_element` x the elements of output 0.
Status CountPerElement(const TensorInfo& out, double per_element, const std::string& terms,
                       const std::string& tensor, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> dims, ConcreteDims(out, tensor));
  const double n = Product(dims);
  eval->flop = per_element * n;
  eval->formula = Num(per_element) + " (" + terms + ") per element x " + Num(n) + " elements (" +
                  Shape(dims) + ")";
  return Status::Ok();
}

// The same, where output 0 has input 0's shape: an unknown dimension is
// reported against input 0, by name through the node context.
Status CountPerElement(const NodeContext& ctx, const TensorInfo& out, double per_element,
                       const std::string& terms, NodeEval* eval) {
  TF_RETURN_IF_ERROR(ctx.ConcreteNamedAs(out, 0).status());
  return CountPerElement(out, per_element, terms, "", eval);
}

constexpr const char* kActivationSource =
    "Sevilla et al. 2022, Table 1 (one FLOP per output for a non-linearity); catalogue "
    "'activation'";
constexpr const char* kArithmeticSource = "our convention: one FLOP per output element";

// Unary: output shape = input shape, 1 FLOP per element.
template <bool kActivation>
Status Unary(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  eval->outputs.assign(ctx.num_outputs(), TensorInfo::Shaped(in->shape, in->elem_type));
  eval->source = kActivation ? kActivationSource : kArithmeticSource;
  return CountPerElement(ctx, eval->outputs[0], 1, ctx.op_type(), eval);
}

// Dropout: the catalogue's 1 FLOP per element (mask multiply, Sevilla et al. 2022
// Appendix E); the optional mask output has the same shape.
Status Dropout(const NodeContext& ctx, NodeEval* eval) {
  TF_RETURN_IF_ERROR(Unary<false>(ctx, eval));
  if (eval->outputs.size() > 1) eval->outputs[1].elem_type = kBool;
  eval->source =
      "Sevilla et al. 2022, Appendix E (dropout multiplies by a 0/1 mask); catalogue 'dropout'";
  return Status::Ok();
}

// N-ary with multidirectional broadcasting; `per_element(n)` FLOP per output
// element for n inputs (n - 1 for Sum/Max/Min, n for Mean, 1 for a binary op).
template <int kExtra>
Status Broadcasting(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* first, ctx.Required(0));
  Dims shape = first->shape;
  size_t n = 0;
  for (size_t i = 0; i < ctx.num_inputs(); ++i) {
    if (!ctx.has_input(i)) continue;
    TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(i));
    Result<Dims> b = Broadcast(shape, in->shape);
    if (!b.ok()) return b.status();
    shape = *b;
    ++n;
  }
  const std::string& op = ctx.op_type();
  const bool boolean = op == "Equal" || op == "Less" || op == "Greater" || op == "LessOrEqual" ||
                       op == "GreaterOrEqual" || op == "And" || op == "Or" || op == "Xor";
  const int32_t type = boolean                         ? kBool
                       : op == "Where" && ctx.input(1) ? ctx.type(1)
                                                       : first->elem_type;
  eval->outputs = {TensorInfo::Shaped(shape, type)};
  // Values of shape arithmetic are computed by values.cc.
  const double per = n <= 2 ? 1 : static_cast<double>(n) - 1 + kExtra;
  eval->source = kArithmeticSource;
  return CountPerElement(eval->outputs[0], per,
                         n <= 2 ? op
                                : std::to_string(n - 1) + " ops for " + std::to_string(n) +
                                      " inputs" + (kExtra ? " + divide" : ""),
                         "output of " + op, eval);
}

Status Softmax(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  eval->outputs = {TensorInfo::Shaped(in->shape, in->elem_type)};
  eval->source = "our convention (one op per exp/add/divide), as the catalogue's softmax";
  eval->notes.push_back(
      "Sevilla et al. 2022, Table 1 counts the attention softmax as one FLOP per score; "
      "we count 3 per element (exp, sum, divide)");
  return CountPerElement(ctx, eval->outputs[0], 3, "exp, sum, divide", eval);
}

// Normalisations over X with per-element cost `flop` (catalogue: 7 with a
// learned scale and shift, 5 without; RMS norm 4 with a scale, 3 without).
Status Normalise(const NodeContext& ctx, NodeEval* eval, double flop, const std::string& terms) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* x, ctx.Required(0));
  eval->outputs.assign(ctx.num_outputs(), TensorInfo());
  eval->outputs[0] = TensorInfo::Shaped(x->shape, x->elem_type);
  eval->source =
      "our convention (one op per add/multiply; sqrt ignored), as the catalogue's "
      "batchnorm/layernorm/rmsnorm";
  return CountPerElement(ctx, eval->outputs[0], flop, terms, eval);
}

constexpr const char* kNormTerms = "mean 1, centre 1, variance 2, normalise 1, scale+shift 2";

// BatchNormalization(X, scale, B, mean, var): 7 per element (training-mode
// statistics, the catalogue's batchnorm). Extra outputs (running or saved
// statistics) are [C].
Status BatchNorm(const NodeContext& ctx, NodeEval* eval) {
  TF_RETURN_IF_ERROR(Normalise(ctx, eval, 7, kNormTerms));
  const Dims& x = eval->outputs[0].shape;
  for (size_t i = 1; i < eval->outputs.size(); ++i) {
    eval->outputs[i] = TensorInfo::Shaped({x.size() > 1 ? x[1] : Dim::Symbol("")}, kFloat);
  }
  return Status::Ok();
}

// LayerNormalization(X, Scale, B?): normalised over axis.. end; Mean and
// InvStdDev outputs keep the leading dimensions with 1s after.
Status LayerNorm(const NodeContext& ctx, NodeEval* eval) {
  const bool bias = ctx.has_input(2);
  TF_RETURN_IF_ERROR(
      Normalise(ctx, eval, bias ? 7 : 6,
                bias ? kNormTerms : "mean 1, centre 1, variance 2, normalise 1, scale 1"));
  const Dims x = eval->outputs[0].shape;
  TF_ASSIGN_OR_RETURN(const int64_t axis,
                      Axis(ctx.Int("axis", -1), static_cast<int64_t>(x.size()), "axis"));
  Dims stats = x;
  for (size_t i = static_cast<size_t>(axis); i < stats.size(); ++i) stats[i] = Dim::Of(1);
  for (size_t i = 1; i < eval->outputs.size(); ++i)
    eval->outputs[i] = TensorInfo::Shaped(stats, kFloat);
  return Status::Ok();
}

Status InstanceOrGroupNorm(const NodeContext& ctx, NodeEval* eval) {
  return Normalise(ctx, eval, 7, kNormTerms);
}

Status RmsNorm(const NodeContext& ctx, NodeEval* eval) {
  return Normalise(ctx, eval, 4, "square 1, sum 1, normalise 1, scale 1");
}

// com.microsoft SkipLayerNormalization(input, skip, gamma, beta?, bias?):
// the skip (and bias) additions, 1 each per element, then a layer norm.
template <bool kSimplified>
Status SkipNorm(const NodeContext& ctx, NodeEval* eval) {
  const double adds = 1 + (ctx.has_input(kSimplified ? 3 : 4) ? 1 : 0);
  const double norm = kSimplified ? 4 : (ctx.has_input(3) ? 7 : 6);
  TF_RETURN_IF_ERROR(Normalise(ctx, eval, adds + norm,
                               Num(adds) + " residual/bias add + " + Num(norm) + " normalisation"));
  for (size_t i = 1; i < eval->outputs.size(); ++i) eval->outputs[i] = eval->outputs[0];
  return Status::Ok();
}

}  // namespace

// Which axes a Reduce* or ArgMax/ArgMin node reduces: axes from the
// attribute (older opsets) or input 1, every axis when none are given
// (unless noop_with_empty_axes); ArgMax/ArgMin take one axis (default 0).
Result<std::vector<bool>> ReducedAxes(const NodeContext& ctx, size_t rank) {
  const bool arg = ctx.op_type().rfind("Arg", 0) == 0;
  std::vector<int64_t> axes = ctx.Ints("axes").value_or(std::vector<int64_t>());
  if (arg) axes = {ctx.Int("axis", 0)};
  if (axes.empty() && ctx.has_input(1)) {
    TF_ASSIGN_OR_RETURN(axes, ctx.IntValues(1, "axes"));
  }
  const bool noop = axes.empty() && ctx.Int("noop_with_empty_axes", 0) != 0;
  std::vector<bool> reduced(rank, axes.empty() && !noop);
  for (int64_t a : axes) {
    TF_ASSIGN_OR_RETURN(const int64_t axis, Axis(a, static_cast<int64_t>(rank), "axis"));
    reduced[static_cast<size_t>(axis)] = true;
  }
  return reduced;
}

namespace {

// Reduce*(data, axes?), ArgMax/ArgMin: keepdims (default 1); 1 FLOP per
// input element.
Status Reduce(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const TensorInfo* in, ctx.Required(0));
  const bool arg = ctx.op_type().rfind("Arg", 0) == 0;
  TF_ASSIGN_OR_RETURN(const std::vector<bool> reduced, ReducedAxes(ctx, in->shape.size()));
  const bool keep = ctx.Int("keepdims", 1) != 0;
  const bool noop = std::find(reduced.begin(), reduced.end(), true) == reduced.end();
  Dims out;
  for (size_t i = 0; i < reduced.size(); ++i) {
    if (!reduced[i])
      out.push_back(in->shape[i]);
    else if (keep)
      out.push_back(Dim::Of(1));
  }
  eval->outputs = {TensorInfo::Shaped(out, arg ? kInt64 : in->elem_type)};
  eval->source = "our convention: one add or comparison per input element";
  return CountPerElement(ctx, *in, noop ? 0 : 1, "reduction", eval);
}

// Resize(X, roi, scales, sizes) (opset 11+), Resize(X, scales) (opset 10),
// Upsample(X, scales) (opset 9) or Upsample with a scales attribute (7).
// Output size floor(in x scale) or `sizes`. FLOP per output element:
// nearest 0 (a copy); n-linear 3·(2^d - 1) (2^d - 1 one-dimensional lerps
// a + t·(b - a), 3 FLOP each, over the d resized axes); cubic
// 7·(4^d - 1)/3 (separable 4-tap filters: 4 multiplies + 3 adds each).
Status Resize(const NodeContext& ctx, NodeEval* eval) {
  TF_ASSIGN_OR_RETURN(const std::vector<int64_t> x, ctx.Concrete(0));
  const bool upsample = ctx.op_type() == "Upsample";
  const size_t scales_input = upsample || ctx.opset() == 10 ? 1 : 2;
  std::vector<int64_t> out = x;
  if (!upsample && ctx.has_input(3)) {
    TF_ASSIGN_OR_RETURN(const std::vector<int64_t> sizes, ctx.IntValues(3, "sizes"));
    std::vector<int64_t> axes = ctx.Ints("axes").value_or(std::vector<int64_t>());
    if (axes.empty())
      for (size_t i = 0; i < x.size(); ++i) axes.push_back(static_cast<int64_t>(i));
    if (sizes.size() != axes.size()) return ctx.InputError(3, "one size per axis");
    for (size_t i = 0; i < axes.size(); ++i) {
      TF_ASSIGN_OR_RETURN(const int64_t a, Axis(axes[i], static_cast<int64_t>(x.size()), "axis"));
      out[static_cast<size_t>(a)] = sizes[i];
    }
  } else {
    std::vector<double> scales;
    const Attribute* attr = ctx.Attr("scales");
    const TensorInfo* input = ctx.input(scales_input);
    if (attr != nullptr) {
      scales = attr->floats;
    } else if (input != nullptr && input->has_float_values) {
      scales = input->float_values;
    } else {
      return ctx.Unknown(scales_input, "the scales are not known (give sizes or constant scales)");
    }
    if (scales.size() != x.size()) return Status::InvalidArgument("one scale per dimension");
    for (size_t i = 0; i < x.size(); ++i) {
      TF_ASSIGN_OR_RETURN(out[i],
                          ToDim(std::floor(static_cast<double>(x[i]) * scales[i]), "output size"));
    }
  }
  int resized = 0;
  for (size_t i = 0; i < x.size(); ++i) resized += out[i] != x[i] ? 1 : 0;
  const std::string mode = ctx.Str("mode", "nearest");
  const double d = resized, per = mode == "nearest" ? 0
                                  : mode == "cubic" ? 7 * (std::pow(4, d) - 1) / 3
                                                    : 3 * (std::pow(2, d) - 1);
  eval->outputs = {TensorInfo::Shaped(ToDims(out), ctx.type(0))};
  eval->source =
      "our convention: separable interpolation, 3 FLOP per linear and 7 per cubic "
      "1-D filter; nearest is a copy";
  return CountPerElement(eval->outputs[0], per,
                         mode + ", " + std::to_string(resized) + " resized axes", "output", eval);
}

}  // namespace

const std::vector<OpRule>& ElementwiseOpRules() {
  constexpr auto kCounted = OpRule::kCounted;
  static const std::vector<OpRule> rules = [] {
    std::vector<OpRule> r;
    for (const char* op :
         {"Relu", "Sigmoid", "Tanh", "Erf", "Gelu", "LeakyRelu", "Elu", "Selu", "Celu",
          "HardSigmoid", "HardSwish", "Softplus", "Softsign", "Mish", "ThresholdedRelu", "Swish"}) {
      r.push_back({op, Unary<true>, {}, kCounted});
    }
    for (const char* op :
         {"Abs",   "Neg",   "Exp",  "Log",   "Sqrt", "Reciprocal", "Sin",   "Cos",
          "Tan",   "Asin",  "Acos", "Atan",  "Sinh", "Cosh",       "Asinh", "Acosh",
          "Atanh", "Floor", "Ceil", "Round", "Sign", "CumSum"}) {
      r.push_back({op, Unary<false>, {1}, kCounted});
    }
    r.push_back({"Clip", Unary<true>, {1, 2}, kCounted});
    for (const char* op : {"Not", "IsNaN", "IsInf"})
      r.push_back({op, Unary<false>, {}, kCounted, false});
    for (const char* op :
         {"Add", "Sub", "Mul", "Div", "Pow", "Mod", "PRelu", "BitShift", "Sum", "Max", "Min"}) {
      r.push_back({op, Broadcasting<0>, {}, kCounted});
    }
    r.push_back({"Mean", Broadcasting<1>, {}, kCounted});
    r.push_back({"Where", Broadcasting<0>, {0}, kCounted});
    for (const char* op :
         {"Equal", "Less", "Greater", "LessOrEqual", "GreaterOrEqual", "And", "Or", "Xor"}) {
      r.push_back({op, Broadcasting<0>, {}, kCounted, false});
    }
    r.push_back({"Dropout", Dropout, {1, 2}, kCounted});
    for (const char* op : {"Softmax", "LogSoftmax"}) r.push_back({op, Softmax, {}, kCounted});
    r.push_back({"BatchNormalization", BatchNorm, {3, 4}, kCounted});
    r.push_back({"LayerNormalization", LayerNorm, {}, kCounted});
    r.push_back({"InstanceNormalization", InstanceOrGroupNorm, {}, kCounted});
    r.push_back({"GroupNormalization", InstanceOrGroupNorm, {}, kCounted});
    r.push_back({"RMSNormalization", RmsNorm, {}, kCounted});
    r.push_back({"SimplifiedLayerNormalization", RmsNorm, {}, kCounted});
    for (const char* op :
         {"ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL1", "ReduceL2",
          "ReduceLogSum", "ReduceLogSumExp", "ReduceSumSquare"}) {
      r.push_back({op, Reduce, {1}, kCounted});
    }
    for (const char* op : {"ArgMax", "ArgMin"}) r.push_back({op, Reduce, {}, kCounted, false});
    r.push_back({"Resize", Resize, {1, 2, 3}, kCounted});
    r.push_back({"Upsample", Resize, {1}, kCounted});
    return r;
  }();
  return rules;
}

// Used by the contrib table (rules_sequence.cc).
Rule SkipLayerNormRule() { return SkipNorm<false>; }
Rule SkipSimplifiedLayerNormRule() { return SkipNorm<true>; }
Rule SimplifiedLayerNormRule() { return RmsNorm; }

}  // namespace trainflops::onnx
