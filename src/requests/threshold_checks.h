// The threshold check of an estimate, as `estimate`, `hardware` and
// `compare` add it when asked (library-internal): the figure with its 90%
// interval against data/thresholds.yaml, and the checks in the reports.
#ifndef TRAINFLOPS_SRC_REQUESTS_THRESHOLD_CHECKS_H_
#define TRAINFLOPS_SRC_REQUESTS_THRESHOLD_CHECKS_H_

#include <optional>
#include <string>
#include <vector>

#include "trainflops/status.h"
#include "trainflops/thresholds.h"
#include "trainflops/uncertain_estimate.h"

namespace trainflops::requests {

// The 5%-95% interval of an estimate's uncertainty, the range its threshold
// check reads; nullopt for a point estimate.
std::optional<ComputeRange> RangeOf(const std::optional<UncertaintyReport>& uncertainty);

// `flop` (the point estimate, read as the median) with the uncertainty's
// interval, when there is one, against each threshold. `stages` as
// CheckThresholds takes them; empty: the whole figure counts.
Result<std::vector<ThresholdCheck>> CheckEstimate(
    double flop, const std::optional<UncertaintyReport>& uncertainty,
    const std::vector<StageCompute>& stages = {});

// The checks of a figure that is a lower bound of the compute (an ONNX graph
// with operators or nodes left uncounted, docs/onnx.md): a threshold above
// it may still be crossed, so "no" becomes "uncertain", and no odds are
// given. Check the figure as a point (no interval) before marking it.
void MarkLowerBound(std::vector<ThresholdCheck>& checks);

// A text report's thresholds block under `title`; with an uncertainty that
// ranks its inputs, a too-wide interval names the one to pin down first.
std::string ChecksText(const std::string& title, const std::vector<ThresholdCheck>& checks,
                       const std::optional<UncertaintyReport>& uncertainty);

}  // namespace trainflops::requests

#endif  // TRAINFLOPS_SRC_REQUESTS_THRESHOLD_CHECKS_H_
