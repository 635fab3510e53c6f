// Language-model requests (library-internal): LlmRequest read into the
// estimator's inputs, and the result made from an estimate, shared by
// Run(TokensRequest) and Run(EstimateRequest) on a Hugging Face config.
#ifndef TRAINFLOPS_SRC_REQUESTS_LLM_REQUEST_H_
#define TRAINFLOPS_SRC_REQUESTS_LLM_REQUEST_H_

#include <optional>
#include <vector>

#include "trainflops/tokens_request.h"
#include "trainflops/uncertain_estimate.h"

namespace trainflops::requests {

struct LlmInputs {
  Convention convention = kDefaultConvention;
  ConventionOptions convention_options;
  std::vector<LlmStage> stages;
  std::optional<double> seq_len;
  bool thresholds = false;
  std::optional<ComputeRange> range;
  // Ranges on tokens and stages (params ranges are added by tokens), and the
  // Monte Carlo options.
  LlmUncertainInputs uncertain;
  UncertaintyOptions uncertainty;
};

Result<LlmInputs> LlmInputsFrom(const LlmRequest& request);

// Adds the uncertainty (when an input is a range or default ranges are
// asked) and checks the thresholds when asked (against the range, or else
// the 90% interval).
Result<LlmResult> LlmResultFrom(LlmEstimate estimate, const LlmInputs& inputs,
                                std::optional<HfModel> hf);

}  // namespace trainflops::requests

#endif  // TRAINFLOPS_SRC_REQUESTS_LLM_REQUEST_H_
