#include "fields.h"

#include <cmath>

#include "core/text.h"
#include "trainflops/field_names.h"
#include "trainflops/units.h"

namespace trainflops::requests {
namespace {

Result<std::uint64_t> Seed(const std::string& text) {
  Result<double> v = ParseNumber(text);
  // Seeds are integers a double holds exactly (below 2^53).
  if (!v.ok() || *v < 0 || *v != std::floor(*v) || *v > 9007199254740992.0) {
    return NotAccepted("seed", text, "a whole number from 0 to 2^53");
  }
  return static_cast<std::uint64_t>(*v);
}

Result<std::size_t> Samples(const std::string& text) {
  Result<double> v = ParseNumber(text);
  if (!v.ok() || *v < 1 || *v != std::floor(*v) || *v > static_cast<double>(kMaxSamples)) {
    return NotAccepted(
        "samples", text,
        "a whole number from 1 to " + FormatScientific(static_cast<double>(kMaxSamples)));
  }
  return static_cast<std::size_t>(*v);
}

}  // namespace

Status NotAccepted(std::string_view field, std::string_view text, std::string_view accepted) {
  return Status::InvalidArgument(FieldRef(field) + ": '" + std::string(text) +
                                 "' is not accepted (accepted: " + std::string(accepted) + ")");
}

Result<std::optional<double>> PositiveField(std::string_view field,
                                            const std::optional<std::string>& text) {
  if (!text) return std::optional<double>();
  Result<double> v = ParsePositive(*text);
  if (!v.ok()) return v.status().WithContext(FieldRef(field));
  return std::optional<double>(*v);
}

Result<std::optional<double>> PositiveWholeField(std::string_view field,
                                                 const std::optional<std::string>& text) {
  TF_ASSIGN_OR_RETURN(const std::optional<double> v, PositiveField(field, text));
  if (v && *v != std::floor(*v)) {
    return NotAccepted(field, *text, "a whole number of tokens, e.g. 2048 or 8K");
  }
  return v;
}

Result<std::optional<Uncertain>> UncertainField(std::string_view field,
                                                const std::optional<std::string>& text,
                                                const PointParser& parse_point,
                                                UncertainOptions options) {
  if (!text) return std::optional<Uncertain>();
  Result<Uncertain> u = ParseUncertain(*text, parse_point, options);
  if (!u.ok()) return u.status().WithContext(FieldRef(field));
  return std::optional<Uncertain>(std::move(u).value());
}

Result<std::optional<Uncertain>> UncertainCountField(std::string_view field,
                                                     const std::optional<std::string>& text) {
  return UncertainField(field, text, ParsePositive);
}

Result<std::optional<bool>> YesNoField(std::string_view field,
                                       const std::optional<std::string>& text) {
  if (!text) return std::optional<bool>();
  const std::string v = ToLower(*text);
  if (v == "yes" || v == "true" || v == "on") return std::optional<bool>(true);
  if (v == "no" || v == "false" || v == "off") return std::optional<bool>(false);
  return NotAccepted(field, *text, "yes, no");
}

Result<UncertaintyOptions> UncertaintyOptionsFrom(const UncertaintyRequest& request) {
  UncertaintyOptions o;
  o.default_ranges = request.uncertainty;
  if (request.samples) {
    TF_ASSIGN_OR_RETURN(o.monte_carlo.samples, Samples(*request.samples));
  }
  if (request.seed) {
    TF_ASSIGN_OR_RETURN(o.monte_carlo.seed, Seed(*request.seed));
  }
  for (const std::string& text : request.quantiles) {
    Result<double> p = ParseNumber(text);
    if (!p.ok() || !(*p > 0 && *p < 1)) {
      return NotAccepted("quantiles", text, "a probability strictly between 0 and 1, e.g. 0.25");
    }
    o.monte_carlo.quantiles.push_back(*p);
  }
  return o;
}

std::string ReportName(std::string_view field) { return FieldRef(field); }

}  // namespace trainflops::requests
