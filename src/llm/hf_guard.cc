// Fields that say a config is not a plain decoder: mixture-of-experts
// fields and structural ones (state-space layers, encoder-decoder stacks,
// nested sub-models, latent attention). An unknown model_type with MoE
// fields is counted as a mixture of experts; one with structural fields is
// refused; a known dense family whose rule leaves an MoE field unread is
// refused too, so that no mixture of experts is ever counted as dense.
#include <algorithm>

#include "hf_fields.h"

namespace trainflops::llm {
namespace {

using nlohmann::json;

bool Contains(const std::string& key, const char* part) {
  return key.find(part) != std::string::npos;
}

// A value that says "there is something here": not null, false, 0 or an
// empty list/object/string ("num_experts": 0 or null appears in dense configs).
bool Meaningful(const json& v) {
  if (v.is_null()) return false;
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number()) return v.get<double>() != 0;
  if (v.is_array() || v.is_object() || v.is_string()) return !v.empty();
  return true;
}

// Layer types that are attention (Gemma 2/3, Qwen3, gpt-oss); any other
// value ("mamba", "linear_attention", ...) is another kind of layer.
bool AttentionLayerTypes(const json& v) {
  if (!v.is_array()) return false;
  return std::all_of(v.begin(), v.end(), [](const json& t) {
    return t.is_string() && (t == "full_attention" || t == "sliding_attention" ||
                             t == "attention" || t == "sliding_window");
  });
}

}  // namespace

bool IsMoeKey(const std::string& key) {
  return Contains(key, "expert") || key.rfind("moe_", 0) == 0 || Contains(key, "_moe") ||
         key == "moe_top_k" || key == "router_topk";
}

std::vector<std::string> MoeKeys(const json& config) {
  std::vector<std::string> keys;
  for (auto it = config.begin(); it != config.end(); ++it) {
    // Loss coefficients and logging switches name experts without
    // describing any ("router_aux_loss_coef", "output_router_logits").
    if (Contains(it.key(), "loss") || Contains(it.key(), "output_")) continue;
    if (IsMoeKey(it.key()) && Meaningful(it.value())) keys.push_back(it.key());
  }
  return keys;
}

std::vector<std::string> StructuralKeys(const json& config) {
  static const std::vector<std::string> exact = {"state_size",
                                                 "d_state",
                                                 "conv_kernel",
                                                 "d_conv",
                                                 "expand",
                                                 "time_step_rank",
                                                 "dt_rank",
                                                 "attn_layer_period",
                                                 "attn_layer_offset",
                                                 "layers_block_type",
                                                 "hybrid_override_pattern",
                                                 "hybrid_layer_pattern",
                                                 "full_attention_interval",
                                                 "block_types",
                                                 "kv_lora_rank",
                                                 "q_lora_rank",
                                                 "vision_config",
                                                 "text_config",
                                                 "audio_config",
                                                 "encoder_layers",
                                                 "decoder_layers",
                                                 "num_decoder_layers",
                                                 "is_encoder_decoder",
                                                 "ffn_config",
                                                 "attn_config",
                                                 "cross_attention_layers",
                                                 "num_nextn_predict_layers",
                                                 "encoder_config",
                                                 "decoder_config"};
  static const std::vector<std::string> prefixes = {"mamba", "ssm", "linear_", "rwkv", "conv_"};
  std::vector<std::string> keys;
  for (auto it = config.begin(); it != config.end(); ++it) {
    const std::string& k = it.key();
    if (!Meaningful(it.value())) continue;
    bool structural = std::find(exact.begin(), exact.end(), k) != exact.end();
    for (const std::string& p : prefixes) structural = structural || k.rfind(p, 0) == 0;
    if (k == "layer_types" && !AttentionLayerTypes(it.value())) structural = true;
    if (structural) keys.push_back(k);
  }
  return keys;
}

}  // namespace trainflops::llm
