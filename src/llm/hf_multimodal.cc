// Multimodal wrappers: a language model (text_config) with a vision encoder
// (vision_config) and a projector between them. Each part is counted from
// its own modelling code and reported separately (HfModel::parts); the
// vision encoder and projector are stored parameters that a text token does
// not use, so they are not active per token.
//
// Configs written by Hugging Face hold only the fields that differ from the
// configuration class's defaults, so each nested config is completed with
// its class's defaults (HfFields::SubWithDefaults) and the report names them.
#include <cmath>

#include "blocks.h"
#include "core/text.h"
#include "decoder.h"
#include "hf_fields.h"
#include "llm_internal.h"
#include "multimodal.h"
#include "trainflops/input_limits.h"

namespace trainflops::llm {
namespace {

using nlohmann::json;

// --- the configuration classes' defaults (transformers' configuration_*.py)

// Language models, by text_config.model_type.
struct TextDefaults {
  const char* model_type;
  const char* class_name;
  json values;
};
const std::vector<TextDefaults>& TextClasses() {
  static const std::vector<TextDefaults> classes = {
      {"llama",
       "LlamaConfig",
       {{"vocab_size", 32000},
        {"hidden_size", 4096},
        {"intermediate_size", 11008},
        {"num_hidden_layers", 32},
        {"num_attention_heads", 32}}},
      {"mistral",
       "MistralConfig",
       {{"vocab_size", 32000},
        {"hidden_size", 4096},
        {"intermediate_size", 14336},
        {"num_hidden_layers", 32},
        {"num_attention_heads", 32},
        {"num_key_value_heads", 8}}},
      {"qwen2",
       "Qwen2Config",
       {{"vocab_size", 151936},
        {"hidden_size", 4096},
        {"intermediate_size", 22016},
        {"num_hidden_layers", 32},
        {"num_attention_heads", 32},
        {"num_key_value_heads", 32}}},
      {"gemma3_text",
       "Gemma3TextConfig",
       {{"vocab_size", 262208},
        {"hidden_size", 2304},
        {"intermediate_size", 9216},
        {"num_hidden_layers", 26},
        {"num_attention_heads", 8},
        {"num_key_value_heads", 4},
        {"head_dim", 256}}},
      {"mllama_text_model",
       "MllamaTextConfig",
       {{"vocab_size", 128256},
        {"hidden_size", 4096},
        {"intermediate_size", 14336},
        {"num_hidden_layers", 40},
        {"num_attention_heads", 32},
        {"num_key_value_heads", 8},
        {"cross_attention_layers", {3, 8, 13, 18, 23, 28, 33, 38}}}},
  };
  return classes;
}

const json kClipVision = {{"hidden_size", 768},      {"intermediate_size", 3072},
                          {"num_hidden_layers", 12}, {"num_channels", 3},
                          {"image_size", 224},       {"patch_size", 32}};
// LlavaConfig's vision encoder when vision_config is absent: CLIP ViT-L/14 at 336.
const json kLlavaVision = {{"hidden_size", 1024},     {"intermediate_size", 4096},
                           {"num_hidden_layers", 24}, {"num_channels", 3},
                           {"image_size", 336},       {"patch_size", 14}};
const json kSiglipVision = {{"hidden_size", 768},      {"intermediate_size", 3072},
                            {"num_hidden_layers", 12}, {"num_channels", 3},
                            {"image_size", 224},       {"patch_size", 16}};
const json kQwen2VlVision = {
    {"depth", 32},      {"embed_dim", 1280},       {"hidden_size", 3584},     {"mlp_ratio", 4},
    {"patch_size", 14}, {"spatial_merge_size", 2}, {"temporal_patch_size", 2}};
}  // namespace

void AddImagePart(HfModel& out, const std::string& name, const std::string& type, double count,
                  double params, const std::string& how) {
  Component c;
  c.name = name;
  c.type = type;
  c.role = ComponentRole::kOther;
  c.count = count;
  c.params = params;
  c.in_blocks = false;
  out.model.components.push_back(c);
  out.parts.push_back({name, params, true, how});
}

void NoteImageParts(HfModel& out) {
  double image = 0, language = 0;
  for (const HfPart& p : out.parts) (p.name == "language model" ? language : image) += p.params;
  out.model.notes.push_back(
      "multimodal: the total " + Exact(language + image) + " is the language model's " +
      Exact(language) + " plus " + Exact(image) +
      " in the vision encoder and projector, which run once per image, not per text token: the "
      "per-token FLOP and 6ND use the language model's parameters; the images' own compute "
      "(about 2 x those parameters x patches per image, forward) is not counted");
}

// The language model of text_config (or of the top-level fields), counted
// by its own family's rule.
Status BuildLanguageModel(HfFields& text, const std::string& text_type, HfModel& out) {
  const FamilyRow* row = FindFamilyRow(text_type);
  if (row == nullptr || row->build == nullptr) {
    return Status::InvalidArgument(out.file + ": model_type '" + out.model_type +
                                   "': its language model has model_type '" +
                                   Abbreviate(text_type) + "', which is not a known family");
  }
  const std::string wrapper = out.model_type;
  out.model_type = text_type;
  const Status built = row->build(text, out);
  out.model_type = wrapper;
  TF_RETURN_IF_ERROR(built);
  out.parts.push_back({"language model", TotalParams(out.model), true,
                       "as model_type " + text_type + " (" + row->name + ")"});
  return Status::Ok();
}

Status BuildTextConfig(HfFields& f, const std::string& fallback_type, HfModel& out) {
  HfFields raw = f.Sub("text_config");
  const std::string type = raw.Text("model_type", fallback_type);
  for (const TextDefaults& d : TextClasses()) {
    if (type != d.model_type) continue;
    HfFields text = f.SubWithDefaults("text_config", d.values, d.class_name);
    return BuildLanguageModel(text, type, out);
  }
  return BuildLanguageModel(raw, type, out);
}

double Patches(double image, double patch) {
  const double side = std::floor(image / patch);
  return side * side;
}

namespace {

// One ViT layer of CLIP or SigLIP (modeling_clip.py CLIPEncoderLayer): q, k,
// v, out with biases, fc1 and fc2 with biases, two LayerNorms.
double VitLayer(double h, double ff) {
  return 4 * (h * h + h) + (h * ff + ff) + (ff * h + h) + 2 * (2 * h);
}

struct Vit {
  double h = 0, ff = 0, layers = 0, channels = 0, image = 0, patch = 0;
};
Vit ReadVit(HfFields& v) {
  Vit r;
  r.h = v.Need({"hidden_size"});
  r.ff = v.Need({"intermediate_size"});
  r.layers = v.Need({"num_hidden_layers"}, kMaxLayers);
  r.channels = v.Need({"num_channels"});
  r.image = v.Need({"image_size"});
  r.patch = v.Need({"patch_size"});
  return r;
}

// LLaVA (modeling_llava.py): CLIPVisionModel (modeling_clip.py: patch
// convolution without bias, class embedding, N + 1 positions, pre- and
// post-LayerNorm, every layer kept: vision_feature_layer only picks an
// output) and LlavaMultiModalProjector (linear_1 from the vision width times
// the feature layers to the text width, GELU, linear_2).
Status BuildLlava(HfFields& f, HfModel& out) {
  const bool given = f.Has("vision_config");
  HfFields v = f.SubWithDefaults("vision_config", given ? kClipVision : kLlavaVision,
                                 given ? "CLIPVisionConfig" : "LlavaConfig");
  const Vit vit = ReadVit(v);
  const double features = f.Length("vision_feature_layer", 1);
  const bool bias = f.Flag("multimodal_projector_bias", true);
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(BuildTextConfig(f, "llama", out));
  const double n = Patches(vit.image, vit.patch);
  const double embeddings = vit.channels * vit.patch * vit.patch * vit.h + vit.h + (n + 1) * vit.h;
  const double vision = embeddings + 2 * (2 * vit.h) + vit.layers * VitLayer(vit.h, vit.ff);
  const double d = out.model.d_model;
  AddImagePart(out, "vision encoder", "clip_vit", vit.layers, vision,
               "vision_config, CLIP ViT (modeling_clip.py): " + Num(vit.layers) + " layers of " +
                   Num(vit.h) + ", " + Num(n) + " patches + class token");
  AddImagePart(out, "projector", "llava_projector", 1,
               vit.h * features * d + d * d + (bias ? 2 * d : 0),
               "LlavaMultiModalProjector: linear_1 " + Num(vit.h * features) + " x " + Num(d) +
                   ", linear_2 " + Num(d) + " x " + Num(d) + (bias ? ", with biases" : ""));
  NoteImageParts(out);
  return Status::Ok();
}

// Gemma 3 (modeling_gemma3.py): SiglipVisionModel (modeling_siglip.py: patch
// convolution with bias, N positions and no class token, post-LayerNorm, the
// attention-pooling head only when vision_use_head) and
// Gemma3MultiModalProjector (a vision x text weight without bias and an
// RMSNorm of the vision width).
Status BuildGemma3(HfFields& f, HfModel& out) {
  HfFields v = f.SubWithDefaults("vision_config", kSiglipVision, "SiglipVisionConfig");
  const Vit vit = ReadVit(v);
  const bool head = v.Flag("vision_use_head", true);
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(BuildTextConfig(f, "gemma3_text", out));
  const double n = Patches(vit.image, vit.patch);
  const double h = vit.h;
  // SiglipMultiheadAttentionPoolingHead: probe, nn.MultiheadAttention
  // (in_proj 3h x h + 3h, out_proj h x h + h), LayerNorm, MLP.
  const double pooling =
      h + (3 * h * h + 3 * h) + (h * h + h) + 2 * h + (h * vit.ff + vit.ff) + (vit.ff * h + h);
  const double vision = vit.channels * vit.patch * vit.patch * h + h + n * h +
                        vit.layers * VitLayer(h, vit.ff) + 2 * h + (head ? pooling : 0);
  const double d = out.model.d_model;
  AddImagePart(out, "vision encoder", "siglip_vit", vit.layers, vision,
               "vision_config, SigLIP ViT (modeling_siglip.py): " + Num(vit.layers) +
                   " layers of " + Num(h) + ", " + Num(n) + " patches" +
                   (head ? ", attention-pooling head" : ", no pooling head (vision_use_head)"));
  AddImagePart(out, "projector", "gemma3_projector", 1, h * d + h,
               "Gemma3MultiModalProjector: " + Num(h) + " x " + Num(d) +
                   " without bias, RMSNorm of " + Num(h));
  NoteImageParts(out);
  return Status::Ok();
}

// Qwen2-VL (modeling_qwen2_vl.py): the language model is Qwen2's (q, k, v
// biases), its fields at the top level (or under text_config); the vision
// transformer has a Conv3d patch embedding without bias, blocks of two
// LayerNorms, a fused qkv and proj with biases and an MLP of
// embed_dim x mlp_ratio with biases, then PatchMerger (LayerNorm, two linear
// layers from embed_dim x spatial_merge_size^2 to hidden_size).
Status BuildQwen2Vl(HfFields& f, HfModel& out) {
  HfFields v = f.SubWithDefaults("vision_config", kQwen2VlVision, "Qwen2VLVisionConfig");
  const double e = v.Need({"embed_dim"});
  const double depth = v.Need({"depth"}, kMaxLayers);
  const double ratio = v.Real("mlp_ratio", 4);
  const double channels = v.Get({"in_chans", "in_channels"}, 3);
  const double patch = v.Need({"patch_size"});
  const double temporal = v.Need({"temporal_patch_size"});
  const double merge = v.Need({"spatial_merge_size"});
  const double out_width = v.Need({"hidden_size"});
  TF_RETURN_IF_ERROR(f.Check());
  if (f.Has("text_config")) {
    TF_RETURN_IF_ERROR(BuildTextConfig(f, "qwen2", out));
  } else {
    TF_RETURN_IF_ERROR(BuildLanguageModel(f, "qwen2", out));
  }
  const double ff = std::floor(e * ratio);
  const double block =
      2 * (2 * e) + (3 * e * e + 3 * e) + (e * e + e) + (e * ff + ff) + (ff * e + e);
  const double m = e * merge * merge;
  AddImagePart(out, "vision encoder", "qwen2_vl_vit", depth,
               e * channels * temporal * patch * patch + depth * block,
               "vision_config, Qwen2-VL ViT: Conv3d patch embedding, " + Num(depth) +
                   " blocks of " + Num(e) + " (MLP " + Num(ff) + ")");
  AddImagePart(out, "projector", "qwen2_vl_merger", 1,
               2 * e + (m * m + m) + (m * out_width + out_width),
               "PatchMerger (visual.merger): LayerNorm of " + Num(e) + ", " + Num(m) + " x " +
                   Num(m) + " and " + Num(m) + " x " + Num(out_width) + " with biases");
  NoteImageParts(out);
  return Status::Ok();
}

// Gemma 3n (modeling_gemma3n.py) has structure no rule here counts: its
// language model adds per-layer embeddings (vocab_size_per_layer_input x
// layers x hidden_size_per_layer_input), AltUp's altup_num_inputs streams
// with their predict and correct matrices, LAuReL's low-rank residuals and a
// per-layer MLP width; its vision encoder is timm's MobileNet-V5 and its
// audio encoder a Conformer. Refused by name rather than counted wrong.
Status RefuseGemma3n(HfFields&, HfModel& out) {
  return Status::InvalidArgument(
      out.file + ": model_type '" + out.model_type +
      "' (Gemma 3n, modeling_gemma3n.py) is not counted: its per-layer embeddings, AltUp "
      "streams, LAuReL residuals and MatFormer MLP widths, its MobileNet-V5 vision encoder and "
      "its Conformer audio encoder have no rule here (accepted instead: the parameter count as a "
      "number, tokens --params N)");
}

}  // namespace

// Llama 4 (modeling_llama4.py). Llama4VisionModel: the patch embedding
// (Llama4UnfoldConvolution, a linear C·p² x d without bias), a class
// embedding d, positions (N + 1)·d, LayerNorms before and after (weights and
// biases); per layer q, k, v and o with biases (heads x head_dim = a wide),
// fc1 and fc2 with biases, two LayerNorms; then the vision adapter
// (Llama4VisionPixelShuffleMLP: fc1 intermediate_size x projector_input_dim
// and fc2 projector_output_dim², no biases; the pixel shuffle and the rotary
// embedding have no parameters). Llama4MultiModalProjector: linear_1
// vision_output_dim x the text width, no bias (multi_modal_projector_bias is
// not read by the code).
Status AddLlama4Vision(HfFields& f, HfModel& out) {
  HfFields v = f.Sub("vision_config");
  const Vit vit = ReadVit(v);
  const double heads = v.Need({"num_attention_heads"});
  const double in = v.Need({"projector_input_dim"});
  const double proj_out = v.Need({"projector_output_dim"});
  const double vision_out = v.Need({"vision_output_dim"});
  TF_RETURN_IF_ERROR(f.Check());
  const double d = vit.h, ff = vit.ff;
  const double a = heads * std::floor(d / heads);
  const double layer = (3 * (d * a + a) + (a * d + d)) + (d * ff + ff) + (ff * d + d) + 2 * (2 * d);
  const double n = Patches(vit.image, vit.patch);
  const double encoder = vit.channels * vit.patch * vit.patch * d + d + (n + 1) * d + 2 * (2 * d) +
                         vit.layers * layer + ff * in + proj_out * proj_out;
  AddImagePart(out, "vision encoder", "llama4_vit", vit.layers, encoder,
               "vision_config, Llama4VisionModel: " + Num(vit.layers) + " layers of " + Num(d) +
                   ", " + Num(n) + " patches + class token, pixel-shuffle adapter " + Num(ff) +
                   " x " + Num(in) + " and " + Num(proj_out) + " x " + Num(proj_out));
  const double text_width = out.model.d_model;
  AddImagePart(
      out, "projector", "llama4_projector", 1, vision_out * text_width,
      "Llama4MultiModalProjector: " + Num(vision_out) + " x " + Num(text_width) + " without bias");
  NoteImageParts(out);
  return Status::Ok();
}

const std::vector<FamilyRow>& MultimodalFamilies() {
  static const std::vector<FamilyRow> rows = {
      {"llava", "LLaVA (language model + CLIP vision encoder)", BuildLlava,
       "modeling_llava.py: text_config by its own family; CLIP ViT with every layer; "
       "LlavaMultiModalProjector"},
      {"gemma3", "Gemma 3 (language model + SigLIP vision encoder)", BuildGemma3,
       "modeling_gemma3.py: text_config as gemma3_text; SigLIP ViT; Gemma3MultiModalProjector"},
      {"qwen2_vl", "Qwen2-VL (language model + vision transformer)", BuildQwen2Vl,
       "modeling_qwen2_vl.py: Qwen2 language model; vision transformer and PatchMerger"},
      {"mllama_text_model", "Llama 3.2 Vision's language model (self- and cross-attention)",
       BuildMllamaText,
       "modeling_mllama.py (MllamaTextModel): embeddings of vocab + 8, self-attention layers and "
       "cross-attention layers (cross_attention_layers) with q/k norms and two gates, head of "
       "vocab"},
      {"mistral3", "Mistral Small 3.1 (language model + Pixtral vision encoder)", BuildMistral3,
       "modeling_mistral3.py: text_config by its own family (mistral); PixtralVisionModel "
       "(modeling_pixtral.py); Mistral3MultiModalProjector (RMSNorm, patch merger, two linear "
       "layers)"},
      {"qwen3_vl", "Qwen3-VL (language model + vision transformer)", BuildQwen3Vl,
       "modeling_qwen3_vl.py: text_config as Qwen3 (q/k norms); Qwen3VLVisionModel (Conv3d "
       "patch embedding with bias, learned positions, LayerNorm blocks with a non-gated MLP), "
       "its merger and the deepstack mergers"},
      {"qwen3_vl_moe", "Qwen3-VL-MoE (mixture-of-experts language model + vision transformer)",
       BuildQwen3Vl,
       "modeling_qwen3_vl_moe.py: text_config as Qwen3-MoE (num_experts experts of "
       "moe_intermediate_size, a router, q/k norms); the vision transformer and mergers of "
       "Qwen3-VL"},
      {"gemma3n", "Gemma 3n (refused)", RefuseGemma3n,
       "modeling_gemma3n.py: refused (per-layer embeddings, AltUp, LAuReL, MobileNet-V5 and a "
       "Conformer audio encoder have no rule)"},
      {"gemma3n_text", "Gemma 3n language model (refused)", RefuseGemma3n,
       "modeling_gemma3n.py: refused (per-layer embeddings, AltUp, LAuReL have no rule)"},
      {"mllama", "Llama 3.2 Vision (language model with cross-attention + vision encoder)",
       BuildMllama,
       "modeling_mllama.py: self- and cross-attention layers, embeddings of vocab + 8; tiled "
       "ViT with a gated global encoder; a projector from vision_output_dim"},
  };
  return rows;
}

}  // namespace trainflops::llm
