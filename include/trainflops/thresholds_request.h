// `thresholds`: a compute figure against the legal thresholds of
// data/thresholds.yaml (EU AI Act, California SB 53, ...).
#ifndef TRAINFLOPS_THRESHOLDS_REQUEST_H_
#define TRAINFLOPS_THRESHOLDS_REQUEST_H_

#include <optional>
#include <string>
#include <vector>

#include "trainflops/request.h"
#include "trainflops/thresholds.h"

namespace trainflops {

struct ThresholdsRequest {
  std::string flop;                  // "3e25", "2e5 pfs-days"
  std::optional<std::string> range;  // "LOW..HIGH", the figure's uncertainty
};

class ThresholdsResult final : public Report {
 public:
  ThresholdsResult(double flop, std::optional<ComputeRange> range,
                   std::vector<ThresholdCheck> checks)
      : flop_(flop), range_(range), checks_(std::move(checks)) {}
  const std::vector<ThresholdCheck>& checks() const { return checks_; }
  std::string Json() const override;
  std::string Text() const override;

 private:
  double flop_;
  std::optional<ComputeRange> range_;
  std::vector<ThresholdCheck> checks_;
};

Result<ThresholdsResult> Run(const ThresholdsRequest& request);

}  // namespace trainflops

#endif  // TRAINFLOPS_THRESHOLDS_REQUEST_H_
