// Layers that act on every element of any shape: normalisation, activations,
// softmax, residual add, dropout, flatten. None changes the shape except
// flatten; only the norms have parameters. Approximate = exact throughout.
#include <string>
#include <vector>

#include "kinds.h"

namespace trainflops::catalogue {
namespace {

// `per_element` FLOP on each element; the shape is kept.
Result<LayerCost> PerElement(const Shape& input, double per_element, const std::string& terms,
                             std::string source) {
  TF_ASSIGN_OR_RETURN(const double elements, NumElements(input));
  LayerCost cost;
  cost.forward_flop = per_element * elements;
  cost.forward_flop_approx = cost.forward_flop;
  cost.output_shape = input;
  cost.formula =
      terms + " per element x " + Num(elements) + " elements (" + ShapeToString(input) + ")";
  cost.source = std::move(source);
  return cost;
}

// A normalisation with a learned scale (and shift) per channel, C = last dim.
struct NormSpec {
  const char* affine_key;     // the switch for the learned scale/shift
  double params_per_channel;  // 2 (γ, β) or 1 (γ)
  double flop_affine, flop_plain;
  const char* terms;        // what the plain FLOP count is made of
  const char* scale_terms;  // what the learned scale (and shift) add
  const char* source;
};

Result<LayerCost> Norm(const Shape& input, const LayerArgs& args, const NormSpec& spec) {
  if (input.empty()) {
    return Status::InvalidArgument("a normalisation needs an input of at least one dimension");
  }
  TF_ASSIGN_OR_RETURN(const bool affine, args.Bool(spec.affine_key, true));
  const double flop = affine ? spec.flop_affine : spec.flop_plain;
  const std::string terms = Num(flop) + " (" + spec.terms + (affine ? spec.scale_terms : "") + ")";
  TF_ASSIGN_OR_RETURN(LayerCost cost, PerElement(input, flop, terms, spec.source));
  cost.params = affine ? spec.params_per_channel * static_cast<double>(input.back()) : 0;
  cost.params_approx = cost.params;
  return cost;
}

constexpr const char* kMeanVariance = "mean 1, centre 1, variance 2, normalise 1";

// Training mode: per-channel statistics over the batch.
constexpr NormSpec kBatchNorm = {
    .affine_key = "affine",
    .params_per_channel = 2,
    .flop_affine = 7,
    .flop_plain = 5,
    .terms = kMeanVariance,
    .scale_terms = ", scale+shift 2",
    .source =
        "our convention (one op per add/multiply; per-channel sqrt ignored); params 2·C "
        "(γ, β)"};
constexpr NormSpec kLayerNorm = {
    .affine_key = "elementwise_affine",
    .params_per_channel = 2,
    .flop_affine = 7,
    .flop_plain = 5,
    .terms = kMeanVariance,
    .scale_terms = ", scale+shift 2",
    .source = "our convention (one op per add/multiply; per-row sqrt ignored); params 2·d (γ, β)"};
constexpr NormSpec kRmsNorm = {
    .affine_key = "elementwise_affine",
    .params_per_channel = 1,
    .flop_affine = 4,
    .flop_plain = 3,
    .terms = "square 1, sum 1, normalise 1",
    .scale_terms = ", scale 1",
    .source = "our convention (one op per add/multiply; per-row sqrt ignored); params d (γ)"};

Result<LayerCost> BatchNorm(const Shape& input, const LayerArgs& args) {
  return Norm(input, args, kBatchNorm);
}
Result<LayerCost> LayerNorm(const Shape& input, const LayerArgs& args) {
  return Norm(input, args, kLayerNorm);
}
Result<LayerCost> RmsNorm(const Shape& input, const LayerArgs& args) {
  return Norm(input, args, kRmsNorm);
}

const std::vector<std::string>& ActivationNames() {
  static const std::vector<std::string> names = {
      "relu", "gelu", "sigmoid", "tanh", "silu", "swish", "leaky_relu", "elu", "softplus", "mish"};
  return names;
}

// Seed 002, Table 1 counts one FLOP per output for a layer's non-linearity.
Result<LayerCost> Activation(const Shape& input, const LayerArgs& args) {
  TF_ASSIGN_OR_RETURN(const std::string function, args.Choice("function", ActivationNames(), ""));
  return PerElement(input, 1, "1 (" + (function.empty() ? "non-linearity" : function) + ")",
                    "Sevilla et al. 2022, Table 1 (one FLOP per output for the non-linearity)");
}

Result<LayerCost> Softmax(const Shape& input, const LayerArgs& /*args*/) {
  TF_ASSIGN_OR_RETURN(LayerCost cost, PerElement(input, 3, "3 (exp, sum, divide)",
                                                 "our convention (one op per exp/add/divide)"));
  cost.notes.push_back(
      "Sevilla et al. 2022, Table 1 counts the attention softmax as L, one FLOP per score; we count 3 per "
      "element (exp, sum, divide)");
  return cost;
}

Result<LayerCost> Add(const Shape& input, const LayerArgs& /*args*/) {
  return PerElement(input, 1, "1 (add)", "our convention (one add per element)");
}

// Seed 002, Appendix E: dropout is implemented by multiplying by a 0/1 mask,
// so it slightly increases the operation count; drawing the mask is ignored.
Result<LayerCost> Dropout(const Shape& input, const LayerArgs& args) {
  TF_ASSIGN_OR_RETURN(const double rate, args.Number("rate", 0.1, 0, 1));
  if (rate >= 1) {
    return Status::InvalidArgument("field 'rate': '" + args.Text("rate") +
                                   "' is not in [0, 1): a rate of 1 drops every value");
  }
  return PerElement(input, 1, "1 (mask multiply; the rate " + Num(rate) + " does not reduce it)",
                    "Sevilla et al. 2022, Appendix E (dropout multiplies by a 0/1 mask); sampling ignored");
}

Result<LayerCost> Flatten(const Shape& input, const LayerArgs& /*args*/) {
  TF_ASSIGN_OR_RETURN(const double elements, NumElements(input));
  TF_ASSIGN_OR_RETURN(LayerCost cost, PerElement(input, 0, "0 (reshape)", "no arithmetic"));
  cost.output_shape = {static_cast<int64_t>(elements)};
  return cost;
}

std::vector<ParamSpec> AffineParam(const char* key, const char* what) {
  return {{key, std::string("learned ") + what + " (true/false)", "true"}};
}

}  // namespace

std::vector<LayerKind> ElementwiseKinds() {
  std::vector<std::string> activation_aliases = ActivationNames();
  activation_aliases.push_back("nonlinearity");
  return {
      {"batchnorm",
       {"batch_norm", "bn", "batchnorm2d"},
       "batch normalisation (training mode): 7 FLOP per element, 2·C params",
       {},
       AffineParam("affine", "scale γ and shift β per channel"),
       BatchNorm},
      {"layernorm",
       {"layer_norm", "ln"},
       "layer normalisation: 7 FLOP per element, 2·d params",
       {},
       AffineParam("elementwise_affine", "scale γ and shift β"),
       LayerNorm},
      {"rmsnorm",
       {"rms_norm"},
       "RMS normalisation: 4 FLOP per element, d params",
       {},
       AffineParam("elementwise_affine", "scale γ"),
       RmsNorm},
      {"activation",
       activation_aliases,
       "element-wise non-linearity: 1 FLOP per element (Sevilla et al. 2022, Table 1)",
       {},
       {{"function", "which non-linearity (for the record only)", "unspecified"}},
       Activation},
      {"softmax", {}, "softmax: 3 FLOP per element (exp, sum, divide)", {}, {}, Softmax},
      {"add",
       {"residual", "residual_add"},
       "element-wise sum of two tensors: 1 FLOP per element",
       {},
       {},
       Add},
      {"dropout",
       {},
       "dropout: 1 FLOP per element (mask multiply, Sevilla et al. 2022, Appendix E)",
       {},
       {{"rate", "drop probability in [0, 1)", "0.1"}},
       Dropout},
      {"flatten", {}, "reshape to one dimension: no FLOP", {}, {}, Flatten},
  };
}

}  // namespace trainflops::catalogue
