// Internal: layer groups and mixers shared by the hybrid families
// (hf_ssm.cc's Jamba and Falcon-H1, hf_hybrid.cc's Qwen3-Next and Granite)
// and the multi-token-prediction modules that DeepSeek-V3, GLM-4.5 and
// Qwen3-Next checkpoints ship.
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

// The MLP and norms of block group `g` without its attention: the rest of a
// layer whose mixer a family adds itself (Qwen3-Next's Gated DeltaNet,
// LFM2's short convolution).
void AddMlpAndNorms(HfModel& out, const Decoder& dec, const BlockGroup& g);

// The whole model of a hybrid whose other mixer is Mamba (`mamba`): the
// embeddings (Open), AddHybridLayers, the final norm and head (Close).
void AddMambaHybrid(HfModel& out, const Decoder& dec, const HybridLayers& layers,
                    const MambaShape& mamba);

// A Mamba-2 mixer of `d_inner` channels from the mamba_* fields Granite 4.0-H
// and Falcon-H1 share: mamba_n_heads heads of mamba_d_head ("auto": d_inner /
// heads, else heads x head must equal d_inner, named `inner_name`),
// mamba_n_groups groups of B and C, mamba_d_state, mamba_d_conv,
// mamba_conv_bias. Biases and the gated norm are left to the family.
MambaShape ReadMamba2Heads(HfFields& f, double d_inner, const std::string& inner_name);

// One multi-token-prediction module (DeepSeek-V3's design): enorm, hnorm and
// shared_head.norm (d each), eh_proj 2d x d and one decoder block with `mlp`.
double MtpModuleParams(const Decoder& dec, const MlpShape& mlp);

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_HF_LAYERS_H_
