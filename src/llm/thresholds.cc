// The thresholds file and the check of an estimate against it.
#include "trainflops/thresholds.h"

#include <yaml-cpp/yaml.h>

#include <cmath>

#include "core/finite.h"
#include "trainflops/input_limits.h"
#include "trainflops/uncertainty.h"
#include "trainflops/units.h"

namespace trainflops {

namespace embedded {
extern const char trainflops_thresholds_yaml[];
extern const unsigned long trainflops_thresholds_yaml_size;
}  // namespace embedded

namespace {

Result<std::string> Text(const YAML::Node& entry, const char* key, const std::string& where) {
  const YAML::Node v = entry[key];
  if (!v || !v.IsScalar() || v.Scalar().empty()) {
    return Status::InvalidArgument(where + ": missing field '" + key + "'");
  }
  return v.Scalar();
}

Result<Threshold> ParseEntry(const YAML::Node& entry, const std::string& where) {
  Threshold t;
  TF_ASSIGN_OR_RETURN(t.id, Text(entry, "id", where));
  const std::string at = where + " (" + t.id + ")";
  TF_ASSIGN_OR_RETURN(t.name, Text(entry, "name", at));
  TF_ASSIGN_OR_RETURN(const std::string flop, Text(entry, "flop", at));
  Result<double> value = ParseCompute(flop);
  if (!value.ok()) return value.status().WithContext(at + ": field 'flop'");
  t.flop = *value;
  TF_ASSIGN_OR_RETURN(t.operations, Text(entry, "operations", at));
  TF_ASSIGN_OR_RETURN(t.status, Text(entry, "status", at));
  TF_ASSIGN_OR_RETURN(const std::string in_force, Text(entry, "in_force", at));
  t.in_force = in_force == "true";
  TF_ASSIGN_OR_RETURN(t.counts, Text(entry, "counts", at));
  if (t.counts != "all" && t.counts != "parameter_updates") {
    return Status::InvalidArgument(at + ": field 'counts' is '" + t.counts +
                                   "' (accepted: all, parameter_updates)");
  }
  TF_ASSIGN_OR_RETURN(t.counted_stages, Text(entry, "counted_stages", at));
  TF_ASSIGN_OR_RETURN(t.excluded, Text(entry, "excluded", at));
  TF_ASSIGN_OR_RETURN(t.wording, Text(entry, "wording", at));
  TF_ASSIGN_OR_RETURN(t.source, Text(entry, "source", at));
  return t;
}

}  // namespace

Result<std::vector<Threshold>> ParseThresholds(std::string_view yaml, const std::string& file) {
  TF_RETURN_IF_ERROR(CheckNestingDepth(yaml, file));
  YAML::Node root;
  try {
    root = YAML::Load(std::string(yaml));
  } catch (const YAML::Exception& e) {
    return Status::ParseError(file + ":" + std::to_string(e.mark.line + 1) +
                              ": malformed YAML: " + e.msg);
  }
  const YAML::Node list = root["thresholds"];
  if (!list || !list.IsSequence()) {
    return Status::InvalidArgument(file + ": expected a 'thresholds' list");
  }
  std::vector<Threshold> out;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string where = file + ":" + std::to_string(list[i].Mark().line + 1);
    TF_ASSIGN_OR_RETURN(Threshold t, ParseEntry(list[i], where));
    out.push_back(std::move(t));
  }
  return out;
}

const std::vector<Threshold>& BundledThresholds() {
  static const std::vector<Threshold> thresholds = [] {
    Result<std::vector<Threshold>> r =
        ParseThresholds(std::string_view(embedded::trainflops_thresholds_yaml,
                                         embedded::trainflops_thresholds_yaml_size),
                        "data/thresholds.yaml");
    // The bundled file is tested (thresholds_test.cc); an empty list can only
    // come from a broken build.
    return r.ok() ? *r : std::vector<Threshold>{};
  }();
  return thresholds;
}

Result<ComputeRange> ParseComputeRange(std::string_view text) {
  const std::string s = Abbreviate(text);
  const size_t dots = text.find("..");
  if (dots == std::string::npos) {
    return Status::InvalidArgument("`range` '" + s + "' is not LOW..HIGH (e.g. 3e24..2e25)");
  }
  ComputeRange r;
  Result<double> low = ParseCompute(text.substr(0, dots));
  if (!low.ok()) return low.status().WithContext("`range` '" + s + "' (low end)");
  Result<double> high = ParseCompute(text.substr(dots + 2));
  if (!high.ok()) return high.status().WithContext("`range` '" + s + "' (high end)");
  r.low = *low;
  r.high = *high;
  if (!(r.low > 0) || r.low > r.high) {
    return Status::InvalidArgument("`range` '" + s + "': need 0 < LOW <= HIGH");
  }
  return r;
}

std::string FormatProbability(double p) {
  if (p < 0.001) return "< 0.1%";
  if (p > 0.999) return "> 99.9%";
  return FormatScientific(100 * p, 3) + "%";
}

double ProbabilityOver(double median, const ComputeRange& interval, double threshold) {
  const double end = threshold >= median ? interval.high : interval.low;
  // Differences of logarithms: ratios of numbers near 1e-300 or 1e300 underflow.
  const double log_threshold = std::log(threshold) - std::log(median);
  const double sigma = std::abs(std::log(end) - std::log(median)) / kZ95;
  if (sigma == 0) return threshold < median ? 1.0 : 0.0;
  return 1 - NormalCdf(log_threshold / sigma);
}

MarginCheck CheckMargin(double figure, const ComputeRange& interval, double margin) {
  MarginCheck m;
  m.margin = margin;
  m.below = 1 - interval.low / figure;
  m.above = interval.high / figure - 1;
  m.within = m.below <= margin && m.above <= margin;
  return m;
}

std::string ExceedsName(Exceeds e) {
  switch (e) {
    case Exceeds::kNo:
      return "no";
    case Exceeds::kYes:
      return "yes";
    case Exceeds::kUncertain:
      return "uncertain";
  }
  return "?";
}

Result<std::vector<ThresholdCheck>> CheckThresholds(double total_flop,
                                                    const std::optional<ComputeRange>& range,
                                                    const std::vector<StageCompute>& stages,
                                                    const std::vector<Threshold>& thresholds) {
  if (!std::isfinite(total_flop) || !(total_flop > 0)) {
    return Status::InvalidArgument("the compute to check must be a positive number of FLOP");
  }
  // A range is the figure's uncertainty: one that leaves the figure out would
  // give verdicts ("exceeds: yes") contradicting the figure's own ratios.
  if (range && !(range->low <= total_flop && total_flop <= range->high)) {
    return Status::InvalidArgument(
        "the range " + FormatScientific(range->low) + ".." + FormatScientific(range->high) +
        " FLOP does not contain the figure " + FormatScientific(total_flop) +
        " FLOP; give a range around the figure (LOW <= FLOP <= HIGH)");
  }
  std::vector<ThresholdCheck> out;
  for (const Threshold& t : thresholds) {
    ThresholdCheck c;
    c.threshold = t;
    c.counted_flop = stages.empty() ? total_flop : 0;
    for (const StageCompute& s : stages) {
      const bool counts = t.counts == "all" || s.updates_parameters;
      (counts ? c.counted : c.excluded).push_back(s.name);
      if (counts) c.counted_flop += s.flop;
    }
    const double share = c.counted_flop / total_flop;
    if (range) c.counted_range = ComputeRange{range->low * share, range->high * share};
    if (c.counted_range) {
      c.exceeds = c.counted_range->low > t.flop     ? Exceeds::kYes
                  : c.counted_range->high <= t.flop ? Exceeds::kNo
                                                    : Exceeds::kUncertain;
    } else {
      c.exceeds = c.counted_flop > t.flop ? Exceeds::kYes : Exceeds::kNo;
    }
    if (c.counted_range && c.counted_flop > 0) {
      c.probability_over = ProbabilityOver(c.counted_flop, *c.counted_range, t.flop);
    }
    c.ratio = c.counted_flop / t.flop;
    // A tiny figure over 1e25 underflows: refused rather than printed as 0.
    if (c.counted_flop > 0) {
      TF_RETURN_IF_ERROR(RequireFinitePositive(
          {{"ratio of the counted compute to the threshold " + t.id, c.ratio, ""}}, {}));
    }
    // The difference of the logarithms, not the logarithm of the ratio: a
    // tiny figure (1e-320 FLOP) over 1e25 underflows to a ratio of 0.
    c.orders_of_magnitude =
        c.counted_flop > 0 ? std::log10(c.counted_flop) - std::log10(t.flop) : -INFINITY;
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace trainflops
