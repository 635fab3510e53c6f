// Mixtures of experts released since 2024: gpt-oss, Llama 4, Phi-3.5-MoE,
// Granite MoE, OLMoE, DBRX, and an unknown model_type with MoE fields.
// Shapes follow transformers' modeling_<family>.py; docs/llm.md's table
// lists each family's fields and rule.
#include <algorithm>

#include "decoder.h"
#include "llm_internal.h"
#include "multimodal.h"

namespace trainflops::llm {
namespace {

struct ExpertFields {
  std::initializer_list<const char*> experts, top_k, width;
};

MlpShape ReadExperts(HfFields& f, const ExpertFields& names) {
  MlpShape moe;
  moe.experts = f.Need(names.experts);
  moe.experts_per_tok = f.Need(names.top_k);
  moe.expert_ff = f.Need(names.width);
  return moe;
}

// Every layer has experts (Mixtral-style): checks the fields and top-k,
// then adds the embedding, the blocks and the head. `prefix` names nested
// fields in errors ("ffn_config.").
Status AllSparse(HfFields& f, HfModel& out, const Decoder& dec, const MlpShape& moe,
                 const ExpertFields& names, const std::string& prefix = "") {
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(
      CheckTopK(out, moe, prefix + *names.experts.begin(), prefix + *names.top_k.begin()));
  Open(out, dec);
  AddDenseAndMoe(out, dec, std::vector<bool>(static_cast<size_t>(dec.layers), true), MlpShape{},
                 moe);
  Close(out, dec);
  return Status::Ok();
}

// gpt-oss (modeling_gpt_oss.py): q/k/v/o with biases; an attention sink per
// head (`sinks`, num_attention_heads values); per layer num_local_experts
// experts whose fused gate_up_proj (d x 2·ff) and down_proj (ff x d) carry
// biases (2·ff and d); a router d x E with a bias of E; 2 RMSNorms.
Status BuildGptOss(HfFields& f, HfModel& out) {
  Decoder dec = ReadDecoder(f, out, {.tied = false, .attention_bias = true});
  dec.attention.extra_params = dec.attention.heads;  // sinks
  const ExpertFields names{
      {"num_local_experts"}, {"num_experts_per_tok", "experts_per_token"}, {"intermediate_size"}};
  MlpShape moe = ReadExperts(f, names);
  moe.expert_bias = moe.router_bias = true;
  return AllSparse(f, out, dec, moe, names);
}

// Phi-3.5-MoE (modeling_phimoe.py): q/k/v/o with biases (attention_bias),
// LayerNorms with bias (2d), num_local_experts SwiGLU experts (w1, w2, w3)
// with a router d x E, an lm_head with a bias when lm_head_bias.
Status BuildPhiMoe(HfFields& f, HfModel& out) {
  Decoder dec = ReadDecoder(f, out);
  dec.norm_params = 2 * dec.d;
  dec.norm_type = "layernorm";
  dec.head_bias = f.Flag("lm_head_bias", false);
  const ExpertFields names{{"num_local_experts"}, {"num_experts_per_tok"}, {"intermediate_size"}};
  return AllSparse(f, out, dec, ReadExperts(f, names), names);
}

// Granite MoE (modeling_granitemoe.py): Llama attention; per layer
// num_local_experts experts as ParallelExperts input_linear (2·ff x d) and
// output_linear (d x ff), a router d x E without bias. The multipliers
// (embedding, residual, attention, logits) scale activations: no parameters.
Status BuildGraniteMoe(HfFields& f, HfModel& out) {
  const Decoder dec = ReadDecoder(f, out);
  const ExpertFields names{{"num_local_experts"}, {"num_experts_per_tok"}, {"intermediate_size"}};
  return AllSparse(f, out, dec, ReadExperts(f, names), names);
}

// OLMoE (modeling_olmoe.py): q_norm an RMSNorm of hidden_size and k_norm
// one of num_key_value_heads x head_dim; num_experts SwiGLU experts of
// intermediate_size, a router d x E.
Status BuildOlmoe(HfFields& f, HfModel& out) {
  Decoder dec = ReadDecoder(f, out);
  const AttentionShape& a = dec.attention;
  dec.attention.extra_params = (a.heads + a.kv_heads) * a.head_dim;
  const ExpertFields names{{"num_experts"}, {"num_experts_per_tok"}, {"intermediate_size"}};
  return AllSparse(f, out, dec, ReadExperts(f, names), names);
}

// DBRX (modeling_dbrx.py): d_model, n_layers, n_heads at the top;
// attn_config.kv_n_heads; ffn_config.ffn_hidden_size, moe_num_experts,
// moe_top_k. Wqkv fused d x (d + 2·kv·head_dim), out_proj d x d, no biases;
// LayerNorms without bias (norm_1, norm_2, norm_f: d each); experts w1, v1,
// w2 (3 x d x ff each); router d x E; wte and an untied lm_head.
Status BuildDbrx(HfFields& f, HfModel& out) {
  Decoder dec;
  dec.d = f.Need({"d_model"});
  dec.layers = f.Need({"n_layers"}, kMaxLayers);
  dec.vocab = f.Need({"vocab_size"});
  dec.attention.heads = f.Need({"n_heads"});
  f.CheckGroups({"n_heads"}, dec.attention.heads, f.Name({"d_model"}), dec.d);
  dec.attention.head_dim = dec.attention.heads > 0 ? dec.d / dec.attention.heads : 0;
  dec.tied = f.Flag("tie_word_embeddings", false);
  dec.norm_params = dec.d;
  dec.norm_type = "layernorm (no bias)";
  HfFields attn = f.Sub("attn_config");
  dec.attention.kv_heads = attn.Get({"kv_n_heads"}, 1);  // DbrxAttentionConfig's default
  attn.CheckGroups({"kv_n_heads"}, dec.attention.kv_heads, f.Name({"n_heads"}),
                   dec.attention.heads);
  HfFields ffn = f.Sub("ffn_config");
  const ExpertFields names{{"moe_num_experts"}, {"moe_top_k"}, {"ffn_hidden_size"}};
  return AllSparse(f, out, dec, ReadExperts(ffn, names), names, "ffn_config.");
}

// Llama 4's text model (modeling_llama4.py, Llama4TextModel): Llama
// attention (the QK norm is an L2 norm without weights); MoE layers
// (moe_layers, or every interleave_moe_layer_step-th layer) have
// num_local_experts experts of intermediate_size (gate_up_proj, down_proj),
// a router d x E and a shared expert of intermediate_size; the other
// layers a dense MLP of intermediate_size_mlp.
Status BuildLlama4Text(HfFields& f, HfModel& out) {
  const Decoder dec = ReadDecoder(f, out);
  const ExpertFields names{{"num_local_experts"}, {"num_experts_per_tok"}, {"intermediate_size"}};
  MlpShape moe = ReadExperts(f, names);
  moe.shared_ff = moe.expert_ff;
  MlpShape dense;
  dense.gated = true;
  dense.d_ff = f.Get({"intermediate_size_mlp"}, 0);
  const double step = f.Divisor({"interleave_moe_layer_step"}, 1, kModuloUse);
  const std::vector<double> listed = f.List("moe_layers");
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(CheckTopK(out, moe, "num_local_experts", "num_experts_per_tok"));
  std::vector<bool> sparse = SparseByStep(dec.layers, step, {});
  if (!listed.empty()) {
    for (size_t i = 0; i < sparse.size(); ++i) {
      sparse[i] = std::find(listed.begin(), listed.end(), static_cast<double>(i)) != listed.end();
    }
  }
  if (std::find(sparse.begin(), sparse.end(), false) != sparse.end() && dense.d_ff <= 0) {
    return Status::InvalidArgument(out.file + ": model_type '" + out.model_type +
                                   "' has dense layers but no 'intermediate_size_mlp'");
  }
  Open(out, dec);
  AddDenseAndMoe(out, dec, sparse, dense, moe);
  Close(out, dec);
  return Status::Ok();
}

// Llama 4 (Llama4ForConditionalGeneration): the text model under
// text_config, then the vision encoder and projector of vision_config
// (AddLlama4Vision) as parts a text token does not use.
Status BuildLlama4(HfFields& f, HfModel& out) {
  HfFields text = f.Sub("text_config");
  TF_RETURN_IF_ERROR(BuildLlama4Text(text, out));
  out.parts.push_back(
      {"language model", TotalParams(out.model), true, "text_config, as model_type llama4_text"});
  if (!f.Has("vision_config")) return Status::Ok();
  return AddLlama4Vision(f, out);
}

}  // namespace

// An unknown model_type with MoE fields: Llama-style attention, experts of
// moe_intermediate_size (else intermediate_size), shared experts when
// n_shared_experts or shared_expert_intermediate_size say so, dense layers
// by first_k_dense_replace, decoder_sparse_step and mlp_only_layers.
Status BuildGenericMoe(HfFields& f, HfModel& out) {
  const Decoder dec = ReadDecoder(f, out);
  const ExpertFields names{
      {"num_experts", "num_local_experts", "n_routed_experts", "moe_num_experts"},
      {"num_experts_per_tok", "moe_top_k", "experts_per_token", "num_experts_per_token"},
      {"moe_intermediate_size", "intermediate_size"}};
  MlpShape moe = ReadExperts(f, names);
  moe.shared_ff = f.Get({"n_shared_experts"}, 0) * moe.expert_ff +
                  f.Get({"shared_expert_intermediate_size"}, 0);
  MlpShape dense;
  dense.gated = true;
  dense.d_ff = f.Get({"intermediate_size"}, 0);
  const double first_dense = f.Get({"first_k_dense_replace"}, 0);
  std::vector<bool> sparse = SparseByStep(
      dec.layers, f.Divisor({"decoder_sparse_step"}, 1, kModuloUse), f.List("mlp_only_layers"));
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(CheckTopK(out, moe, "the number of experts", "num_experts_per_tok"));
  for (size_t i = 0; i < sparse.size() && static_cast<double>(i) < first_dense; ++i) {
    sparse[i] = false;
  }
  Open(out, dec);
  AddDenseAndMoe(out, dec, sparse, dense, moe);
  Close(out, dec);
  return Status::Ok();
}

const std::vector<FamilyRow>& MoeFamilies() {
  static const std::vector<FamilyRow> rows = {
      {"gpt_oss", "gpt-oss (mixture of experts)", BuildGptOss,
       "modeling_gpt_oss.py: q/k/v/o with biases, one attention sink per head; every layer "
       "num_local_experts experts with biases (gate_up 2·ff + down d), router d x E with bias"},
      {"llama4_text", "Llama 4 text (mixture of experts)", BuildLlama4Text,
       "modeling_llama4.py (Llama4TextModel): Llama attention; MoE layers (moe_layers or every "
       "interleave_moe_layer_step-th) with routed experts, a router and a shared expert of "
       "intermediate_size; dense layers of intermediate_size_mlp"},
      {"llama4", "Llama 4 (mixture-of-experts language model + vision encoder)", BuildLlama4,
       "modeling_llama4.py: text_config counted as llama4_text; Llama4VisionModel with its "
       "pixel-shuffle adapter and Llama4MultiModalProjector from vision_config"},
      {"phimoe", "Phi-3.5-MoE (mixture of experts)", BuildPhiMoe,
       "modeling_phimoe.py: q/k/v/o with biases, LayerNorms with bias, SwiGLU experts, router "
       "d x E, lm_head bias"},
      {"granitemoe", "Granite MoE (mixture of experts)", BuildGraniteMoe,
       "modeling_granitemoe.py: Llama attention, ParallelExperts input_linear (2·ff x d) and "
       "output_linear (d x ff), router d x E; multipliers have no parameters"},
      {"olmoe", "OLMoE (mixture of experts)", BuildOlmoe,
       "modeling_olmoe.py: q_norm (hidden_size) and k_norm (kv heads x head_dim), SwiGLU "
       "experts, router d x E"},
      {"dbrx", "DBRX (mixture of experts)", BuildDbrx,
       "modeling_dbrx.py: fused Wqkv, out_proj, LayerNorms without bias; ffn_config's experts "
       "(w1, v1, w2) and router d x E"},
  };
  return rows;
}

}  // namespace trainflops::llm
