// Llama 3.2 Vision (transformers' modeling_mllama.py, MllamaForConditionalGeneration):
// a Llama language model with cross-attention layers to the image, a tiled
// vision encoder with a gated global encoder, and a linear projector.
#include <algorithm>
#include <cmath>

#include "blocks.h"
#include "decoder.h"
#include "llm_internal.h"
#include "multimodal.h"

namespace trainflops::llm {
namespace {

// MllamaVisionConfig's defaults (configuration_mllama.py); its
// supported_aspect_ratios default has 8 entries.
const nlohmann::json kMllamaVision = {
    {"hidden_size", 1280},
    {"intermediate_size", 5120},
    {"num_hidden_layers", 32},
    {"num_global_layers", 8},
    {"num_channels", 3},
    {"image_size", 448},
    {"patch_size", 14},
    {"max_num_tiles", 4},
    {"vision_output_dim", 7680},
    {"supported_aspect_ratios", {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 1}, {2, 2}, {3, 1}, {4, 1}}}};

// The layers of cross_attention_layers: whole, distinct, below the layer count.
Status CheckCrossLayers(const HfModel& out, std::vector<double> cross, double layers) {
  std::sort(cross.begin(), cross.end());
  for (size_t i = 0; i < cross.size(); ++i) {
    const bool bad = cross[i] < 0 || cross[i] >= layers || cross[i] != std::floor(cross[i]) ||
                     (i > 0 && cross[i] == cross[i - 1]);
    if (bad) {
      return Status::InvalidArgument(
          out.file + ": 'cross_attention_layers' must list distinct layer numbers from 0 to " +
          Num(layers - 1) + " (num_hidden_layers - 1), got " + Num(cross[i]));
    }
  }
  return Status::Ok();
}

// One vision layer (MllamaVisionEncoderLayer): q, k, v, o without biases,
// fc1 and fc2 with biases, two LayerNorms; a global layer adds its two gates.
double VisionLayer(double h, double ff) { return 4 * h * h + (h * ff + ff) + (ff * h + h) + 4 * h; }

}  // namespace

// MllamaTextModel: embed_tokens of vocab_size + 8 rows; of num_hidden_layers,
// those listed in cross_attention_layers are cross-attention layers (the same
// projections, plus q_norm and k_norm of head_dim and two scalar gates);
// the head (MllamaForCausalLM) has vocab_size rows.
Status BuildMllamaText(HfFields& f, HfModel& out) {
  Decoder dec = ReadDecoder(f, out);
  const double ff = f.Need({"intermediate_size"});
  const std::vector<double> cross = f.List("cross_attention_layers");
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(CheckCrossLayers(out, cross, dec.layers));
  const double n_cross = static_cast<double>(cross.size());
  out.model.layers = dec.layers;
  out.model.d_model = dec.d;
  out.model.vocab = dec.vocab;
  AddEmbedding(out.model, "embed_tokens", dec.vocab + 8, dec.d);
  BlockGroup self = RmsBlock(dec, "self-attention layers", dec.layers - n_cross);
  self.mlp.d_ff = ff;
  if (self.count > 0) AddBlocks(out.model, self);
  BlockGroup x = RmsBlock(dec, "cross-attention layers", n_cross);
  x.mlp.d_ff = ff;
  x.attention.extra_params = 2 * dec.attention.head_dim + 2;  // q_norm, k_norm, two gates
  if (n_cross > 0) {
    AddBlocks(out.model, x);
    out.model.notes.push_back(
        "the " + Num(n_cross) +
        " cross-attention layers attend to image tokens: their key and value projections and "
        "attention scores run per image token, counted here like self-attention per text token "
        "(6ND counts every language-model parameter per token either way)");
  }
  Close(out, dec);
  return Status::Ok();
}

// MllamaVisionModel: patch convolution without bias, class embedding, a
// gated position embedding of N + 1 positions with a tile embedding of
// (aspect ratios + 1) x tiles x (N + 1) x h, gated pre- and post-tile
// embeddings of (aspect ratios + 1) x tiles x h, two LayerNorms, the local
// encoder and the gated global encoder; then the projector
// vision_output_dim -> hidden_size with bias.
Status BuildMllama(HfFields& f, HfModel& out) {
  HfFields v = f.SubWithDefaults("vision_config", kMllamaVision, "MllamaVisionConfig");
  const double h = v.Need({"hidden_size"});
  const double ff = v.Need({"intermediate_size"});
  const double layers = v.Need({"num_hidden_layers"}, kMaxLayers);
  const double global = v.Need({"num_global_layers"}, kMaxLayers);
  const double channels = v.Need({"num_channels"});
  const double image = v.Need({"image_size"});
  const double patch = v.Need({"patch_size"});
  const double tiles = v.Need({"max_num_tiles"});
  const double ratios = v.Length("supported_aspect_ratios", 8);
  const double out_dim = v.Need({"vision_output_dim"});
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(BuildTextConfig(f, "mllama_text_model", out));
  const double positions = Patches(image, patch) + 1;
  const double embeddings = channels * patch * patch * h + h +
                            (1 + positions * h + (ratios + 1) * tiles * positions * h) +
                            2 * ((ratios + 1) * tiles * h + 1) + 2 * (2 * h);
  const double vision =
      embeddings + layers * VisionLayer(h, ff) + global * (VisionLayer(h, ff) + 2);
  const double d = out.model.d_model;
  AddImagePart(out, "vision encoder", "mllama_vit", layers + global, vision,
               "vision_config, MllamaVisionModel: " + Num(layers) + " + " + Num(global) +
                   " gated global layers of " + Num(h) + ", " + Num(positions) + " positions, " +
                   Num(tiles) + " tiles, " + Num(ratios) + " aspect ratios");
  AddImagePart(out, "projector", "mllama_projector", 1, out_dim * d + d,
               "multi_modal_projector: " + Num(out_dim) + " x " + Num(d) + " with bias");
  NoteImageParts(out);
  return Status::Ok();
}

}  // namespace trainflops::llm
