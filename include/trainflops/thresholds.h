// Regulatory compute thresholds (EU AI Act, California SB 53, ...) and the
// check of an estimate against them. The thresholds, with their legal
// source, wording and status, are in data/thresholds.yaml, compiled in.
#ifndef TRAINFLOPS_THRESHOLDS_H_
#define TRAINFLOPS_THRESHOLDS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/status.h"

namespace trainflops {

struct Threshold {
  std::string id;          // "eu_ai_act_art51"
  std::string name;        // "EU AI Act Art. 51(2): systemic risk presumed"
  double flop = 0;         // exceeded when counted compute > flop (strictly)
  std::string operations;  // "floating point operations", "integer or floating-point operations"
  std::string status;      // "in force", "guidance", "revoked"
  bool in_force = false;
  // "all": every stage (cumulative); "parameter_updates": stages that update
  // the weights only (forward-only generation excluded).
  std::string counts;
  std::string counted_stages;  // prose: which stages count
  std::string excluded;        // prose: what does not count
  std::string wording;         // the legal text
  std::string source;          // instrument, article, date
};

// Parses the thresholds file (YAML); errors name the file and entry.
Result<std::vector<Threshold>> ParseThresholds(std::string_view yaml, const std::string& file);
// The bundled data/thresholds.yaml.
const std::vector<Threshold>& BundledThresholds();

struct StageCompute {
  std::string name;
  double flop = 0;
  bool updates_parameters = true;  // false for forward-only generation
};

struct ComputeRange {
  double low = 0, high = 0;
};
// "3e24..2e25" (units accepted on each side: "1e24 FLOP..5 pfs-days").
Result<ComputeRange> ParseComputeRange(std::string_view text);

enum class Exceeds { kNo, kYes, kUncertain };
std::string ExceedsName(Exceeds e);  // "no", "yes", "uncertain"

struct ThresholdCheck {
  Threshold threshold;
  double counted_flop = 0;
  std::vector<std::string> counted, excluded;  // stage names
  std::optional<ComputeRange> counted_range;   // the range scaled to the counted stages
  Exceeds exceeds = Exceeds::kNo;
  double ratio = 0;                // counted / threshold
  double orders_of_magnitude = 0;  // log10(ratio): +1 = ten times over, -2 = a hundredth
  // With a range: the probability that the counted compute is over the
  // threshold (ProbabilityOver on the counted figure and range).
  std::optional<double> probability_over;
};

// P(X > threshold) for a figure whose point is the median and whose range is
// its 90% interval (5th to 95th percentile), read as a two-piece lognormal:
// ln X is normal on each side of the median with the standard deviation that
// puts 5% beyond that side's end (sigma = ln(end / median) / 1.6449). The
// range may be asymmetric; a side of zero width is a point mass there.
double ProbabilityOver(double median, const ComputeRange& interval, double threshold);
// A probability as printed: "37.2%", and the tails as bounds ("< 0.1%",
// "> 99.9%"), since a two-piece lognormal read from a 90% interval says
// nothing meaningful about odds of one in a billion.
std::string FormatProbability(double p);

// "Accurate within an overall error margin of 30%": the Commission's
// guidelines for providers of general-purpose AI models (C(2025) 7719,
// Annex A) accept any estimation method that meets it. Read here as: the 90%
// interval lies within the margin on both sides of the figure.
inline constexpr double kEuErrorMargin = 0.30;
struct MarginCheck {
  double margin = kEuErrorMargin;
  double below = 0;  // 1 - low / figure
  double above = 0;  // high / figure - 1
  bool within = false;
};
MarginCheck CheckMargin(double figure, const ComputeRange& interval,
                        double margin = kEuErrorMargin);

// Checks `total_flop` (with its range, and its stages when known) against
// each threshold. Counted compute is the total, or the sum of the stages a
// threshold counts; a range is scaled by the same fraction. Exceeds is
// "uncertain" when the range straddles the threshold.
Result<std::vector<ThresholdCheck>> CheckThresholds(
    double total_flop, const std::optional<ComputeRange>& range,
    const std::vector<StageCompute>& stages,
    const std::vector<Threshold>& thresholds = BundledThresholds());

}  // namespace trainflops

#endif  // TRAINFLOPS_THRESHOLDS_H_
