// The catalogue's registry, argument parsing and validation.
#include "trainflops/catalogue.h"

#include <cmath>
#include <cstdio>
#include <set>

#include "core/text.h"
#include "kinds.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

// Keys are compared with '-' and '_' equivalent and case-insensitive.
std::string NormalizeName(std::string_view name) {
  std::string out = ToLower(Trim(name));
  for (char& c : out) {
    if (c == '-' || c == ' ') c = '_';
  }
  return out;
}

Status BadValue(std::string_view key, const std::string& value, std::string_view accepted) {
  return Status::InvalidArgument("field '" + std::string(key) + "': '" + value + "' is not " +
                                 std::string(accepted));
}

constexpr double kMaxExactInteger = 9007199254740992.0;  // 2^53

}  // namespace

Result<int64_t> LayerArgs::PositiveInt(std::string_view key) const {
  if (!Has(key)) return Status::InvalidArgument("missing field '" + std::string(key) + "'");
  return PositiveInt(key, 1);
}

Result<int64_t> LayerArgs::PositiveInt(std::string_view key, int64_t fallback) const {
  TF_ASSIGN_OR_RETURN(const int64_t v, NonNegativeInt(key, fallback));
  if (v == 0) return BadValue(key, Text(key), "a positive integer (it is zero)");
  return v;
}

Result<int64_t> LayerArgs::NonNegativeInt(std::string_view key, int64_t fallback) const {
  if (!Has(key)) return fallback;
  const std::string text = Text(key);
  Result<double> parsed = ParseNumber(text);
  if (!parsed.ok()) return BadValue(key, text, "an integer");
  const double v = *parsed;
  if (v < 0) return BadValue(key, text, "a non-negative integer");
  if (v != std::floor(v)) return BadValue(key, text, "a whole number");
  if (v > kMaxExactInteger) return BadValue(key, text, "an integer below 2^53");
  return static_cast<int64_t>(v);
}

Result<double> LayerArgs::Number(std::string_view key, double fallback, double min,
                                 double max) const {
  if (!Has(key)) return fallback;
  const std::string text = Text(key);
  Result<double> parsed = ParseNumber(text);
  if (!parsed.ok()) return BadValue(key, text, "a number");
  if (*parsed < min || *parsed > max) {
    char range[96];
    std::snprintf(range, sizeof range, "in the accepted range [%g, %g]", min, max);
    return BadValue(key, text, range);
  }
  return *parsed;
}

Result<bool> LayerArgs::Bool(std::string_view key, bool fallback) const {
  if (!Has(key)) return fallback;
  const std::string v = ToLower(Trim(Text(key)));
  if (v == "true" || v == "yes" || v == "1" || v == "on") return true;
  if (v == "false" || v == "no" || v == "0" || v == "off") return false;
  return BadValue(key, Text(key), "a boolean (accepted: true, false, yes, no, 1, 0)");
}

Result<std::string> LayerArgs::Choice(std::string_view key, const std::vector<std::string>& options,
                                      std::string fallback) const {
  if (!Has(key)) return fallback;
  const std::string v = ToLower(Trim(Text(key)));
  for (const std::string& option : options) {
    if (v == option) return option;
  }
  return Status::InvalidArgument("field '" + std::string(key) + "': '" + Text(key) +
                                 "' is not accepted (accepted: " + JoinNames(options) + ")" +
                                 DidYouMean(v, options));
}

std::string LayerArgs::Text(std::string_view key, std::string fallback) const {
  auto it = values_.find(std::string(key));
  return it == values_.end() ? fallback : it->second;
}

namespace catalogue {
std::string Num(double value) {
  char buf[64];
  if (std::fabs(value) < kMaxExactInteger && value == std::floor(value)) {
    std::snprintf(buf, sizeof buf, "%.0f", value);
  } else {
    std::snprintf(buf, sizeof buf, "%.6g", value);
  }
  return buf;
}
}  // namespace catalogue

const std::vector<LayerKind>& LayerCatalogue() {
  static const std::vector<LayerKind> kinds = [] {
    std::vector<LayerKind> all;
    for (auto part : {catalogue::DenseKinds, catalogue::ConvKinds, catalogue::RecurrentKinds,
                      catalogue::AttentionKinds, catalogue::ElementwiseKinds}) {
      for (LayerKind& kind : part()) all.push_back(std::move(kind));
    }
    return all;
  }();
  return kinds;
}

Result<const LayerKind*> FindLayerKind(std::string_view name) {
  const std::string wanted = NormalizeName(name);
  std::vector<std::string> names;
  for (const LayerKind& kind : LayerCatalogue()) {
    if (NormalizeName(kind.name) == wanted) return &kind;
    for (const std::string& alias : kind.aliases) {
      if (NormalizeName(alias) == wanted) return &kind;
    }
    names.push_back(kind.name);
  }
  std::vector<std::string> all_names = names;
  for (const LayerKind& kind : LayerCatalogue()) {
    all_names.insert(all_names.end(), kind.aliases.begin(), kind.aliases.end());
  }
  return Status::NotFound("unknown layer type '" + Abbreviate(name) + "'" +
                          DidYouMean(wanted, all_names) + " (accepted: " + JoinNames(names) + ")");
}

namespace {

Status CheckKnownKeys(const LayerKind& kind, const LayerArgs& args) {
  std::vector<std::string> accepted;
  for (const ParamSpec& p : kind.params) accepted.push_back(p.name);
  accepted.insert(accepted.end(), kind.input_dims.begin(), kind.input_dims.end());
  if (kind.input_dims.empty()) accepted.push_back("shape");
  const std::set<std::string> known(accepted.begin(), accepted.end());
  for (const auto& [key, value] : args.values()) {
    if (known.count(key) == 0) {
      return Status::InvalidArgument("unknown field '" + Abbreviate(key) + "' for " + kind.name +
                                     DidYouMean(key, accepted) +
                                     " (accepted: " + JoinNames(accepted) + ")");
    }
  }
  return Status::Ok();
}

// Input-dimension keys given next to a propagated shape must agree with it:
// a spec that says c=3 where the previous layer produced 5 channels is wrong.
Status CheckInputDims(const LayerKind& kind, const Shape& input, const LayerArgs& args) {
  if (kind.input_dims.empty()) return Status::Ok();
  if (input.size() != kind.input_dims.size()) {
    return Status::InvalidArgument(
        kind.name + " expects an input of " + std::to_string(kind.input_dims.size()) +
        " dimensions (" + JoinNames(kind.input_dims, " x ") + ") but got " + ShapeToString(input) +
        (input.size() > kind.input_dims.size() ? "; add a flatten layer or check the previous layer"
                                               : ""));
  }
  for (size_t i = 0; i < input.size(); ++i) {
    const std::string& key = kind.input_dims[i];
    if (!args.Has(key)) continue;
    TF_ASSIGN_OR_RETURN(const int64_t given, args.PositiveInt(key));
    if (given != input[i]) {
      return Status::InvalidArgument("field '" + key + "' is " + std::to_string(given) +
                                     " but the incoming shape " + ShapeToString(input) + " has " +
                                     key + "=" + std::to_string(input[i]));
    }
  }
  return Status::Ok();
}

}  // namespace

Result<LayerCost> ComputeLayer(const LayerKind& kind, const Shape& input, const LayerArgs& args) {
  TF_RETURN_IF_ERROR(CheckKnownKeys(kind, args));
  TF_RETURN_IF_ERROR(CheckInputDims(kind, input, args));
  TF_RETURN_IF_ERROR(NumElements(input));
  TF_ASSIGN_OR_RETURN(LayerCost cost, kind.compute(input, args));
  TF_RETURN_IF_ERROR(NumElements(cost.output_shape).status().WithContext("output shape"));
  for (double v : {cost.params, cost.params_approx, cost.forward_flop, cost.forward_flop_approx}) {
    if (!std::isfinite(v) || v < 0) {
      return Status::InvalidArgument("the layer's cost is not a finite non-negative number");
    }
  }
  return cost;
}

Result<Shape> InputShapeFromArgs(const LayerKind& kind, const LayerArgs& args) {
  if (kind.input_dims.empty()) {
    if (!args.Has("shape")) {
      return Status::InvalidArgument(
          "missing field 'shape': the input shape, e.g. shape=200x200x16");
    }
    return ParseShape(args.Text("shape"));
  }
  Shape shape;
  for (const std::string& key : kind.input_dims) {
    if (!args.Has(key)) {
      return Status::InvalidArgument("missing field '" + key + "' (input dimensions of " +
                                     kind.name + ": " + JoinNames(kind.input_dims) + ")");
    }
    TF_ASSIGN_OR_RETURN(const int64_t v, args.PositiveInt(key));
    shape.push_back(v);
  }
  return shape;
}

}  // namespace trainflops
