// LFM2 (Liquid AI, modeling_lfm2.py): a hybrid of gated short convolutions
// and attention. Parameters are exact; a convolution layer's per-token FLOP
// is 2 per weight (in_proj, the depthwise conv's taps, out_proj), its two
// elementwise gates are not counted, like other elementwise work.
#include <cmath>
#include <nlohmann/json.hpp>

#include "decoder.h"
#include "hf_layers.h"
#include "llm_internal.h"

namespace trainflops::llm {
namespace {

using nlohmann::json;

// Lfm2Config's defaults (configuration_lfm2.py). full_attn_idxs and
// layer_types default to None, which makes every layer attention.
const json kLfm2Defaults = {{"vocab_size", 65536},
                            {"hidden_size", 2560},
                            {"intermediate_size", 12288},
                            {"num_hidden_layers", 32},
                            {"num_attention_heads", 32},
                            {"num_key_value_heads", 8},
                            {"tie_word_embeddings", true},
                            {"conv_bias", false},
                            {"conv_L_cache", 3},
                            {"block_multiple_of", 256},
                            {"block_ffn_dim_multiplier", 1.0},
                            {"block_auto_adjust_ff_dim", true}};

// Lfm2MLP's width: intermediate_size (the original key block_ff_dim wins),
// when block_auto_adjust_ff_dim int(2·ff/3), then int(multiplier·ff), then
// rounded up to a multiple of block_multiple_of.
double MlpWidth(HfFields& f) {
  double ff = f.Need({"block_ff_dim", "intermediate_size"});
  if (!f.Flag("block_auto_adjust_ff_dim", true)) return ff;
  ff = std::floor(2 * ff / 3);
  ff = std::floor(f.Real("block_ffn_dim_multiplier", 1.0) * ff);
  const double multiple = f.Divisor({"block_multiple_of"}, 256, "the MLP width is rounded to it");
  return multiple > 0 ? multiple * std::ceil(ff / multiple) : ff;
}

// Which layers are attention: layer_types ("full_attention" or "conv"), else
// full_attn_idxs, else all (the class's default).
std::vector<bool> AttentionLayers(HfFields& f, double layers) {
  std::vector<bool> attention(static_cast<size_t>(layers), true);
  const std::vector<std::string> types = f.Texts("layer_types");
  if (!types.empty()) {
    if (static_cast<double>(types.size()) != layers) {
      f.Bad("'layer_types' lists " + std::to_string(types.size()) + " layers, but the model has " +
            Num(layers) + " (accepted: one per layer)");
    }
    for (size_t i = 0; i < types.size() && i < attention.size(); ++i) {
      if (types[i] != "full_attention" && types[i] != "conv") {
        f.Bad("'layer_types' has '" + types[i] + "' (accepted: full_attention, conv)");
      }
      attention[i] = types[i] == "full_attention";
    }
    return attention;
  }
  if (!f.Has("full_attn_idxs")) return attention;
  attention.assign(attention.size(), false);
  for (double i : f.List("full_attn_idxs")) {
    if (i < 0 || i >= layers) {
      f.Bad("'full_attn_idxs' has layer " + Num(i) + " (accepted: 0 to " + Num(layers - 1) + ")");
      continue;
    }
    attention[static_cast<size_t>(i)] = true;
  }
  return attention;
}

// Lfm2ShortConv's weights for `g.count` layers: in_proj d x 3d, conv1d of d
// channels with conv_L_cache taps, out_proj d x d (biases 3d + d + d when
// conv_bias); then the layer's MLP and norms.
void AddConvLayers(HfModel& out, const Decoder& dec, double taps, bool bias, const BlockGroup& g) {
  Component c;
  c.name = g.label + "/short_conv";
  c.type = "gated_short_conv";
  c.role = ComponentRole::kStateSpace;
  c.count = g.count;
  c.matmul_params = g.count * (3 * dec.d * dec.d + dec.d * taps + dec.d * dec.d);
  c.params = c.active_params = c.matmul_params + (bias ? g.count * 5 * dec.d : 0);
  c.output_shape = SeqShape(out.model.seq_len, dec.d);
  out.model.components.push_back(c);
  AddMlpAndNorms(out, dec, g);
}

}  // namespace

Status BuildLfm2(HfFields& given, HfModel& out) {
  HfFields f = given.WithDefaults(kLfm2Defaults, "Lfm2Config");
  Decoder dec = ReadShape(f);
  dec.attention.extra_params = 2 * dec.attention.head_dim;  // q_layernorm, k_layernorm
  // The original key tie_embedding wins over tie_word_embeddings.
  dec.tied =
      f.Has("tie_embedding") ? f.Flag("tie_embedding", true) : f.Flag("tie_word_embeddings", true);
  const double taps = f.Need({"conv_L_cache"});
  const bool bias = f.Flag("conv_bias", false);
  HybridLayers layers;
  layers.attention = AttentionLayers(f, dec.layers);
  layers.experts.assign(layers.attention.size(), false);
  layers.attention_name = "attention";
  layers.other_name = "short convolution";
  layers.dense.gated = true;
  layers.dense.d_ff = MlpWidth(f);
  TF_RETURN_IF_ERROR(f.Check());
  Open(out, dec);
  AddHybridLayers(out, dec, layers,
                  [&](const BlockGroup& g) { AddConvLayers(out, dec, taps, bias, g); });
  Close(out, dec);
  out.model.notes.push_back("LFM2: the MLP width is " + Exact(layers.dense.d_ff) +
                            " (Lfm2MLP's adjustment of the config's intermediate_size); the "
                            "short convolutions count 2 FLOP per weight per token, their gates "
                            "(elementwise) are not counted");
  return Status::Ok();
}

}  // namespace trainflops::llm
