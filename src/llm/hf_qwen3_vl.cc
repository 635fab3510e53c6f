// Qwen3-VL and Qwen3-VL-MoE (transformers' modeling_qwen3_vl.py,
// modeling_qwen3_vl_moe.py): the language model of text_config is Qwen3's
// (q/k norms) or Qwen3-MoE's, counted by those rules; the vision encoder and
// its mergers are parts a text token does not use (multimodal.h).
#include <nlohmann/json.hpp>

#include "hf_fields.h"
#include "llm_internal.h"
#include "multimodal.h"

namespace trainflops::llm {
namespace {

using nlohmann::json;

// Qwen3VLVisionConfig's defaults (configuration_qwen3_vl.py; the MoE
// wrapper's vision class has the same).
const json kVision = {{"depth", 27},
                      {"hidden_size", 1152},
                      {"intermediate_size", 4304},
                      {"in_channels", 3},
                      {"patch_size", 16},
                      {"spatial_merge_size", 2},
                      {"temporal_patch_size", 2},
                      {"out_hidden_size", 3584},
                      {"num_position_embeddings", 2304},
                      {"deepstack_visual_indexes", {8, 16, 24}}};
// Qwen3VLTextConfig's and Qwen3VLMoeTextConfig's defaults.
const json kText = {
    {"vocab_size", 151936},    {"hidden_size", 4096},         {"intermediate_size", 22016},
    {"num_hidden_layers", 32}, {"num_attention_heads", 32},   {"num_key_value_heads", 32},
    {"head_dim", 128},         {"tie_word_embeddings", false}};
const json kMoeText = {
    {"vocab_size", 151936},          {"hidden_size", 2048},       {"intermediate_size", 5632},
    {"num_hidden_layers", 24},       {"num_attention_heads", 16}, {"num_key_value_heads", 16},
    {"tie_word_embeddings", false},  {"num_experts", 60},         {"num_experts_per_tok", 4},
    {"moe_intermediate_size", 1408}, {"decoder_sparse_step", 1}};

// Qwen3VLVisionPatchMerger: a LayerNorm (of the merged width m = h·s² after
// the shuffle, else of h), linear_fc1 m x m and linear_fc2 m x out, with
// biases.
double Merger(double h, double m, double out, bool postshuffle) {
  return 2 * (postshuffle ? m : h) + (m * m + m) + (m * out + out);
}

}  // namespace

// Qwen3VLVisionModel: patch_embed (Conv3d of in_channels x temporal x patch²
// to h, with bias), pos_embed (num_position_embeddings x h); per block two
// LayerNorms, qkv (h x 3h) and proj (h x h) with biases, linear_fc1 and
// linear_fc2 (h x intermediate_size, biases; not gated); the merger and one
// post-shuffle merger per deepstack_visual_indexes entry. Rotary positions
// have no parameters.
Status BuildQwen3Vl(HfFields& f, HfModel& out) {
  const bool moe = out.model_type == "qwen3_vl_moe";
  HfFields v = f.SubWithDefaults("vision_config", kVision,
                                 moe ? "Qwen3VLMoeVisionConfig" : "Qwen3VLVisionConfig");
  const double h = v.Need({"hidden_size"}), ff = v.Need({"intermediate_size"});
  const double depth = v.Need({"depth"}, kMaxLayers);
  const double patch = v.Need({"patch_size"}), temporal = v.Need({"temporal_patch_size"});
  const double channels = v.Need({"in_channels"});
  const double merge = v.Need({"spatial_merge_size"});
  const double width = v.Need({"out_hidden_size"});
  const double positions = v.Need({"num_position_embeddings"});
  // One merger per listed layer; an empty list means none.
  const double deepstack = static_cast<double>(v.List("deepstack_visual_indexes").size());
  v.MarkRead({"deepstack_visual_indexes"});
  TF_RETURN_IF_ERROR(f.Check());
  // text_config's tie_word_embeddings, else the wrapper's (both default false).
  json text_defaults = moe ? kMoeText : kText;
  if (f.Has("tie_word_embeddings")) {
    text_defaults["tie_word_embeddings"] = f.Flag("tie_word_embeddings", false);
  }
  HfFields text = f.SubWithDefaults("text_config", text_defaults,
                                    moe ? "Qwen3VLMoeTextConfig" : "Qwen3VLTextConfig");
  TF_RETURN_IF_ERROR(BuildLanguageModel(text, moe ? "qwen3_moe" : "qwen3", out));
  const double block =
      2 * (2 * h) + (3 * h * h + 3 * h) + (h * h + h) + (h * ff + ff) + (ff * h + h);
  AddImagePart(out, "vision encoder", "qwen3_vl_vit", depth,
               channels * temporal * patch * patch * h + h + positions * h + depth * block,
               "vision_config, Qwen3VLVisionModel: Conv3d patch embedding, " + Num(positions) +
                   " learned positions, " + Num(depth) + " blocks of " + Num(h) + " (MLP " +
                   Num(ff) + ", not gated)");
  const double m = h * merge * merge;
  AddImagePart(out, "projector", "qwen3_vl_mergers", 1 + deepstack,
               Merger(h, m, width, false) + deepstack * Merger(h, m, width, true),
               "Qwen3VLVisionPatchMerger (merger) and " + Num(deepstack) +
                   " deepstack mergers: LayerNorm, " + Num(m) + " x " + Num(m) + " and " + Num(m) +
                   " x " + Num(width) + " with biases");
  NoteImageParts(out);
  return Status::Ok();
}

}  // namespace trainflops::llm
