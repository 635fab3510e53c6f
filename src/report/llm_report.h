// Reports of language-model estimates and threshold checks: text for
// people, exactly one JSON object for programs (docs/llm.md, "JSON").
#ifndef TRAINFLOPS_SRC_REPORT_LLM_REPORT_H_
#define TRAINFLOPS_SRC_REPORT_LLM_REPORT_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/hf_config.h"
#include "trainflops/thresholds.h"
#include "trainflops/transformer.h"
#include "trainflops/uncertain_estimate.h"

namespace trainflops {

struct LlmReportContext {
  const HfModel* hf = nullptr;                          // set for a config.json
  const std::vector<ThresholdCheck>* checks = nullptr;  // set with --thresholds
  std::optional<ComputeRange> range;
};

std::string RenderLlmText(const LlmEstimate& e, const LlmReportContext& context);
std::string RenderLlmJson(const LlmEstimate& e, const LlmReportContext& context);

// The `thresholds` command, and the threshold check of an estimate that
// knows what dominates its width: `narrowing` ("pin down the line 'X'
// first ...") is printed when the 90% interval misses the EU's 30% margin.
std::string RenderThresholdsText(const std::vector<ThresholdCheck>& checks,
                                 std::string_view narrowing = {});
// The same for an estimate with its own uncertainty (`tokens`, `hardware`):
// when the interval misses the margin, the input with the largest share of
// its width (uncertainty.width_shares) is the one to pin down first.
std::string RenderThresholdsText(const std::vector<ThresholdCheck>& checks,
                                 const UncertaintyReport& uncertainty);
// The checks as a report's "thresholds" array, one object per threshold:
// every JSON report that checks thresholds writes them with this.
nlohmann::json ThresholdChecksJson(const std::vector<ThresholdCheck>& checks);
// The `thresholds` command's object: flop, unit, range and error_margin (with
// a range), thresholds.
nlohmann::json ThresholdsJson(double flop, const std::optional<ComputeRange>& range,
                              const std::vector<ThresholdCheck>& checks);
std::string RenderThresholdsJson(double flop, const std::optional<ComputeRange>& range,
                                 const std::vector<ThresholdCheck>& checks);

}  // namespace trainflops

#endif  // TRAINFLOPS_SRC_REPORT_LLM_REPORT_H_
