// Internal: layer groups shared by the hybrid families (hf_ssm.cc's Jamba,
// hf_hybrid.cc's Qwen3-Next) and the multi-token-prediction modules that
// DeepSeek-V3, GLM-4.5 and Qwen3-Next checkpoints ship.
#ifndef TRAINFLOPS_SRC_LLM_HF_LAYERS_H_
#define TRAINFLOPS_SRC_LLM_HF_LAYERS_H_

#include <functional>
#include <string>
#include <vector>

#include "decoder.h"

namespace trainflops::llm {

// The four kinds of layer of a hybrid, {attention, another mixer} x {dense
// MLP, experts}, each added as one block group named by its kind ("layers (4
// attention + experts)"); `add_other` adds a group whose mixer is not
// attention (Jamba: a Mamba mixer; Qwen3-Next: a Gated DeltaNet).
struct HybridLayers {
  std::vector<bool> attention, experts;  // per layer
  std::string attention_name, other_name;
  MlpShape dense, moe;
};
void AddHybridLayers(HfModel& out, const Decoder& dec, const HybridLayers& layers,
                     const std::function<void(const BlockGroup&)>& add_other);

// One multi-token-prediction module (DeepSeek-V3's design): enorm, hnorm and
// shared_head.norm (d each), eh_proj 2d x d and one decoder block with `mlp`.
double MtpModuleParams(const Decoder& dec, const MlpShape& mlp);

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_HF_LAYERS_H_
