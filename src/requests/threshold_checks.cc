// The threshold check of an estimate and its place in the reports.
#include "threshold_checks.h"

#include "report/llm_report.h"

namespace trainflops::requests {

std::optional<ComputeRange> RangeOf(const std::optional<UncertaintyReport>& uncertainty) {
  if (!uncertainty) return std::nullopt;
  return ComputeRange{uncertainty->summary.low, uncertainty->summary.high};
}

Result<std::vector<ThresholdCheck>> CheckEstimate(
    double flop, const std::optional<UncertaintyReport>& uncertainty,
    const std::vector<StageCompute>& stages) {
  return CheckThresholds(flop, RangeOf(uncertainty), stages);
}

void MarkLowerBound(std::vector<ThresholdCheck>& checks) {
  for (ThresholdCheck& c : checks) {
    if (c.exceeds == Exceeds::kNo) c.exceeds = Exceeds::kUncertain;
    c.probability_over.reset();
  }
}

std::string ChecksText(const std::string& title, const std::vector<ThresholdCheck>& checks,
                       const std::optional<UncertaintyReport>& uncertainty) {
  return "\n" + title + ":\n" +
         (uncertainty ? RenderThresholdsText(checks, *uncertainty) : RenderThresholdsText(checks));
}

}  // namespace trainflops::requests
