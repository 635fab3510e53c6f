// Each batch row's odds against the compute thresholds in force: what a
// compliance analyst asks of every row ("how likely is this model over
// 10^25?"), and whether its interval meets the EU's 30% error margin
// (Commission guidelines C(2025) 7719, Annex A).
#include <optional>
#include <vector>

#include "row_methods.h"
#include "trainflops/thresholds.h"

namespace trainflops::batch {

const std::vector<Threshold>& InForceThresholds() {
  static const std::vector<Threshold> in_force = [] {
    std::vector<Threshold> out;
    for (const Threshold& t : BundledThresholds()) {
      if (t.in_force) out.push_back(t);
    }
    return out;
  }();
  return in_force;
}

void CheckRowThresholds(RowEstimate& out) {
  out.probability_over.clear();
  out.within_eu_margin.reset();
  if (!out.flop || !out.low || !out.high || out.fine_tune || !out.flags.empty()) return;
  const ComputeRange interval{*out.low, *out.high};
  for (const Threshold& t : InForceThresholds()) {
    out.probability_over.push_back(ProbabilityOver(*out.flop, interval, t.flop));
  }
  out.within_eu_margin = CheckMargin(*out.flop, interval).within;
}

}  // namespace trainflops::batch
