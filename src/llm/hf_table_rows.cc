// The families described as data: one row each, with the defaults of the
// family's configuration class (hf_table.h; hf_table.cc builds them).
// docs/llm.md's coverage table lists them.
#include <nlohmann/json.hpp>

#include "hf_table.h"

namespace trainflops::llm {
namespace {

using nlohmann::json;

json Merged(json base, const json& more) {
  base.update(more);
  return base;
}

// The five sizes every configuration class defaults, in this order.
json Sizes(double vocab, double hidden, double intermediate, double layers, double heads) {
  return {{"vocab_size", vocab},
          {"hidden_size", hidden},
          {"intermediate_size", intermediate},
          {"num_hidden_layers", layers},
          {"num_attention_heads", heads}};
}

// The defaults HunYuanConfig (remote code) and HunYuanMoEV1Config share.
json HunyuanShape() {
  return {{"vocab_size", 290943},        {"hidden_size", 4096},       {"intermediate_size", 11008},
          {"num_hidden_layers", 32},     {"num_attention_heads", 32}, {"attention_bias", false},
          {"tie_word_embeddings", false}};
}

}  // namespace

const std::vector<FamilySpec>& FamilySpecs() {
  static const std::vector<FamilySpec> specs = {
      {.model_type = "smollm3",
       .name = "SmolLM3",
       .rule = "modeling_smollm3.py: Llama blocks (q/k/v/o, gated MLP, 2 RMSNorms per layer); "
               "the NoPE layers (no_rope_layers) have no parameters of their own; head tied "
               "unless tie_word_embeddings is false (SmolLM3Config's default is true)",
       .config_class = "SmolLM3Config",
       .defaults = {{"vocab_size", 128256},
                    {"hidden_size", 2048},
                    {"intermediate_size", 11008},
                    {"num_hidden_layers", 36},
                    {"num_attention_heads", 16},
                    {"num_key_value_heads", 4},
                    {"attention_bias", false},
                    {"mlp_bias", false},
                    {"tie_word_embeddings", true}},
       .mlp_bias = "mlp_bias"},
      {.model_type = "glm4_moe",
       .name = "GLM-4.5 (mixture of experts)",
       .rule = "modeling_glm4_moe.py: q, k, v with biases when attention_bias (o_proj never), "
               "q_norm and k_norm of head_dim when use_qk_norm; the first first_k_dense_replace "
               "layers dense, the others n_routed_experts experts, n_shared_experts shared ones, "
               "a router d x E and its e_score_correction_bias (E); the MTP layer the checkpoint "
               "ships (num_nextn_predict_layers) is reported, not counted",
       .config_class = "Glm4MoeConfig",
       .defaults = {{"vocab_size", 151552},
                    {"hidden_size", 4096},
                    {"intermediate_size", 10944},
                    {"num_hidden_layers", 46},
                    {"num_attention_heads", 96},
                    {"num_key_value_heads", 8},
                    {"attention_bias", false},
                    {"tie_word_embeddings", false},
                    {"use_qk_norm", false},
                    {"moe_intermediate_size", 1408},
                    {"num_experts_per_tok", 8},
                    {"n_shared_experts", 1},
                    {"n_routed_experts", 128},
                    {"first_k_dense_replace", 1}},
       .bias_on = AttnBias::kQkvOnly,
       .qk = QkNorms::kPerHead,
       .qk_switch = "use_qk_norm",
       .experts = "n_routed_experts",
       .top_k = "num_experts_per_tok",
       .expert_width = "moe_intermediate_size",
       .shared = "n_shared_experts",
       .router_bias = true,
       .first_sparse = "first_k_dense_replace",
       .mtp = "num_nextn_predict_layers",
       .mtp_shape_known = true,
       .mtp_copies_embeddings = true},
      {.model_type = "ernie4_5_moe",
       .name = "ERNIE 4.5 (mixture of experts)",
       .rule = "modeling_ernie4_5_moe.py: Llama attention; layer i has experts when "
               "moe_layer_start_index <= i <= moe_layer_end_index and (i + 1) % "
               "moe_layer_interval = 0, else a dense MLP; moe_num_experts experts, one shared "
               "MLP of moe_intermediate_size x moe_num_shared_experts, a router d x E and the "
               "e_score_correction_bias (E); head tied by default; MTP weights not loaded",
       .config_class = "Ernie4_5_MoeConfig",
       .defaults = {{"vocab_size", 103424},
                    {"hidden_size", 2560},
                    {"intermediate_size", 12288},
                    {"num_hidden_layers", 28},
                    {"num_attention_heads", 20},
                    {"num_key_value_heads", 4},
                    {"tie_word_embeddings", true},
                    {"use_bias", false},
                    {"moe_intermediate_size", 1536},
                    {"moe_k", 6},
                    {"moe_num_experts", 64},
                    {"moe_num_shared_experts", 2},
                    {"moe_layer_start_index", 1},
                    {"moe_layer_end_index", -1},
                    {"moe_layer_interval", 1}},
       .bias = nullptr,
       .experts = "moe_num_experts",
       .top_k = "moe_k",
       .expert_width = "moe_intermediate_size",
       .shared = "moe_num_shared_experts",
       .router_bias = true,
       .first_sparse = "moe_layer_start_index",
       .last_sparse = "moe_layer_end_index",
       .interval = "moe_layer_interval",
       .mtp = "num_nextn_predict_layers",
       .refused_flags = {"use_bias"}},
      {.model_type = "hunyuan",
       .name = "Hunyuan (Tencent's remote code; mixture of experts)",
       .rule = "Tencent's modeling_hunyuan.py (remote code): q/k/v/o of attention_head_dim "
               "(biases when attention_bias), query_layernorm and key_layernorm of head_dim "
               "when use_qk_norm; from layer moe_layer_num_skipped on, num_experts experts of "
               "moe_intermediate_size (a number or one per layer), a router d x E and, when "
               "use_mixed_mlp_moe, a shared MLP of intermediate_size x num_shared_expert; "
               "num_experts 1 is a dense MLP",
       .config_class = "HunYuanConfig",
       .defaults = Merged(HunyuanShape(), {{"mlp_bias", false},
                                           {"use_qk_norm", false},
                                           {"use_cla", false},
                                           {"use_mla", false},
                                           {"num_experts", 1},
                                           {"use_mixed_mlp_moe", false},
                                           {"num_shared_expert", 1},
                                           {"moe_topk", 1},
                                           {"moe_layer_num_skipped", 0}}),
       .head_dim = "attention_head_dim",
       .qk = QkNorms::kPerHead,
       .qk_switch = "use_qk_norm",
       .experts = "num_experts",
       .top_k = "moe_topk",
       .expert_width = "moe_intermediate_size",
       .shared = "num_shared_expert",
       .shared_unit = SharedUnit::kDenseWidth,
       .shared_switch = "use_mixed_mlp_moe",
       .first_sparse = "moe_layer_num_skipped",
       .one_expert_is_dense = true,
       .refused_flags = {"use_cla", "use_mla", "mlp_bias"}},
      {.model_type = "hunyuan_v1_moe",
       .name = "Hunyuan MoE V1 (mixture of experts)",
       .rule = "modeling_hunyuan_v1_moe.py: Llama attention with query_layernorm and "
               "key_layernorm of head_dim; every layer num_experts experts of "
               "intermediate_size (a number or one per layer), a router d x E and a shared MLP "
               "of intermediate_size",
       .config_class = "HunYuanMoEV1Config",
       .defaults = Merged(HunyuanShape(), {{"num_experts", 1}, {"moe_topk", 1}}),
       .qk = QkNorms::kPerHead,
       .experts = "num_experts",
       .top_k = "moe_topk",
       .expert_width = "intermediate_size",
       .one_shared = true,
       .shared_unit = SharedUnit::kDenseWidth},
      {.model_type = "glm4",
       .name = "GLM-4-0414 (dense)",
       .rule = "modeling_glm4.py: GlmAttention's q, k, v with biases when attention_bias "
               "(o_proj never); Phi3MLP's fused gate_up_proj (d x 2·intermediate_size) and "
               "down_proj, the weights of a gated MLP; four RMSNorms per layer (input, "
               "post_self_attn, post_attention, post_mlp); partial rotary has no parameters",
       .config_class = "Glm4Config",
       .defaults = Merged(Sizes(151552, 4096, 13696, 40, 32), {{"num_key_value_heads", 2},
                                                               {"head_dim", 128},
                                                               {"attention_bias", true},
                                                               {"tie_word_embeddings", false}}),
       .bias_on = AttnBias::kQkvOnly,
       .norms = 4},
      {.model_type = "ernie4_5",
       .name = "ERNIE 4.5 (dense)",
       .rule = "modeling_ernie4_5.py: Llama attention and gated MLP; use_bias puts a bias on "
               "q, k, v, o and on gate, up, down; head tied by default (Ernie4_5Config)",
       .config_class = "Ernie4_5Config",
       .defaults = Merged(Sizes(103424, 1024, 3072, 18, 16), {{"num_key_value_heads", 2},
                                                              {"head_dim", 128},
                                                              {"use_bias", false},
                                                              {"tie_word_embeddings", true}}),
       .bias = "use_bias",
       .mlp_bias = "use_bias"},
      {.model_type = "olmo3",
       .name = "OLMo 3",
       .rule = "modeling_olmo3.py (OLMo 2's layers): q, k, v, o (biases when attention_bias), "
               "q_norm over all heads (heads x head_dim) and k_norm (kv heads x head_dim), "
               "gated MLP, two RMSNorms per layer after attention and MLP; sliding windows "
               "have no parameters",
       .config_class = "Olmo3Config",
       .defaults = Merged(Sizes(50304, 4096, 11008, 32, 32),
                          {{"attention_bias", false}, {"tie_word_embeddings", false}}),
       .qk = QkNorms::kFullWidth},
      {.model_type = "exaone4",
       .name = "EXAONE 4",
       .rule = "modeling_exaone4.py: q, k, v, o without biases, q_norm and k_norm of head_dim, "
               "Olmo2MLP (gated), two RMSNorms per layer (post_attention, post_feedforward); "
               "sliding windows have no parameters",
       .config_class = "Exaone4Config",
       .defaults = Merged(Sizes(102400, 4096, 16384, 32, 32),
                          {{"num_key_value_heads", 32}, {"tie_word_embeddings", false}}),
       .bias = nullptr,
       .qk = QkNorms::kPerHead},
      {.model_type = "seed_oss",
       .name = "Seed-OSS",
       .rule = "modeling_seed_oss.py: q, k, v with biases when attention_bias, o_proj's bias "
               "when attention_out_bias, gated MLP with biases when mlp_bias, two RMSNorms "
               "per layer",
       .config_class = "SeedOssConfig",
       .defaults = Merged(Sizes(155136, 4096, 27648, 64, 80), {{"num_key_value_heads", 8},
                                                               {"head_dim", 128},
                                                               {"attention_bias", true},
                                                               {"attention_out_bias", false},
                                                               {"mlp_bias", false},
                                                               {"tie_word_embeddings", false}}),
       .bias_on = AttnBias::kQkvOnly,
       .out_bias = "attention_out_bias",
       .mlp_bias = "mlp_bias"},
      {.model_type = "apertus",
       .name = "Apertus",
       .rule = "modeling_apertus.py: Llama attention (biases when attention_bias) with q_norm "
               "and k_norm of head_dim; NemotronMLP, up_proj and down_proj only (not gated, no "
               "biases); the xIELU activation's alpha_p and alpha_n (2 per layer, counted "
               "with the attention's extra parameters; its beta and eps are buffers); two "
               "RMSNorms per layer (attention_layernorm, feedforward_layernorm)",
       .config_class = "ApertusConfig",
       .defaults = Merged(
           Sizes(131072, 4096, 14336, 32, 32),
           {{"attention_bias", false}, {"hidden_act", "xielu"}, {"tie_word_embeddings", false}}),
       .qk = QkNorms::kPerHead,
       .gated = false,
       .learned_act = "xielu",
       .act_params = 2},
      {.model_type = "arcee",
       .name = "Arcee (AFM)",
       .rule = "modeling_arcee.py: Llama attention (biases when attention_bias); NemotronMLP, "
               "up_proj and down_proj only (ReLU², not gated; biases when mlp_bias); two "
               "RMSNorms per layer",
       .config_class = "ArceeConfig",
       .defaults =
           Merged(Sizes(32000, 2560, 18432, 32, 32),
                  {{"attention_bias", false}, {"mlp_bias", false}, {"tie_word_embeddings", false}}),
       .mlp_bias = "mlp_bias",
       .gated = false},
      {.model_type = "dots1",
       .name = "dots.llm1 (mixture of experts)",
       .rule = "modeling_dots1.py: Qwen3 attention (biases when attention_bias, q_norm and "
               "k_norm of head_dim); the first first_k_dense_replace layers a dense MLP of "
               "intermediate_size, the others DeepSeek-V3's MoE: n_routed_experts experts of "
               "moe_intermediate_size, a shared MLP of moe_intermediate_size x "
               "n_shared_experts, a router d x E and its e_score_correction_bias (E)",
       .config_class = "Dots1Config",
       .defaults = Merged(Sizes(152064, 4608, 10944, 62, 32), {{"moe_intermediate_size", 1408},
                                                               {"num_key_value_heads", 32},
                                                               {"first_k_dense_replace", 0},
                                                               {"attention_bias", false},
                                                               {"tie_word_embeddings", false}}),
       .qk = QkNorms::kPerHead,
       .experts = "n_routed_experts",
       .top_k = "num_experts_per_tok",
       .expert_width = "moe_intermediate_size",
       .shared = "n_shared_experts",
       .router_bias = true,
       .first_sparse = "first_k_dense_replace"},
  };
  return specs;
}

}  // namespace trainflops::llm
