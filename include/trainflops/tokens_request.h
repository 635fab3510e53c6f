// Language models by their numbers (`tokens`): 6ND and the attention-aware
// per-token conventions; LlmRequest is shared with a Hugging Face config.json
// given to Run(EstimateRequest).
#ifndef TRAINFLOPS_TOKENS_REQUEST_H_
#define TRAINFLOPS_TOKENS_REQUEST_H_

#include <optional>
#include <string>
#include <vector>

#include "trainflops/hf_config.h"
#include "trainflops/request.h"
#include "trainflops/thresholds.h"
#include "trainflops/transformer.h"

namespace trainflops {

// The training of a language model. Fields marked [range] also take a range
// or a distribution ("1.4T..2T", "lognormal(70B, 1.5)").
struct LlmRequest {
  std::optional<std::string> tokens;  // pre-training tokens ("1.4T") [range]
  // Further stages, "NAME:TOKENS[:forward]" (TOKENS [range]).
  std::vector<std::string> stages;
  std::optional<std::string> seq_len;     // training sequence length
  std::optional<std::string> convention;  // 6nd (default), kaplan, palm, chinchilla, megatron
  std::optional<std::string> attention;   // causal | full
  std::optional<std::string> recompute;   // none | selective | full
  bool thresholds = false;                // check the total against the legal thresholds
  std::optional<std::string> range;       // "LOW..HIGH" for the threshold check
  UncertaintyRequest uncertainty;
};

struct TokensRequest {
  std::optional<std::string> params;         // total parameters [range]
  std::optional<std::string> active_params;  // per token, mixture of experts [range]
  std::optional<std::string> layers, d_model, heads, head_dim, vocab, d_ff;
  bool gated = false;  // gated MLP (SwiGLU/GeGLU: three matrices)
  LlmRequest llm;
  // The parameters read from a checkpoint instead of `params` (exact, so no
  // range): model.safetensors.index.json with `checkpoint_config`, the
  // config.json beside it, for the bytes per value; a .safetensors or GGUF file.
  InputFile params_checkpoint;
  InputFile checkpoint_config;
};

class LlmResult final : public Report {
 public:
  LlmResult(LlmEstimate estimate, std::optional<HfModel> hf, std::optional<ComputeRange> range,
            std::optional<std::vector<ThresholdCheck>> checks);
  const LlmEstimate& estimate() const { return estimate_; }
  const HfModel* hf() const { return hf_ ? &*hf_ : nullptr; }
  std::string Json() const override;
  std::string Text() const override;
  std::optional<Citation> Cite() const override;

 private:
  LlmEstimate estimate_;
  std::optional<HfModel> hf_;
  std::optional<ComputeRange> range_;
  std::optional<std::vector<ThresholdCheck>> checks_;
};

Result<LlmResult> Run(const TokensRequest& request);

}  // namespace trainflops

#endif  // TRAINFLOPS_TOKENS_REQUEST_H_
