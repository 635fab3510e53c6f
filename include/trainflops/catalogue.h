// The layer catalogue: parameters and forward FLOP per layer type.
//
// Every layer of Table 1 of Sevilla et al. 2022 ("Forward pass FLOP and
// parameters of common layers") is here in both forms the table gives:
// the exact form (weights + bias + non-linearity terms) and the approximate
// form (the "≈" column). Layers real models need beyond the table (Conv1D/3D,
// grouped and depthwise convolution, pooling, normalisation, activations,
// softmax, residual add, dropout, flatten) are added with their own cited
// conventions. One multiply-add = 2 FLOP throughout.
#ifndef TRAINFLOPS_CATALOGUE_H_
#define TRAINFLOPS_CATALOGUE_H_

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/shape.h"
#include "trainflops/status.h"

namespace trainflops {

// Hyper-parameters of one layer, as key=value text (from a spec file or the
// command line). Values are parsed by the typed getters, whose errors name
// the key, the bad value and what is accepted.
class LayerArgs {
 public:
  void Set(std::string key, std::string value) { values_[std::move(key)] = std::move(value); }
  bool Has(std::string_view key) const { return values_.count(std::string(key)) > 0; }
  const std::map<std::string, std::string>& values() const { return values_; }

  // A positive integer (suffixes allowed: "4k"). Required form: error when absent.
  Result<int64_t> PositiveInt(std::string_view key) const;
  Result<int64_t> PositiveInt(std::string_view key, int64_t fallback) const;
  Result<int64_t> NonNegativeInt(std::string_view key, int64_t fallback) const;
  // A finite number in [min, max].
  Result<double> Number(std::string_view key, double fallback, double min, double max) const;
  // true/false/yes/no/1/0/on/off.
  Result<bool> Bool(std::string_view key, bool fallback) const;
  // One of `options` (case-insensitive); the error lists them with a "did you mean".
  Result<std::string> Choice(std::string_view key, const std::vector<std::string>& options,
                             std::string fallback) const;
  // The raw text, or `fallback`.
  std::string Text(std::string_view key, std::string fallback = "") const;

 private:
  std::map<std::string, std::string> values_;
};

// What one layer costs for one example (or one token for per-token parts).
struct LayerCost {
  double params = 0;               // exact: weights + biases (+ norm scales)
  double params_approx = 0;        // Table 1's approximate form
  double forward_flop = 0;         // exact: weights + bias + non-linearity terms
  double forward_flop_approx = 0;  // Table 1's approximate form
  Shape output_shape;
  std::string formula;  // the forward-FLOP formula with the numbers substituted
  std::string source;   // where the formula comes from
  std::vector<std::string> notes;  // anything the user should know (e.g. a Table 1 erratum)
};

struct ParamSpec {
  std::string name;
  std::string description;
  std::string default_value;  // empty = required
};

struct LayerKind {
  std::string name;                  // canonical, e.g. "conv2d"
  std::vector<std::string> aliases;  // e.g. {"conv", "cnn"}
  std::string summary;               // one line for `trainflops layer --list`
  // Names of the input dimensions, in shape order, that the `layer` command
  // reads from key=value arguments (conv2d: {"h", "w", "c"}; dense: {"n"}).
  // Empty means "any shape", given as shape=AxBxC.
  std::vector<std::string> input_dims;
  std::vector<ParamSpec> params;
  std::function<Result<LayerCost>(const Shape& input, const LayerArgs& args)> compute;
};

// All layer kinds, in the order of Table 1 of Sevilla et al. 2022 and then the extras.
const std::vector<LayerKind>& LayerCatalogue();

// Finds a kind by name or alias (case-insensitive; "-" and "_" are the same).
// Unknown names get a NotFound error with a "did you mean" and the list.
Result<const LayerKind*> FindLayerKind(std::string_view name);

// Checks `args` against the kind's parameters (unknown keys are an error
// with a "did you mean"; input-dimension keys must agree with `input`), then
// computes the cost. Errors do not carry the layer name; callers add context.
Result<LayerCost> ComputeLayer(const LayerKind& kind, const Shape& input, const LayerArgs& args);

// For the `layer` command: the input shape from the kind's input-dimension
// arguments (h=400 w=400 c=5), or from shape=AxBxC for any-shape kinds.
Result<Shape> InputShapeFromArgs(const LayerKind& kind, const LayerArgs& args);

}  // namespace trainflops

#endif  // TRAINFLOPS_CATALOGUE_H_
