// Dense decoders released since 2024, one table row each: what differs from
// Llama is the number and kind of norms per layer, q/k norms, which
// projections carry biases, the MLP (gated or not), the head's tying and
// bias. Shapes follow transformers' modeling_<family>.py (cited per row).
#include "decoder.h"
#include "llm_internal.h"

namespace trainflops::llm {
namespace {

enum class Norm { kRms, kLayerNorm, kLayerNormNoBias };
enum class QkNorm {
  kNone,
  kPerHead,    // an RMSNorm of head_dim on q and one on k (Qwen3, Gemma 3)
  kFullWidth,  // norms over all heads: H·head_dim on q, KV·head_dim on k
  kPerHeadLn,  // a LayerNorm (with bias) of head_dim on q and on k (Phi-2)
};
enum class Bias { kNone, kAll, kQkvOnly };  // on the attention projections

struct DenseRule {
  const char* model_type;
  double norms;  // per layer
  Norm norm;
  bool gated;  // gate, up, down; else up, down (fc1, fc2)
  QkNorm qk;
  const char* qk_flag;     // the field that switches the q/k norms on; nullptr = always
  const char* bias_field;  // nullptr: `bias_default` always
  bool bias_default;
  Bias bias;
  bool mlp_bias;  // the MLP has biases when the attention has
  bool tie_default;
  bool head_bias;
  const char* parallel_field;  // one norm per layer when true (StableLM)
};

// Each row: the HF configuration class's defaults and modelling code.
const std::vector<DenseRule>& Rules() {
  static const std::vector<DenseRule> rules = {
      // model_type, norms, norm, gated, qk, qk_flag, bias field, default, on, mlp, tie, head,
      // parallel
      {"qwen3", 2, Norm::kRms, true, QkNorm::kPerHead, nullptr, "attention_bias", false, Bias::kAll,
       false, false, false, nullptr},
      {"gemma2", 4, Norm::kRms, true, QkNorm::kNone, nullptr, "attention_bias", false, Bias::kAll,
       false, true, false, nullptr},
      {"gemma3_text", 4, Norm::kRms, true, QkNorm::kPerHead, nullptr, "attention_bias", false,
       Bias::kAll, false, true, false, nullptr},
      {"olmo2", 2, Norm::kRms, true, QkNorm::kFullWidth, nullptr, "attention_bias", false,
       Bias::kAll, false, false, false, nullptr},
      {"phi", 1, Norm::kLayerNorm, false, QkNorm::kPerHeadLn, "qk_layernorm", nullptr, true,
       Bias::kAll, true, false, true, nullptr},
      {"cohere", 1, Norm::kLayerNormNoBias, true, QkNorm::kFullWidth, "use_qk_norm",
       "attention_bias", false, Bias::kAll, false, true, false, nullptr},
      {"cohere2", 1, Norm::kLayerNormNoBias, true, QkNorm::kNone, nullptr, "attention_bias", false,
       Bias::kAll, false, true, false, nullptr},
      {"granite", 2, Norm::kRms, true, QkNorm::kNone, nullptr, "attention_bias", false, Bias::kAll,
       false, false, false, nullptr},
      {"starcoder2", 2, Norm::kLayerNorm, false, QkNorm::kNone, nullptr, "use_bias", true,
       Bias::kAll, true, true, false, nullptr},
      {"stablelm", 2, Norm::kLayerNorm, true, QkNorm::kFullWidth, "qk_layernorm", "use_qkv_bias",
       false, Bias::kQkvOnly, false, false, false, "use_parallel_residual"},
      {"internlm2", 2, Norm::kRms, true, QkNorm::kNone, nullptr, "bias", true, Bias::kAll, false,
       false, false, nullptr},
      {"exaone", 2, Norm::kRms, true, QkNorm::kNone, nullptr, nullptr, false, Bias::kNone, false,
       false, false, nullptr},
  };
  return rules;
}

const DenseRule* FindRule(const std::string& model_type) {
  for (const DenseRule& r : Rules()) {
    if (model_type == r.model_type) return &r;
  }
  return nullptr;
}

double QkNormParams(const DenseRule& rule, const AttentionShape& a, HfFields& f) {
  if (rule.qk == QkNorm::kNone) return 0;
  if (rule.qk_flag != nullptr && !f.Flag(rule.qk_flag, false)) return 0;
  switch (rule.qk) {
    case QkNorm::kPerHead:
      return 2 * a.head_dim;
    case QkNorm::kFullWidth:
      return (a.heads + a.kv_heads) * a.head_dim;
    case QkNorm::kPerHeadLn:
      return 2 * 2 * a.head_dim;
    case QkNorm::kNone:
      break;
  }
  return 0;
}

Status BuildDense(HfFields& f, HfModel& out) {
  const DenseRule* rule = FindRule(out.model_type);
  if (rule == nullptr) return Status::NotFound("no dense rule for model_type " + out.model_type);
  Decoder dec = ReadShape(f);
  AttentionShape& a = dec.attention;
  const bool bias = rule->bias_field != nullptr ? f.Flag(rule->bias_field, rule->bias_default)
                                                : rule->bias_default;
  a.qkv_bias = bias && rule->bias != Bias::kNone;
  a.out_bias = bias && rule->bias == Bias::kAll;
  a.extra_params = QkNormParams(*rule, a, f);
  dec.mlp_bias = bias && rule->mlp_bias;
  dec.tied = f.Flag("tie_word_embeddings", rule->tie_default);
  dec.head_bias = rule->head_bias;
  dec.norm_params = rule->norm == Norm::kLayerNorm ? 2 * dec.d : dec.d;
  dec.norm_type = rule->norm == Norm::kRms         ? "rmsnorm"
                  : rule->norm == Norm::kLayerNorm ? "layernorm"
                                                   : "layernorm (no bias)";
  const bool parallel = rule->parallel_field != nullptr && f.Flag(rule->parallel_field, false);
  const double d_ff = f.Need({"intermediate_size"});
  TF_RETURN_IF_ERROR(f.Check());
  Open(out, dec);
  BlockGroup g = RmsBlock(dec, RangeLabel("layers", 0, dec.layers), dec.layers);
  g.norms = parallel ? 1 : rule->norms;
  g.mlp.gated = rule->gated;
  g.mlp.d_ff = d_ff;
  AddBlocks(out.model, g);
  Close(out, dec);
  return Status::Ok();
}

}  // namespace

const std::vector<FamilyRow>& RecentFamilies() {
  static const std::vector<FamilyRow> rows = {
      {"qwen3", "Qwen3", BuildDense,
       "modeling_qwen3.py: Llama blocks plus an RMSNorm of head_dim on q and on k (q_norm, "
       "k_norm)"},
      {"gemma2", "Gemma 2", BuildDense,
       "modeling_gemma2.py: Llama attention and gated MLP with head_dim; four RMSNorms per layer "
       "(input, post-attention, pre- and post-feedforward); head tied; soft-capping and sliding "
       "windows have no parameters"},
      {"gemma3_text", "Gemma 3 (text)", BuildDense,
       "modeling_gemma3.py (Gemma3TextModel): Gemma 2's blocks plus q_norm and k_norm of "
       "head_dim; head tied"},
      {"olmo2", "OLMo 2", BuildDense,
       "modeling_olmo2.py: q_norm (heads x head_dim) and k_norm (kv heads x head_dim); two "
       "norms per layer after attention and MLP"},
      {"phi", "Phi-1/Phi-2", BuildDense,
       "modeling_phi.py: parallel block with one LayerNorm; q, k, v, dense and fc1, fc2 with "
       "biases; final LayerNorm; lm_head with bias; partial rotary has no parameters"},
      {"cohere", "Cohere Command-R", BuildDense,
       "modeling_cohere.py: parallel block with one LayerNorm without bias; gated MLP; q/k "
       "LayerNorms when use_qk_norm; head tied"},
      {"cohere2", "Cohere Command-R7B", BuildDense,
       "modeling_cohere2.py: as Cohere, with sliding windows (no parameters); head tied"},
      {"granite", "Granite", BuildDense,
       "modeling_granite.py: Llama blocks; the multipliers have no parameters"},
      {"starcoder2", "StarCoder2", BuildDense,
       "modeling_starcoder2.py: GQA with biases (use_bias), LayerNorms with bias, c_fc and "
       "c_proj MLP with biases; head tied"},
      {"stablelm", "StableLM", BuildDense,
       "modeling_stablelm.py: LayerNorms with bias, q, k, v biases when use_qkv_bias, per-head "
       "q/k LayerNorms when qk_layernorm, one norm with use_parallel_residual"},
      {"internlm2", "InternLM2", BuildDense,
       "modeling_internlm2.py (remote code): fused wqkv and wo (biases when bias), w1, w3, w2 "
       "gated MLP, attention_norm and ffn_norm"},
      {"exaone", "EXAONE 3", BuildDense,
       "modeling_exaone.py (remote code): Llama blocks; num_layers for the layer count"},
  };
  return rows;
}

}  // namespace trainflops::llm
