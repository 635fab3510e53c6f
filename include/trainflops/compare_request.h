// `compare`: Method 1 and Method 2 side by side, their ratio and the
// utilization that reconciles them. Method 1 is exactly one of: a model spec
// file, params with tokens (6ND), or method1_flop taken as given.
#ifndef TRAINFLOPS_COMPARE_REQUEST_H_
#define TRAINFLOPS_COMPARE_REQUEST_H_

#include <optional>
#include <string>

#include "trainflops/compare.h"
#include "trainflops/estimate_request.h"
#include "trainflops/hardware_request.h"

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

class CompareResult final : public Report {
 public:
  CompareResult(Comparison comparison, ComputeUnit unit)
      : comparison_(std::move(comparison)), unit_(unit) {}
  const Comparison& comparison() const { return comparison_; }
  std::string Json() const override;
  std::string Text() const override;
  std::optional<Citation> Cite() const override;

 private:
  Comparison comparison_;
  ComputeUnit unit_;
};

Result<CompareResult> Run(const CompareRequest& request);

// What can be checked before the model file is read: exactly one Method 1
// source, and single numbers for its training inputs (Run checks it too;
// a front end may check it before opening the file).
Status CheckMethod1Source(const CompareRequest& request);

}  // namespace trainflops

#endif  // TRAINFLOPS_COMPARE_REQUEST_H_
