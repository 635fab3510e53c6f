// `compare`: Method 1 and Method 2 side by side, their ratio and the
// utilization that reconciles them. Method 1 is exactly one of: a model spec
// file, params with tokens (6ND), or method1_flop taken as given.
#ifndef TRAINFLOPS_COMPARE_REQUEST_H_
#define TRAINFLOPS_COMPARE_REQUEST_H_

#include <optional>
#include <string>
#include <vector>

#include "trainflops/compare.h"
#include "trainflops/estimate_request.h"
#include "trainflops/hardware_request.h"
#include "trainflops/thresholds.h"

namespace trainflops {

struct CompareRequest {
  // A model file, as `estimate` reads it: a spec or an ONNX graph (with
  // `training`), or a Hugging Face config.json (with `tokens`).
  std::optional<InputFile> model;
  TrainingRequest training;                   // for a spec or a graph, single numbers
  std::optional<std::string> params, tokens;  // 6 x N x D; `tokens` also for a config.json
  std::optional<std::string> method1_flop;    // "1.1e19", "22 pfs-days"
  HardwareRequest hardware;                   // Method 2 (its unit is the headline's)
};

// With `thresholds`: each method's figure against the thresholds, since an
// analyst reads a verdict that only one of them supports differently from
// one both do. Method 1 is a point (compare takes its inputs as single
// numbers); Method 2 brings its 90% interval when its inputs are ranges.
struct CompareChecks {
  std::vector<ThresholdCheck> method1, method2;
};

class CompareResult final : public Report {
 public:
  CompareResult(Comparison comparison, ComputeUnit unit,
                std::optional<CompareChecks> checks = std::nullopt)
      : comparison_(std::move(comparison)), unit_(unit), checks_(std::move(checks)) {}
  const Comparison& comparison() const { return comparison_; }
  const std::optional<CompareChecks>& checks() const { return checks_; }
  std::string Json() const override;
  std::string Text() const override;
  std::optional<Citation> Cite() const override;

 private:
  Comparison comparison_;
  ComputeUnit unit_;
  std::optional<CompareChecks> checks_;
};

Result<CompareResult> Run(const CompareRequest& request);

// What can be checked before the model file is read: exactly one Method 1
// source, and single numbers for its training inputs (Run checks it too;
// a front end may check it before opening the file).
Status CheckMethod1Source(const CompareRequest& request);

}  // namespace trainflops

#endif  // TRAINFLOPS_COMPARE_REQUEST_H_
