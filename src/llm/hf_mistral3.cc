// Mistral Small 3.1 (model_type mistral3, transformers' modeling_mistral3.py):
// a Mistral language model (text_config), the Pixtral vision encoder
// (modeling_pixtral.py) and Mistral3MultiModalProjector. The vision encoder
// and projector are parts a text token does not use (multimodal.h).
#include <nlohmann/json.hpp>

#include "hf_fields.h"
#include "llm_internal.h"
#include "multimodal.h"

namespace trainflops::llm {
namespace {

using nlohmann::json;

// PixtralVisionConfig's defaults, for a vision_config that leaves fields out.
const json kPixtral = {{"hidden_size", 1024},     {"intermediate_size", 4096},
                       {"num_hidden_layers", 24}, {"num_attention_heads", 16},
                       {"num_channels", 3},       {"patch_size", 16}};
// Mistral3Config's own vision and text models when vision_config or
// text_config is absent (configuration_mistral3.py: Mistral Small 3.1's).
const json kMistral3Vision = {{"hidden_size", 1024},     {"intermediate_size", 4096},
                              {"num_hidden_layers", 24}, {"num_attention_heads", 16},
                              {"num_channels", 3},       {"patch_size", 14}};
const json kMistral3Text = {
    {"vocab_size", 131072},    {"hidden_size", 5120},       {"intermediate_size", 32768},
    {"num_hidden_layers", 40}, {"num_attention_heads", 32}, {"num_key_value_heads", 8},
    {"head_dim", 128}};

// PixtralVisionModel: patch_conv (channels x patch² x h, no bias), ln_pre
// (RMSNorm h); per layer attention_norm and ffn_norm (RMSNorm h each), q, k,
// v, o of h x h without bias (PixtralAttention projects to hidden_size, not
// heads x head_dim), a gated MLP gate/up/down of h x intermediate_size
// without bias. 2D rotary positions have no parameters.
double PixtralParams(double h, double ff, double layers, double channels, double patch) {
  return channels * patch * patch * h + h + layers * (4 * h * h + 3 * h * ff + 2 * h);
}

}  // namespace

Status BuildMistral3(HfFields& f, HfModel& out) {
  const bool given = f.Has("vision_config");
  HfFields v = f.SubWithDefaults("vision_config", given ? kPixtral : kMistral3Vision,
                                 given ? "PixtralVisionConfig" : "Mistral3Config");
  const double h = v.Need({"hidden_size"}), ff = v.Need({"intermediate_size"});
  const double layers = v.Need({"num_hidden_layers"}, kMaxLayers);
  v.CheckGroups({"num_attention_heads"}, v.Need({"num_attention_heads"}), v.Name({"hidden_size"}),
                h);
  const double channels = v.Need({"num_channels"}), patch = v.Need({"patch_size"});
  const double merge = f.Get({"spatial_merge_size"}, 2);  // Mistral3Config's default
  const double features = f.Length("vision_feature_layer", 1);
  const bool bias = f.Flag("multimodal_projector_bias", false);
  TF_RETURN_IF_ERROR(f.Check());
  if (f.Has("text_config")) {
    TF_RETURN_IF_ERROR(BuildTextConfig(f, "mistral", out));
  } else {
    HfFields text = f.SubWithDefaults("text_config", kMistral3Text, "Mistral3Config");
    TF_RETURN_IF_ERROR(BuildLanguageModel(text, "mistral", out));
  }
  AddImagePart(out, "vision encoder", "pixtral_vit", layers,
               PixtralParams(h, ff, layers, channels, patch),
               "vision_config, PixtralVisionModel (modeling_pixtral.py): " + Num(layers) +
                   " layers of " + Num(h) + ", gated MLP of " + Num(ff) + ", RMSNorms, no biases");
  // Mistral3MultiModalProjector: norm (RMSNorm h), patch_merger.merging_layer
  // (h·merge² x h, no bias), linear_1 (h x feature layers -> d), linear_2
  // (d -> d), biases when multimodal_projector_bias.
  const double d = out.model.d_model;
  AddImagePart(out, "projector", "mistral3_projector", 1,
               h + h * merge * merge * h + h * features * d + d * d + (bias ? 2 * d : 0),
               "Mistral3MultiModalProjector: RMSNorm of " + Num(h) + ", patch merger " +
                   Num(h * merge * merge) + " x " + Num(h) + ", linear_1 " + Num(h * features) +
                   " x " + Num(d) + ", linear_2 " + Num(d) + " x " + Num(d) +
                   (bias ? ", with biases" : ", no biases"));
  NoteImageParts(out);
  return Status::Ok();
}

}  // namespace trainflops::llm
