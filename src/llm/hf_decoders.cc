// RMSNorm decoders: Llama 1/2/3, Mistral, Qwen2, Gemma, Phi-3 and the
// generic fallback; the mixtures of experts Mixtral and Qwen2-MoE; and
// DeepSeek-V2/V3 (multi-head latent attention, shared + routed experts,
// dense first layers). Shapes follow transformers' modeling_<family>.py.
#include <algorithm>

#include "decoder.h"
#include "hf_layers.h"
#include "llm_internal.h"

namespace trainflops::llm {

Decoder ReadShape(HfFields& f) {
  Decoder r;
  r.d = f.Need({"hidden_size"});
  r.layers = f.Need({"num_hidden_layers", "num_layers"}, kMaxLayers);
  r.vocab = f.Need({"vocab_size"});
  AttentionShape& a = r.attention;
  a.heads = f.Need({"num_attention_heads"});
  // GQA: num_key_value_heads (absent = multi-head attention).
  a.kv_heads = f.Get({"num_key_value_heads"}, a.heads);
  f.CheckGroups({"num_key_value_heads"}, a.kv_heads, f.Name({"num_attention_heads"}), a.heads);
  // Gemma and others set head_dim explicitly; otherwise d / heads (a whole
  // number: the model code takes hidden_size // num_attention_heads).
  if (!f.Has("head_dim"))
    f.CheckGroups({"num_attention_heads"}, a.heads, f.Name({"hidden_size"}), r.d);
  a.head_dim = f.Divisor({"head_dim"}, a.heads > 0 ? r.d / a.heads : 0,
                         "the attention scales its scores by 1 / sqrt(head_dim)");
  r.norm_params = r.d;
  return r;
}

Decoder ReadDecoder(HfFields& f, const HfModel& out, const DecoderDefaults& defaults) {
  Decoder r = ReadShape(f);
  AttentionShape& a = r.attention;
  const std::string& type = out.model_type;
  // Qwen2 always has q, k, v biases (no o bias); Llama's attention_bias
  // puts biases on all four projections.
  if (type == "qwen2" || type == "qwen2_moe") {
    a.qkv_bias = true;
  } else {
    a.qkv_bias = a.out_bias = f.Flag("attention_bias", defaults.attention_bias);
  }
  r.mlp_bias = f.Flag("mlp_bias", false);
  r.tied = f.Flag("tie_word_embeddings", defaults.tied || type == "gemma");
  return r;
}

BlockGroup RmsBlock(const Decoder& dec, const std::string& label, double count) {
  BlockGroup g;
  g.label = label;
  g.count = count;
  g.attention = dec.attention;
  g.mlp.gated = true;
  g.mlp.bias = dec.mlp_bias;
  g.norms = 2;  // input_layernorm, post_attention_layernorm
  g.norm_params = dec.norm_params;
  g.norm_type = dec.norm_type;
  return g;
}

void Open(HfModel& out, const Decoder& dec) {
  out.model.layers = dec.layers;
  out.model.d_model = dec.d;
  out.model.vocab = dec.vocab;
  AddEmbedding(out.model, "embed_tokens", dec.vocab, dec.d);
}

void Close(HfModel& out, const Decoder& dec) {
  AddFinalNorm(out.model, "norm", dec.norm_params, dec.norm_type);
  AddLogits(out.model, dec.vocab, dec.d, dec.tied, dec.head_bias);
}

void AddDenseAndMoe(HfModel& out, const Decoder& dec, const std::vector<bool>& moe,
                    const MlpShape& dense_mlp, const MlpShape& moe_mlp, const BlockGroup& base) {
  double sparse = 0;
  for (bool m : moe) sparse += m ? 1 : 0;
  const double dense = dec.layers - sparse;
  double leading_dense = 0;
  while (leading_dense < dense && !moe[static_cast<size_t>(leading_dense)]) ++leading_dense;
  const bool split = leading_dense == dense;  // dense layers first, then the experts
  if (dense > 0) {
    BlockGroup g = base;
    g.label = split ? RangeLabel("layers", 0, dense) : "layers (" + Num(dense) + " dense)";
    g.count = dense;
    g.mlp = dense_mlp;
    AddBlocks(out.model, g);
  }
  if (sparse > 0) {
    BlockGroup g = base;
    g.label =
        split ? RangeLabel("layers", dense, sparse) : "layers (" + Num(sparse) + " with experts)";
    g.count = sparse;
    g.mlp = moe_mlp;
    AddBlocks(out.model, g);
  }
}

void AddDenseAndMoe(HfModel& out, const Decoder& dec, const std::vector<bool>& moe,
                    const MlpShape& dense_mlp, const MlpShape& moe_mlp) {
  AddDenseAndMoe(out, dec, moe, dense_mlp, moe_mlp, RmsBlock(dec, "", 0));
}

Status CheckTopK(const HfModel& out, const MlpShape& moe, const std::string& experts_field,
                 const std::string& top_k_field) {
  if (moe.experts_per_tok <= moe.experts) return Status::Ok();
  return Status::InvalidArgument(out.file + ": " + top_k_field + " (" + Num(moe.experts_per_tok) +
                                 ") exceeds the number of experts, " + experts_field + " (" +
                                 Num(moe.experts) +
                                 "): a token cannot use more experts than "
                                 "there are");
}

std::vector<bool> SparseByStep(double layers, double step, std::vector<double> dense_layers) {
  // Sorted: a long list on many layers must not take list x layers steps.
  std::sort(dense_layers.begin(), dense_layers.end());
  std::vector<bool> sparse(static_cast<size_t>(layers));
  for (size_t i = 0; i < sparse.size(); ++i) {
    const bool listed =
        std::binary_search(dense_layers.begin(), dense_layers.end(), static_cast<double>(i));
    sparse[i] =
        !listed && step > 0 && static_cast<long long>(i + 1) % static_cast<long long>(step) == 0;
  }
  return sparse;
}

// Llama (modeling_llama.py) and its kin: embed_tokens; per layer q_proj
// (d x H·head_dim), k_proj and v_proj (d x KV·head_dim), o_proj, gate_proj,
// up_proj, down_proj (d x intermediate_size each), two RMSNorms of d;
// norm; lm_head unless tied. Phi-3's fused qkv_proj and gate_up_proj have
// the same sizes; Gemma ties the head and sets head_dim.
double MtpModuleParams(const Decoder& dec, const MlpShape& mlp) {
  TransformerModel one;
  one.d_model = dec.d;
  BlockGroup g = RmsBlock(dec, "mtp", 1);
  g.mlp = mlp;
  AddBlocks(one, g);
  return TotalParams(one) + 2 * dec.d * dec.d + 3 * dec.d;
}

Status BuildLlamaLike(HfFields& f, HfModel& out) {
  const Decoder dec = ReadDecoder(f, out);
  MlpShape mlp;
  mlp.d_ff = f.Need({"intermediate_size"});
  TF_RETURN_IF_ERROR(f.Check());
  Open(out, dec);
  BlockGroup g = RmsBlock(dec, RangeLabel("layers", 0, dec.layers), dec.layers);
  g.mlp.d_ff = mlp.d_ff;
  AddBlocks(out.model, g);
  Close(out, dec);
  return Status::Ok();
}

// Mixtral (modeling_mixtral.py): every layer's MLP is num_local_experts
// SwiGLU experts of intermediate_size with a router d x E, top
// num_experts_per_tok. Qwen2-MoE (modeling_qwen2_moe.py): num_experts of
// moe_intermediate_size, a shared expert of shared_expert_intermediate_size
// with a sigmoid gate d -> 1; mlp_only_layers and decoder_sparse_step make
// some layers dense (intermediate_size).
// Qwen3-MoE (modeling_qwen3_moe.py) is Qwen2-MoE without the shared expert
// and the q, k, v biases, with an RMSNorm of head_dim on q and on k.
Status BuildMoe(HfFields& f, HfModel& out) {
  Decoder dec = ReadDecoder(f, out);
  const bool qwen = out.model_type == "qwen2_moe" || out.model_type == "qwen3_moe";
  if (out.model_type == "qwen3_moe") dec.attention.extra_params = 2 * dec.attention.head_dim;
  MlpShape moe, dense;
  moe.experts = f.Need({qwen ? "num_experts" : "num_local_experts"});
  moe.experts_per_tok = f.Need({"num_experts_per_tok"});
  moe.expert_ff = f.Need({qwen ? "moe_intermediate_size" : "intermediate_size"});
  dense.gated = true;
  std::vector<bool> sparse(static_cast<size_t>(dec.layers), true);
  if (qwen) {
    moe.shared_ff = f.Get({"shared_expert_intermediate_size"}, 0);
    moe.shared_gate = moe.shared_ff > 0;
    dense.d_ff = f.Get({"intermediate_size"}, 0);
    const double step = f.Divisor({"decoder_sparse_step"}, 1, kModuloUse);
    sparse = SparseByStep(dec.layers, step, f.List("mlp_only_layers"));
  }
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(
      CheckTopK(out, moe, qwen ? "num_experts" : "num_local_experts", "num_experts_per_tok"));
  Open(out, dec);
  AddDenseAndMoe(out, dec, sparse, dense, moe);
  Close(out, dec);
  return Status::Ok();
}

// DeepSeek-V2/V3 (modeling_deepseek_v3.py): multi-head latent attention
// (q_lora_rank, kv_lora_rank, qk_nope_head_dim, qk_rope_head_dim,
// v_head_dim); the first first_k_dense_replace layers dense
// (intermediate_size), the others n_routed_experts of moe_intermediate_size
// (top num_experts_per_tok) plus n_shared_experts, a router d x E and, for
// V3 (topk_method noaux_tc), an e_score_correction_bias of E.
Status BuildDeepSeek(HfFields& f, HfModel& out) {
  Decoder dec = ReadDecoder(f, out);
  AttentionShape& a = dec.attention;
  a.q_lora_rank = f.Get({"q_lora_rank"}, 0);
  a.kv_lora_rank = f.Need({"kv_lora_rank"});
  a.qk_nope = f.Need({"qk_nope_head_dim"});
  a.qk_rope = f.Need({"qk_rope_head_dim"});
  a.v_head = f.Need({"v_head_dim"});
  MlpShape moe, dense;
  dense.gated = true;
  dense.d_ff = f.Need({"intermediate_size"});
  moe.experts = f.Need({"n_routed_experts"});
  moe.experts_per_tok = f.Need({"num_experts_per_tok"});
  moe.expert_ff = f.Need({"moe_intermediate_size"});
  moe.shared_ff = f.Get({"n_shared_experts"}, 0) * moe.expert_ff;
  moe.router_bias = f.Text("topk_method", "") == "noaux_tc";
  const double first_dense = f.Get({"first_k_dense_replace"}, 0);
  const double freq = f.Divisor({"moe_layer_freq"}, 1, kModuloUse);
  const double mtp = f.Get({"num_nextn_predict_layers"}, 0);
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(CheckTopK(out, moe, "n_routed_experts", "num_experts_per_tok"));
  std::vector<bool> sparse(static_cast<size_t>(dec.layers));
  for (size_t i = 0; i < sparse.size(); ++i) {
    sparse[i] = static_cast<double>(i) >= first_dense && freq > 0 &&
                static_cast<long long>(i) % static_cast<long long>(freq) == 0;
  }
  Open(out, dec);
  AddDenseAndMoe(out, dec, sparse, dense, moe);
  Close(out, dec);
  if (mtp > 0) {
    // The embedding and head are shared (the checkpoint's copies are not counted).
    out.mtp_params = mtp * MtpModuleParams(dec, moe);
    out.model.notes.push_back(
        "multi-token-prediction module (num_nextn_predict_layers = " + Num(mtp) +
        "): " + Exact(out.mtp_params) +
        " parameters in the checkpoint, not counted (the published total excludes it; "
        "docs/llm.md)");
  }
  return Status::Ok();
}

}  // namespace trainflops::llm
