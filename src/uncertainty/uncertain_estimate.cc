// An estimate's uncertainty as a sum of products of ratios (see the header).
#include "trainflops/uncertain_estimate.h"

#include <cmath>

#include "../core/estimate_json.h"
#include "core/text.h"
#include "uncertainty_json.h"

namespace trainflops {

Result<Distribution> RatioTo(const Distribution& distribution, double used) {
  if (!(used > 0) || !std::isfinite(used)) {
    return Status::InvalidArgument("cannot scale " + distribution.Describe() +
                                   " by a value that is not a positive number");
  }
  return distribution.Scaled(1 / used);
}

std::size_t QuantityList::Add(const std::string& key, UncertainQuantity quantity) {
  if (!key.empty()) {
    for (const auto& [k, index] : keys_) {
      if (k == key) return index;
    }
    keys_.emplace_back(key, quantities_.size());
  }
  quantities_.push_back(std::move(quantity));
  return quantities_.size() - 1;
}

namespace {

// A sample that overflows is the ranges' doing: name them, as every other
// overflow message names its largest inputs.
Status Named(const Status& failure, const QuantityList& list) {
  std::vector<std::string> ranged;
  for (const UncertainQuantity& q : list.quantities()) {
    if (!q.ratio.is_point()) ranged.push_back(q.name + " " + q.distribution);
  }
  if (ranged.empty() || failure.message().find("overflows") == std::string::npos) return failure;
  return Status::InvalidArgument(
      "the interval overflows: some samples of the result exceed 1.8e308, the largest number a "
      "double holds; narrow the range of " +
      JoinNames(ranged, "; ") + " (" + failure.message() + ")");
}

}  // namespace

Result<UncertaintyReport> PropagateTerms(const std::vector<UncertainTerm>& terms,
                                         const QuantityList& list,
                                         const UncertaintyOptions& options) {
  UncertaintyReport report;
  std::vector<Factor> factors;
  for (const UncertainQuantity& q : list.quantities()) factors.push_back({q.name, q.ratio, 1});
  std::vector<ProductTerm> products;
  for (const UncertainTerm& t : terms) {
    report.point += t.point;
    products.push_back({t.point, t.quantities});
  }
  if (factors.empty()) factors.push_back({"point", Distribution::Point(1), 1});
  Result<UncertaintySummary> summary = PropagateSum(factors, products, options.monte_carlo);
  if (!summary.ok()) return Named(summary.status(), list);
  report.summary = *summary;
  for (const UncertainQuantity& q : list.quantities()) {
    if (!q.ratio.is_point()) report.quantities.push_back(q);
  }
  report.width_shares = WidthShares(terms, list.quantities());
  if (report.quantities.empty()) {
    report.notes.push_back(
        "no input or assumption is uncertain: the interval is the point estimate itself");
  }
  return report;
}

std::string RenderUncertaintyText(const UncertaintyReport& r, ComputeUnit unit) {
  std::string out = "\nUncertainty (Monte Carlo over the ranges below; docs/uncertainty.md):\n";
  for (const UncertainQuantity& q : r.quantities) {
    out += "  - " + q.name + ": " + q.distribution + " (" + q.source + ")\n";
  }
  const UncertaintySummary& s = r.summary;
  const double per_unit = FlopPerUnit(unit);
  UncertaintySummary scaled = s;  // the summary line in the report's unit
  scaled.median /= per_unit;
  scaled.low /= per_unit;
  scaled.high /= per_unit;
  for (QuantileValue& q : scaled.quantiles) q.value /= per_unit;
  out += "  result: " + FormatSummary(scaled, UnitName(unit)) + "\n";
  out += "  point estimate " + FormatCompute(r.point, unit) +
         " (inputs at their medians, assumptions at their usual values)\n";
  out += "  label rule: " + ConfidenceRuleText(s.label) + "\n";
  if (!r.width_shares.empty()) {
    out += "  width by input: " + FormatWidthShares(r.width_shares) +
           " (share of the variance of ln result)\n";
  }
  for (const std::string& n : r.notes) out += "  note: " + n + "\n";
  return out;
}

nlohmann::json UncertaintyJson(const UncertaintyReport& r) {
  const UncertaintySummary& s = r.summary;
  nlohmann::json quantiles = nlohmann::json::array();
  for (const QuantileValue& q : s.quantiles) {
    quantiles.push_back({{"probability", q.probability}, {"value", q.value}});
  }
  nlohmann::json quantities = nlohmann::json::array();
  for (const UncertainQuantity& q : r.quantities) {
    quantities.push_back({{"name", q.name},
                          {"distribution", q.distribution},
                          {"source", q.source},
                          {"reference", ReferenceOf(q.source)}});
  }
  nlohmann::json shares = nlohmann::json::array();
  for (const WidthShare& w : r.width_shares) {
    shares.push_back({{"name", w.name}, {"share", w.share}});
  }
  return {{"point", r.point},
          {"median", s.median},
          {"low", s.low},
          {"high", s.high},
          {"interval", "90% (5th to 95th percentile)"},
          {"quantiles", quantiles},
          {"label", std::string(ConfidenceLabelName(s.label))},
          {"label_rule", ConfidenceRuleText(s.label)},
          {"samples", s.samples},
          {"seed", s.seed},
          {"unit", "FLOP"},
          {"quantities", quantities},
          {"width_shares", shares},
          {"notes", r.notes}};
}

}  // namespace trainflops
