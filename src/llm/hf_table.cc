// Families described as data. Each row names the config fields that give a
// decoder's attention, its experts and which layers have them, with the
// defaults of the family's configuration class; one builder turns any row
// into blocks. A family whose layers are Llama-style attention followed by a
// dense or mixture-of-experts MLP is one row here (CONTRIBUTING.md, "Adding a
// Hugging Face model family"); docs/llm.md's coverage table lists them.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "decoder.h"
#include "hf_layers.h"
#include "llm_internal.h"
#include "trainflops/text.h"

namespace trainflops::llm {
namespace {

using nlohmann::json;

// kPerHead: an RMSNorm of head_dim on q and one on k; kFullWidth: one over
// all heads on q (heads x head_dim) and on k (kv heads x head_dim), OLMo's.
enum class QkNorms { kNone, kPerHead, kFullWidth };
enum class AttnBias { kAll, kQkvOnly };  // the projections the bias field switches on
// A shared expert's width: a multiple of the routed expert's (GLM, ERNIE) or
// of intermediate_size (Hunyuan).
enum class SharedUnit { kExpertWidth, kDenseWidth };

struct FamilySpec {
  const char* model_type;
  const char* name;
  const char* rule;          // the modelling file and what it counts
  const char* config_class;  // names the defaults in the report
  json defaults;             // the class's defaults for the fields read below
  // Attention: Llama's q/k/v/o of num_attention_heads x head_dim.
  const char* head_dim = "head_dim";
  const char* bias = "attention_bias";  // nullptr: no biases
  AttnBias bias_on = AttnBias::kAll;
  const char* out_bias = nullptr;  // o_proj's own switch (Seed-OSS); nullptr: as bias_on says
  QkNorms qk = QkNorms::kNone;
  const char* qk_switch = nullptr;  // nullptr: always
  const char* mlp_bias = nullptr;   // the dense MLP's bias switch
  // The layer: its norms of d (input and post-attention: 2; GLM-4 adds one
  // after attention and one after the MLP) and whether the MLP is gated
  // (gate, up, down) or up and down only (NemotronMLP: Apertus, Arcee).
  double norms = 2;
  bool gated = true;
  // A learned activation (`learned_act` in hidden_act) with `act_params`
  // scalars per layer (Apertus's xIELU: alpha_p and alpha_n).
  const char* learned_act = nullptr;
  double act_params = 0;
  // Experts; nullptr: a dense model. Each may be a number or a list per layer.
  const char* experts = nullptr;
  const char* top_k = nullptr;
  const char* expert_width = nullptr;  // absent: intermediate_size
  const char* shared = nullptr;        // shared experts per layer
  bool one_shared = false;             // no field: always one shared expert
  SharedUnit shared_unit = SharedUnit::kExpertWidth;
  const char* shared_switch = nullptr;  // a flag that must be true for them (Hunyuan)
  bool router_bias = false;             // e_score_correction_bias, E per layer
  // Layer i has experts when first <= i <= last and (i + 1) % interval == 0.
  const char* first_sparse = nullptr;
  const char* last_sparse = nullptr;  // -1: the last layer
  const char* interval = nullptr;
  bool one_expert_is_dense = false;  // Hunyuan: num_experts 1 is a dense MLP
  // Multi-token-prediction modules in the checkpoint that transformers does
  // not build: reported, not counted.
  const char* mtp = nullptr;
  bool mtp_shape_known = false;        // each module: one block, eh_proj 2d x d, 3 norms
  bool mtp_copies_embeddings = false;  // each also stores embed_tokens and a head
  // Flags whose structure no row counts (cross-layer attention, biases on
  // shared experts): refused when true.
  std::vector<const char*> refused_flags = {};
};

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

const std::vector<FamilySpec>& Specs() {
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

const FamilySpec* FindSpec(const std::string& model_type) {
  for (const FamilySpec& s : Specs()) {
    if (model_type == s.model_type) return &s;
  }
  return nullptr;
}

// The attention of a row: head_dim, biases, q/k norms, the head's tying.
Decoder ReadAttention(const FamilySpec& s, HfFields& f) {
  Decoder dec = ReadShape(f);
  AttentionShape& a = dec.attention;
  if (std::string(s.head_dim) != "head_dim") {
    a.head_dim = f.Divisor({s.head_dim}, a.head_dim,
                           "the attention scales its scores by 1 / sqrt(head_dim)");
  }
  const bool bias = s.bias != nullptr && f.Flag(s.bias, false);
  a.qkv_bias = bias;
  a.out_bias =
      s.out_bias != nullptr ? f.Flag(s.out_bias, false) : bias && s.bias_on == AttnBias::kAll;
  if (s.qk != QkNorms::kNone && (s.qk_switch == nullptr || f.Flag(s.qk_switch, false))) {
    a.extra_params =
        s.qk == QkNorms::kPerHead ? 2 * a.head_dim : (a.heads + a.kv_heads) * a.head_dim;
  }
  // The activation's learned scalars have no component of their own: they
  // are counted with the attention's extra parameters, once per layer.
  if (s.learned_act != nullptr && f.Text("hidden_act", "") == s.learned_act) {
    a.extra_params += s.act_params;
  }
  dec.mlp_bias = s.mlp_bias != nullptr && f.Flag(s.mlp_bias, false);
  dec.tied = f.Flag("tie_word_embeddings", false);
  return dec;
}

// Every layer's MLP, from the row's expert fields.
struct LayerMlps {
  std::vector<MlpShape> mlp;
  double mtp = 0;
};

LayerMlps ReadLayers(const FamilySpec& s, HfFields& f, const Decoder& dec) {
  MlpShape dense;
  dense.gated = s.gated;
  dense.bias = dec.mlp_bias;
  dense.d_ff = f.Need({"intermediate_size"});
  LayerMlps r;
  r.mlp.assign(static_cast<size_t>(dec.layers), dense);
  if (s.experts == nullptr) return r;
  // A count the class leaves as None (Dots1Config's experts, top-k and
  // shared experts) must be in the config: transformers cannot build without it.
  for (const char* field : {s.experts, s.top_k, s.shared}) {
    if (field != nullptr && !f.Has(field)) {
      f.Bad("'" + std::string(field) + "' is absent and " + s.config_class +
            " has no default for it (accepted: the model's count, as its config.json gives it)");
    }
  }
  const double n = dec.layers;
  const std::vector<double> experts = f.PerLayer(s.experts, 0, n);
  const std::vector<double> top_k = f.PerLayer(s.top_k, 0, n);
  const std::vector<double> width =
      f.PerLayer(s.expert_width != nullptr ? s.expert_width : "intermediate_size", dense.d_ff, n);
  std::vector<double> shared(static_cast<size_t>(n), s.one_shared ? 1 : 0);
  if (s.shared != nullptr) shared = f.PerLayer(s.shared, 0, n);
  if (s.shared_switch != nullptr && !f.Flag(s.shared_switch, false))
    shared.assign(shared.size(), 0);
  const double first = s.first_sparse != nullptr ? f.Get({s.first_sparse}, 0) : 0;
  double last = s.last_sparse != nullptr ? f.Whole(s.last_sparse, -1) : -1;
  if (last < 0) last = n - 1;
  const double interval = s.interval != nullptr ? f.Divisor({s.interval}, 1, kModuloUse) : 1;
  r.mtp = s.mtp != nullptr ? f.Get({s.mtp}, 0) : 0;
  for (size_t i = 0; i < r.mlp.size(); ++i) {
    const double at = static_cast<double>(i);
    const bool sparse = at >= first && at <= last && interval > 0 &&
                        static_cast<long long>(i + 1) % static_cast<long long>(interval) == 0 &&
                        experts[i] > (s.one_expert_is_dense ? 1 : 0);
    if (!sparse) continue;
    MlpShape& m = r.mlp[i];
    m.experts = experts[i];
    m.experts_per_tok = top_k[i];
    m.expert_ff = width[i];
    m.shared_ff = shared[i] * (s.shared_unit == SharedUnit::kExpertWidth ? width[i] : dense.d_ff);
    m.router_bias = s.router_bias;
  }
  return r;
}

bool SameMlp(const MlpShape& a, const MlpShape& b) {
  return a.d_ff == b.d_ff && a.bias == b.bias && a.experts == b.experts &&
         a.experts_per_tok == b.experts_per_tok && a.expert_ff == b.expert_ff &&
         a.shared_ff == b.shared_ff && a.router_bias == b.router_bias;
}

// Layers with the same MLP become one block group, named by their range
// when they are contiguous.
void AddLayers(HfModel& out, const Decoder& dec, const std::vector<MlpShape>& mlp, double norms) {
  struct Run {
    MlpShape mlp;
    double first = 0, last = 0, count = 0;
    bool contiguous = true;
  };
  std::vector<Run> runs;
  for (size_t i = 0; i < mlp.size(); ++i) {
    const double at = static_cast<double>(i);
    auto run = std::find_if(runs.begin(), runs.end(),
                            [&](const Run& r) { return SameMlp(r.mlp, mlp[i]); });
    if (run == runs.end()) {
      runs.push_back({mlp[i], at, at, 1, true});
      continue;
    }
    run->contiguous = run->contiguous && run->last == at - 1;
    run->last = at;
    ++run->count;
  }
  for (const Run& r : runs) {
    const std::string label = r.contiguous ? RangeLabel("layers", r.first, r.count)
                                           : "layers (" + Num(r.count) +
                                                 (r.mlp.experts > 0 ? " with experts)" : " dense)");
    BlockGroup g = RmsBlock(dec, label, r.count);
    g.mlp = r.mlp;
    g.norms = norms;
    AddBlocks(out.model, g);
  }
}

// The checkpoint's multi-token-prediction modules (DeepSeek-V3's design:
// enorm, hnorm, eh_proj 2d x d, one decoder block, shared_head.norm; GLM-4.5
// also stores a copy of embed_tokens and of the head in each).
void NoteMtp(const FamilySpec& s, HfModel& out, const Decoder& dec, double modules,
             const MlpShape& block) {
  const std::string what = "multi-token-prediction module(s) (" + std::string(s.mtp) + " = ";
  if (!s.mtp_shape_known) {
    out.model.notes.push_back(what + Num(modules) +
                              "): stored in the checkpoint, not built by transformers and not "
                              "counted; their size is not derived here");
    return;
  }
  const double copies = s.mtp_copies_embeddings ? 2 * dec.vocab * dec.d : 0;
  out.mtp_params = modules * (MtpModuleParams(dec, block) + copies);
  out.model.notes.push_back(
      what + Num(modules) + "): " + Exact(out.mtp_params) +
      " parameters in the checkpoint (one block, eh_proj 2d x d, three norms" +
      (copies > 0 ? ", and copies of the embedding and head" : "") +
      "), not built by transformers and not counted: the total plus these is the checkpoint's");
}

// The fields the config left out that decided the count, with the class
// defaults they took (the JSON report also gives each field's origin).
void NoteDefaults(const FamilySpec& s, HfModel& out) {
  std::vector<std::string> taken;
  for (const Input& i : out.fields) {
    if (i.origin.rfind(s.config_class, 0) != 0) continue;
    const bool flag = s.defaults.contains(i.name) && s.defaults[i.name].is_boolean();
    taken.push_back(i.name + " = " +
                    (flag ? std::string(i.value != 0 ? "true" : "false") : Num(i.value)));
  }
  if (taken.empty()) return;
  out.model.notes.push_back("absent from the config, taken from " + std::string(s.config_class) +
                            "'s defaults: " + JoinNames(taken));
}

Status BuildFromSpec(HfFields& given, HfModel& out) {
  const FamilySpec* spec = FindSpec(out.model_type);
  if (spec == nullptr) return Status::NotFound("no family row for model_type " + out.model_type);
  const FamilySpec& s = *spec;
  HfFields f = given.WithDefaults(s.defaults, s.config_class);
  for (const char* flag : s.refused_flags) {
    if (f.Flag(flag, false)) {
      f.Bad("'" + std::string(flag) + "' is true, a structure the " + s.name +
            " rule does not count (accepted: false, as in the published configs)");
    }
  }
  const Decoder dec = ReadAttention(s, f);
  LayerMlps layers = ReadLayers(s, f, dec);
  TF_RETURN_IF_ERROR(f.Check());
  for (const MlpShape& m : layers.mlp) {
    if (s.experts != nullptr) TF_RETURN_IF_ERROR(CheckTopK(out, m, s.experts, s.top_k));
  }
  Open(out, dec);
  AddLayers(out, dec, layers.mlp, s.norms);
  Close(out, dec);
  if (layers.mtp > 0) NoteMtp(s, out, dec, layers.mtp, layers.mlp.back());
  NoteDefaults(s, out);
  return Status::Ok();
}

}  // namespace

const std::vector<FamilyRow>& TableFamilies() {
  static const std::vector<FamilyRow> rows = [] {
    std::vector<FamilyRow> r;
    for (const FamilySpec& s : Specs()) r.push_back({s.model_type, s.name, BuildFromSpec, s.rule});
    return r;
  }();
  return rows;
}

}  // namespace trainflops::llm
