// Hybrids of attention with another mixer: Qwen3-Next (linear attention,
// modeling_qwen3_next.py) and Granite 4.0 (Mamba-2, modeling_granitemoehybrid.py).
// Parameters are exact. A Gated DeltaNet layer's per-token FLOP is its
// projections (2 FLOP per weight) plus the delta rule's recurrent-state
// term; a Mamba-2 layer is blocks.cc's mixer (docs/llm.md, coverage table).
#include <nlohmann/json.hpp>

#include "decoder.h"
#include "hf_layers.h"
#include "llm_internal.h"

namespace trainflops::llm {
namespace {

using nlohmann::json;

// Qwen3NextConfig's defaults (configuration_qwen3_next.py).
const json kQwen3NextDefaults = {{"vocab_size", 151936},
                                 {"hidden_size", 2048},
                                 {"intermediate_size", 5632},
                                 {"num_hidden_layers", 48},
                                 {"num_attention_heads", 16},
                                 {"num_key_value_heads", 2},
                                 {"head_dim", 256},
                                 {"tie_word_embeddings", false},
                                 {"attention_bias", false},
                                 {"linear_conv_kernel_dim", 4},
                                 {"linear_key_head_dim", 128},
                                 {"linear_value_head_dim", 128},
                                 {"linear_num_key_heads", 16},
                                 {"linear_num_value_heads", 32},
                                 {"decoder_sparse_step", 1},
                                 {"moe_intermediate_size", 512},
                                 {"shared_expert_intermediate_size", 512},
                                 {"num_experts_per_tok", 10},
                                 {"num_experts", 512},
                                 {"full_attention_interval", 4}};

// Qwen3NextGatedDeltaNet: in_proj_qkvz d x (2·key_dim + 2·value_dim),
// in_proj_ba d x 2·v_heads, a depthwise conv1d over 2·key_dim + value_dim
// channels without bias, dt_bias and A_log (v_heads each), a gated RMSNorm of
// the value head width, out_proj value_dim x d.
struct DeltaNet {
  double weights = 0, other = 0;
  double v_heads = 0, k_dim = 0, v_dim = 0;
};
DeltaNet ReadDeltaNet(HfFields& f, double d) {
  const double k_heads = f.Need({"linear_num_key_heads"}),
               v_heads = f.Need({"linear_num_value_heads"});
  const double k_dim = f.Need({"linear_key_head_dim"}), v_dim = f.Need({"linear_value_head_dim"});
  const double kernel = f.Need({"linear_conv_kernel_dim"});
  const double keys = k_heads * k_dim, values = v_heads * v_dim;
  return {d * (2 * keys + 2 * values) + d * 2 * v_heads + (2 * keys + values) * kernel + values * d,
          2 * v_heads + v_dim, v_heads, k_dim, v_dim};
}

// The gated delta rule per token and value head (Yang et al. 2025,
// "Gated Delta Networks: Improving Mamba2 with Delta Rule", section 3;
// modeling_qwen3_next.py
// torch_recurrent_gated_delta_rule, keys repeated to the value heads), on a
// d_k x d_v state S: the decay S·g (d_k·d_v), the memory read kᵀS (2·d_k·d_v),
// delta = (v - kᵀS)·β (2·d_v), S += k·deltaᵀ (2·d_k·d_v), the output qᵀS
// (2·d_k·d_v): 7·d_k·d_v + 2·d_v.
double DeltaRuleFlop(const DeltaNet& net) {
  return net.v_heads * (7 * net.k_dim * net.v_dim + 2 * net.v_dim);
}

// Layer i is linear attention unless layer_types says "full_attention" (or,
// without layer_types, (i + 1) % full_attention_interval == 0).
std::vector<bool> FullAttention(HfFields& f, double layers) {
  const std::vector<std::string> types = f.Texts("layer_types");
  const double interval = f.Divisor({"full_attention_interval"}, 4, kModuloUse);
  std::vector<bool> full(static_cast<size_t>(layers));
  for (size_t i = 0; i < full.size(); ++i) {
    full[i] =
        types.empty()
            ? interval > 0 && static_cast<long long>(i + 1) % static_cast<long long>(interval) == 0
            : i < types.size() && types[i] == "full_attention";
  }
  if (!types.empty() && static_cast<double>(types.size()) < layers) {
    f.Bad("'layer_types' lists " + std::to_string(types.size()) + " layers, but the model has " +
          Num(layers) + " (accepted: one type per layer)");
  }
  return full;
}

// A layer group whose mixer is the Gated DeltaNet: its component, then the
// MLP and norms of an ordinary block (built aside, attention left out).
void AddLinearLayers(HfModel& out, const Decoder& dec, const DeltaNet& net, BlockGroup g) {
  Component c;
  c.name = g.label + "/linear_attention";
  c.type = "gated_deltanet";
  c.role = ComponentRole::kStateSpace;
  c.count = g.count;
  c.params = c.active_params = g.count * (net.weights + net.other);
  c.matmul_params = g.count * net.weights;
  c.output_shape = SeqShape(out.model.seq_len, dec.d);
  out.model.components.push_back(c);
  Component rule = c;
  rule.name = g.label + "/delta_rule";
  rule.type = "gated_delta_rule";
  rule.role = ComponentRole::kStateSpaceScan;
  rule.params = rule.active_params = rule.matmul_params = 0;
  rule.scan_flop = g.count * DeltaRuleFlop(net);
  rule.output_shape = SeqShape(out.model.seq_len, net.v_heads * net.v_dim);
  out.model.components.push_back(rule);
  AddMlpAndNorms(out, dec, g);
}

}  // namespace

void AddMlpAndNorms(HfModel& out, const Decoder& dec, const BlockGroup& g) {
  TransformerModel block;
  block.d_model = dec.d;
  block.seq_len = out.model.seq_len;
  AddBlocks(block, g);
  for (const Component& part : block.components) {
    if (part.role != ComponentRole::kAttention && part.role != ComponentRole::kAttentionCore) {
      out.model.components.push_back(part);
    }
  }
}

// Qwen3-Next: full-attention layers are Qwen3-MoE's attention with q_proj
// doubled (a sigmoid output gate of heads x head_dim) and q_norm, k_norm of
// head_dim; the others a Gated DeltaNet; every layer's MLP is Qwen2-MoE's
// (num_experts experts, a router d x E, a shared expert with its gate d -> 1)
// unless mlp_only_layers or decoder_sparse_step make it dense. The MTP module
// the checkpoints ship (mtp.*) is not loaded by transformers: reported when
// num_nextn_predict_layers says it is there, never counted.
Status BuildQwen3Next(HfFields& given, HfModel& out) {
  HfFields f = given.WithDefaults(kQwen3NextDefaults, "Qwen3NextConfig");
  Decoder dec = ReadShape(f);
  AttentionShape& a = dec.attention;
  if (f.Flag("attention_bias", false)) {
    f.Bad("'attention_bias' is true, which the Qwen3-Next rule does not count (accepted: false)");
  }
  a.extra_params = a.heads * a.head_dim * dec.d + 2 * a.head_dim;  // the gate half of q_proj
  dec.tied = f.Flag("tie_word_embeddings", false);
  const DeltaNet net = ReadDeltaNet(f, dec.d);
  MlpShape dense, moe;
  dense.gated = true;
  dense.d_ff = f.Need({"intermediate_size"});
  moe.experts = f.Need({"num_experts"});
  moe.experts_per_tok = f.Need({"num_experts_per_tok"});
  moe.expert_ff = f.Need({"moe_intermediate_size"});
  moe.shared_ff = f.Get({"shared_expert_intermediate_size"}, 0);
  moe.shared_gate = moe.shared_ff > 0;
  const std::vector<bool> sparse = SparseByStep(
      dec.layers, f.Divisor({"decoder_sparse_step"}, 1, kModuloUse), f.List("mlp_only_layers"));
  const std::vector<bool> full = FullAttention(f, dec.layers);
  const double mtp = f.Get({"num_nextn_predict_layers"}, 0);
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(CheckTopK(out, moe, "num_experts", "num_experts_per_tok"));
  Open(out, dec);
  AddHybridLayers(out, dec,
                  {.attention = full,
                   .experts = sparse,
                   .attention_name = "full attention",
                   .other_name = "linear",
                   .dense = dense,
                   .moe = moe},
                  [&](const BlockGroup& g) { AddLinearLayers(out, dec, net, g); });
  Close(out, dec);
  out.model.notes.push_back(
      "Qwen3-Next: the Gated DeltaNet layers' per-token FLOP counts their projections (2 FLOP "
      "per weight) and, in the attention-aware conventions, the delta rule's recurrent state "
      "(7 x d_k x d_v + 2 x d_v per value head: " +
      Exact(DeltaRuleFlop(net)) +
      " per layer); the full-attention layers' output-gate half of "
      "q_proj (" +
      Exact(a.heads * a.head_dim * dec.d) +
      " weights per layer) is counted in the parameters but not as a matmul");
  if (mtp > 0) {
    // Each module: one full-attention block with experts, fc 2d x d,
    // pre_fc_norm_embedding, pre_fc_norm_hidden and norm (d each).
    out.mtp_params = mtp * MtpModuleParams(dec, moe);
    out.model.notes.push_back("multi-token-prediction module(s) (num_nextn_predict_layers = " +
                              Num(mtp) + "): " + Exact(out.mtp_params) +
                              " parameters in the checkpoint (mtp.*), not loaded by "
                              "transformers and not counted");
  }
  return Status::Ok();
}

MambaShape ReadMamba2Heads(HfFields& f, double d_inner, const std::string& inner_name) {
  MambaShape s;
  s.mamba2 = true;
  s.d_inner = d_inner;
  s.heads = f.Need({"mamba_n_heads"});
  s.groups = f.Divisor({"mamba_n_groups"}, 1, "the model divides mamba_n_heads by it");
  s.d_state = f.Need({"mamba_d_state"});
  s.d_conv = f.Need({"mamba_d_conv"});
  s.conv_bias = f.Flag("mamba_conv_bias", true);
  const double head = f.GetAuto("mamba_d_head", s.heads > 0 ? s.d_inner / s.heads : 0);
  if (s.heads > 0 && head * s.heads != s.d_inner) {
    f.Bad("mamba_n_heads x mamba_d_head (" + Num(s.heads) + " x " + Num(head) + ") must equal " +
          inner_name + " (" + Num(s.d_inner) + ")");
  }
  return s;
}

namespace {

// GraniteMoeHybridConfig's defaults (configuration_granitemoehybrid.py).
const json kGraniteHybridDefaults = {
    {"vocab_size", 32000},        {"hidden_size", 4096},
    {"intermediate_size", 11008}, {"num_hidden_layers", 32},
    {"num_attention_heads", 32},  {"tie_word_embeddings", false},
    {"attention_bias", false},    {"num_local_experts", 8},
    {"num_experts_per_tok", 2},   {"shared_intermediate_size", 1024},
    {"mamba_n_heads", 128},       {"mamba_n_groups", 1},
    {"mamba_d_state", 256},       {"mamba_d_conv", 4},
    {"mamba_expand", 2},          {"mamba_conv_bias", true},
    {"mamba_proj_bias", false}};

// GraniteMoeHybridMambaLayer is Mamba-2's mixer (blocks.cc): mamba_expand x
// hidden_size inner width, in_proj and out_proj biases when mamba_proj_bias.
MambaShape ReadGraniteMamba(HfFields& f, double d) {
  MambaShape s = ReadMamba2Heads(f, f.Need({"mamba_expand"}) * d, "mamba_expand x hidden_size");
  s.proj_bias = f.Flag("mamba_proj_bias", false);
  return s;
}

}  // namespace

// Granite 4.0 hybrids (modeling_granitemoehybrid.py): layer_types says which
// layers are attention (Llama's, biases when attention_bias; positions
// "nope" or rotary have no parameters) and which Mamba-2 mixers (the default
// for every layer); every layer has two RMSNorms, a shared MLP of
// shared_intermediate_size (input_linear d x 2ff, output_linear) and, when
// num_local_experts > 0, GraniteMoe's experts (ParallelExperts of
// intermediate_size) with a router d x E. The multipliers have no parameters.
Status BuildGraniteMoeHybrid(HfFields& given, HfModel& out) {
  HfFields f = given.WithDefaults(kGraniteHybridDefaults, "GraniteMoeHybridConfig");
  const Decoder dec = ReadDecoder(f, out);
  const MambaShape mamba = ReadGraniteMamba(f, dec.d);
  HybridLayers layers;
  layers.attention_name = "attention";
  layers.other_name = "Mamba-2";
  layers.dense.gated = layers.moe.gated = true;
  layers.dense.d_ff = layers.moe.shared_ff = f.Get({"shared_intermediate_size"}, 0);
  layers.moe.experts = f.Get({"num_local_experts"}, 0);
  layers.moe.experts_per_tok = f.Get({"num_experts_per_tok"}, 0);
  layers.moe.expert_ff = f.Need({"intermediate_size"});
  std::vector<std::string> types = f.Texts("layer_types");
  if (types.empty()) types = f.Texts("layers_block_type");
  if (types.empty()) types.assign(static_cast<size_t>(dec.layers), "mamba");
  if (static_cast<double>(types.size()) < dec.layers) {
    f.Bad("'layer_types' lists " + std::to_string(types.size()) + " layers, but the model has " +
          Num(dec.layers) + " (accepted: one per layer)");
  }
  for (size_t i = 0; i < static_cast<size_t>(dec.layers) && i < types.size(); ++i) {
    if (types[i] != "mamba" && types[i] != "attention") {
      f.Bad("'layer_types' has '" + types[i] + "' (accepted: mamba, attention)");
    }
    layers.attention.push_back(types[i] == "attention");
    layers.experts.push_back(layers.moe.experts > 0);
  }
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(CheckTopK(out, layers.moe, "num_local_experts", "num_experts_per_tok"));
  AddMambaHybrid(out, dec, layers, mamba);
  return Status::Ok();
}

const std::vector<FamilyRow>& HybridFamilies() {
  static const std::vector<FamilyRow> rows = {
      {"qwen3_next", "Qwen3-Next (linear + full attention, mixture of experts)", BuildQwen3Next,
       "modeling_qwen3_next.py: Gated DeltaNet layers (in_proj_qkvz, in_proj_ba, conv1d, dt_bias, "
       "A_log, gated RMSNorm, out_proj) and every full_attention_interval-th layer full attention "
       "(q_proj doubled for the output gate, q_norm, k_norm); Qwen2-MoE experts with a gated "
       "shared expert; parameters exact, per-token FLOP of the linear layers = 2 x their weights "
       "+ the delta rule's 7 x d_k x d_v + 2 x d_v per value head"},
      {"granitemoehybrid", "Granite 4.0 hybrid (Mamba-2 + attention, mixture of experts)",
       BuildGraniteMoeHybrid,
       "modeling_granitemoehybrid.py: Mamba-2 mixers and attention layers by layer_types; every "
       "layer a shared MLP of shared_intermediate_size and, with num_local_experts, "
       "ParallelExperts of intermediate_size and a router d x E; parameters exact, the Mamba "
       "layers' per-token FLOP as Mamba-2's (projections and the recurrence 5 x d_inner x "
       "d_state + 3 x d_inner)"},
      {"lfm2", "LFM2 (short convolutions + attention)", BuildLfm2,
       "modeling_lfm2.py: by layer_types (or full_attn_idxs) a gated short convolution (in_proj "
       "d x 3d, a depthwise conv1d of conv_L_cache taps, out_proj d x d; biases when conv_bias) "
       "or Llama attention without biases with q_layernorm and k_layernorm of head_dim; every "
       "layer a gated MLP (w1, w3, w2) whose width is intermediate_size (or block_ff_dim) "
       "adjusted when block_auto_adjust_ff_dim: 2/3 of it, times block_ffn_dim_multiplier, "
       "rounded up to block_multiple_of; operator_norm and ffn_norm; head tied by default"},
  };
  return rows;
}

}  // namespace trainflops::llm
