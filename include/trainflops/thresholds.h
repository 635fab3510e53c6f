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
};

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
