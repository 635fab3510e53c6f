// State-space and hybrid models: Mamba, Falcon Mamba, Mamba-2, Jamba,
// Falcon-H1. Parameters follow transformers' modeling_mamba.py,
// modeling_falcon_mamba.py, modeling_mamba2.py, modeling_jamba.py and
// modeling_falcon_h1.py; the mixer's weights and scan are
// written once in blocks.cc (AddMamba). docs/llm.md, "State-space models".
#include <cmath>
#include <nlohmann/json.hpp>

#include "decoder.h"
#include "hf_layers.h"
#include "llm_internal.h"

namespace trainflops::llm {
namespace {

// A stack of Mamba blocks: embedding, per layer an RMSNorm of d and the
// mixer (no MLP), norm_f, the head (tied unless tie_word_embeddings false).
Status AddMambaStack(HfFields& f, HfModel& out, double d, double layers, double vocab,
                     const MambaShape& mixer, bool tie_default) {
  const bool tied = f.Flag("tie_word_embeddings", tie_default);
  TF_RETURN_IF_ERROR(f.Check());
  out.model.layers = layers;
  out.model.d_model = d;
  out.model.vocab = vocab;
  AddEmbedding(out.model, "embeddings", vocab, d);
  BlockGroup g;
  g.label = RangeLabel("layers", 0, layers);
  g.count = layers;
  g.mamba = mixer;
  g.norms = 1;
  g.norm_params = d;
  g.norm_type = "rmsnorm";
  AddBlocks(out.model, g);
  AddFinalNorm(out.model, "norm_f", d, "rmsnorm");
  AddLogits(out.model, vocab, d, tied);
  return Status::Ok();
}

// Mamba (MambaConfig) and Falcon Mamba (FalconMambaConfig, the same mixer;
// its B, C and Δ RMS norms have no weights): hidden_size, state_size,
// expand (or intermediate_size), conv_kernel, time_step_rank ("auto" =
// ceil(hidden_size / 16)), use_bias, use_conv_bias.
Status BuildMamba(HfFields& f, HfModel& out) {
  const double d = f.Need({"hidden_size"}), layers = f.Need({"num_hidden_layers"}, kMaxLayers);
  const double vocab = f.Need({"vocab_size"});
  MambaShape s;
  s.d_state = f.Need({"state_size"});
  s.d_inner = f.Get({"intermediate_size"}, f.Get({"expand"}, 2) * d);
  s.d_conv = f.Get({"conv_kernel"}, 4);
  s.dt_rank = f.GetAuto("time_step_rank", std::ceil(d / 16));
  s.proj_bias = f.Flag("use_bias", false);
  s.conv_bias = f.Flag("use_conv_bias", true);
  return AddMambaStack(f, out, d, layers, vocab, s, out.model_type == "mamba");
}

// Mamba-2 (Mamba2Config): num_heads, head_dim, n_groups, state_size,
// expand, conv_kernel, use_bias, use_conv_bias; d_inner = expand x hidden.
Status BuildMamba2(HfFields& f, HfModel& out) {
  const double d = f.Need({"hidden_size"}), layers = f.Need({"num_hidden_layers"}, kMaxLayers);
  const double vocab = f.Need({"vocab_size"});
  MambaShape s;
  s.mamba2 = true;
  s.d_state = f.Need({"state_size"});
  s.d_inner = f.Get({"expand"}, 2) * d;
  s.heads = f.Need({"num_heads"});
  s.groups = f.Divisor({"n_groups"}, 1, "the model divides num_heads by it");
  s.d_conv = f.Get({"conv_kernel"}, 4);
  s.proj_bias = f.Flag("use_bias", false);
  s.conv_bias = f.Flag("use_conv_bias", true);
  const double head_dim = f.Divisor({"head_dim"}, 0, "the model splits its inner width by it");
  TF_RETURN_IF_ERROR(f.Check());
  if (head_dim > 0 && s.heads * head_dim != s.d_inner) {
    return Status::InvalidArgument(out.file + ": num_heads x head_dim (" + Num(s.heads) + " x " +
                                   Num(head_dim) + ") must equal expand x hidden_size (" +
                                   Num(s.d_inner) + ")");
  }
  return AddMambaStack(f, out, d, layers, vocab, s, false);
}

namespace {

// A Jamba layer period and its offset: modeling_jamba.py takes layer numbers
// modulo the period, and JambaConfig refuses an offset not below it (no
// layer would match).
double Period(HfFields& f, const char* period_key, double period_default, const char* offset_key,
              double offset_default) {
  const double period = f.Divisor({period_key}, period_default, kModuloUse);
  const double offset = f.Get({offset_key}, offset_default);
  if (offset >= period) {
    f.Bad("'" + f.Name({offset_key}) + "' " + Num(offset) + " is not below '" +
          f.Name({period_key}) + "' " + Num(period) + " (accepted: 0 to the period - 1)");
  }
  return period;
}

}  // namespace

// Jamba (modeling_jamba.py): layer i is attention when i % attn_layer_period
// == attn_layer_offset, else a Mamba mixer (with dt, B and C RMSNorms of
// dt_rank, N, N); its MLP has experts when i % expert_layer_period ==
// expert_layer_offset, else a dense gated MLP of intermediate_size; two
// RMSNorms per layer; final_layernorm; lm_head untied.
Status BuildJamba(HfFields& f, HfModel& out) {
  Decoder dec = ReadDecoder(f, out);
  MambaShape s;
  s.d_state = f.Get({"mamba_d_state"}, 16);
  s.d_conv = f.Get({"mamba_d_conv"}, 4);
  s.d_inner = f.Get({"mamba_expand"}, 2) * dec.d;
  s.dt_rank = f.GetAuto("mamba_dt_rank", std::ceil(dec.d / 16));
  s.conv_bias = f.Flag("mamba_conv_bias", true);
  s.proj_bias = f.Flag("mamba_proj_bias", false);
  s.extra_params = s.dt_rank + 2 * s.d_state;
  MlpShape dense, moe;
  dense.gated = true;
  dense.d_ff = moe.expert_ff = f.Need({"intermediate_size"});
  moe.experts = f.Need({"num_experts"});
  moe.experts_per_tok = f.Need({"num_experts_per_tok"});
  const double attn_period = Period(f, "attn_layer_period", 8, "attn_layer_offset", 4);
  const double attn_offset = f.Get({"attn_layer_offset"}, 4);
  const double moe_period = Period(f, "expert_layer_period", 2, "expert_layer_offset", 1);
  const double moe_offset = f.Get({"expert_layer_offset"}, 1);
  TF_RETURN_IF_ERROR(f.Check());
  TF_RETURN_IF_ERROR(CheckTopK(out, moe, "num_experts", "num_experts_per_tok"));
  HybridLayers layers;
  layers.attention_name = "attention";
  layers.other_name = "Mamba";
  layers.dense = dense;
  layers.moe = moe;
  const auto period = [](double i, double p, double o) { return p > 0 && std::fmod(i, p) == o; };
  for (double i = 0; i < dec.layers; ++i) {
    layers.attention.push_back(period(i, attn_period, attn_offset));
    layers.experts.push_back(period(i, moe_period, moe_offset));
  }
  AddMambaHybrid(out, dec, layers, s);
  return Status::Ok();
}

// FalconH1Config's defaults (configuration_falcon_h1.py). mamba_d_ssm null
// would mean mamba_expand x hidden_size; a null is read as absent (1024).
const nlohmann::json kFalconH1Defaults = {
    {"vocab_size", 128000},         {"hidden_size", 4096},       {"intermediate_size", 14336},
    {"num_hidden_layers", 32},      {"num_attention_heads", 32}, {"num_key_value_heads", 8},
    {"tie_word_embeddings", false}, {"attention_bias", false},   {"mlp_bias", false},
    {"mamba_d_ssm", 1024},          {"mamba_n_heads", 128},      {"mamba_n_groups", 1},
    {"mamba_d_state", 256},         {"mamba_d_conv", 4},         {"mamba_conv_bias", true},
    {"mamba_proj_bias", false},     {"mamba_rms_norm", false},   {"projectors_bias", false}};

// FalconH1Mixer: Mamba-2's mixer of mamba_d_ssm channels; in_proj's bias
// when mamba_proj_bias, out_proj's when projectors_bias; the gated RMSNorm
// only when mamba_rms_norm.
MambaShape ReadFalconH1Mamba(HfFields& f, double d) {
  MambaShape s = ReadMamba2Heads(f, f.Need({"mamba_d_ssm"}), "mamba_d_ssm");
  s.gated_norm = f.Flag("mamba_rms_norm", false);
  if (f.Flag("mamba_proj_bias", false)) {
    s.extra_params += 2 * s.d_inner + 2 * s.groups * s.d_state + s.heads;
  }
  if (f.Flag("projectors_bias", false)) s.extra_params += d;
  return s;
}

// Falcon-H1 (modeling_falcon_h1.py FalconH1DecoderLayer): every layer has
// Llama's attention (head_dim from the config, else hidden / heads) and a
// Mamba-2 mixer side by side on the same normed input, their outputs summed,
// then a gated MLP of intermediate_size; two RMSNorms per layer,
// final_layernorm, lm_head untied by default. The µP multipliers (embedding,
// key, attention and SSM in/out, MLP, ssm_multipliers) scale activations
// and have no parameters.
Status BuildFalconH1(HfFields& given, HfModel& out) {
  HfFields f = given.WithDefaults(kFalconH1Defaults, "FalconH1Config");
  const Decoder dec = ReadDecoder(f, out);
  const MambaShape mamba = ReadFalconH1Mamba(f, dec.d);
  const double ff = f.Need({"intermediate_size"});
  TF_RETURN_IF_ERROR(f.Check());
  Open(out, dec);
  BlockGroup g = RmsBlock(dec, RangeLabel("layers", 0, dec.layers), dec.layers);
  g.mlp.d_ff = ff;
  g.mamba = mamba;
  g.mamba_beside_attention = true;
  AddBlocks(out.model, g);
  Close(out, dec);
  return Status::Ok();
}

}  // namespace

void AddMambaHybrid(HfModel& out, const Decoder& dec, const HybridLayers& layers,
                    const MambaShape& mamba) {
  Open(out, dec);
  AddHybridLayers(out, dec, layers, [&](const BlockGroup& group) {
    BlockGroup g = group;
    g.mamba = mamba;
    AddBlocks(out.model, g);
  });
  Close(out, dec);
}

void AddHybridLayers(HfModel& out, const Decoder& dec, const HybridLayers& layers,
                     const std::function<void(const BlockGroup&)>& add_other) {
  double kinds[2][2] = {{0, 0}, {0, 0}};  // {attention, other} x {dense, experts}
  for (size_t i = 0; i < layers.attention.size(); ++i) {
    kinds[layers.attention[i] ? 0 : 1][layers.experts[i] ? 1 : 0]++;
  }
  for (int mixer = 0; mixer < 2; ++mixer) {
    for (int experts = 0; experts < 2; ++experts) {
      const double n = kinds[mixer][experts];
      if (n == 0) continue;
      BlockGroup g = RmsBlock(dec,
                              "layers (" + Num(n) + " " +
                                  (mixer == 0 ? layers.attention_name : layers.other_name) +
                                  (experts == 1 ? " + experts)" : " + MLP)"),
                              n);
      g.mlp = experts == 1 ? layers.moe : layers.dense;
      if (mixer == 0) {
        AddBlocks(out.model, g);
      } else {
        add_other(g);
      }
    }
  }
}

const std::vector<FamilyRow>& SsmFamilies() {
  static const std::vector<FamilyRow> rows = {
      {"mamba", "Mamba (state-space)", BuildMamba,
       "modeling_mamba.py: per layer an RMSNorm and a Mamba mixer (in_proj, conv1d, x_proj, "
       "dt_proj, A_log, D, out_proj); no attention or MLP; head tied"},
      {"falcon_mamba", "Falcon Mamba (state-space)", BuildMamba,
       "modeling_falcon_mamba.py: Mamba's mixer (its B, C, dt RMS norms have no weights); "
       "head untied when tie_word_embeddings is false"},
      {"mamba2", "Mamba-2 (state-space)", BuildMamba2,
       "modeling_mamba2.py: per layer an RMSNorm and a Mamba-2 mixer (in_proj to z, x, B, C, "
       "dt; conv1d over x, B, C; dt_bias, A_log, D per head; gated RMSNorm; out_proj)"},
      {"jamba", "Jamba (attention + Mamba + experts)", BuildJamba,
       "modeling_jamba.py: attention every attn_layer_period-th layer, Mamba mixers (with dt, "
       "B, C RMSNorms) elsewhere; experts every expert_layer_period-th layer, dense MLPs "
       "elsewhere"},
      {"falcon_h1", "Falcon-H1 (attention and Mamba-2 in parallel)", BuildFalconH1,
       "modeling_falcon_h1.py: every layer attention and a Mamba-2 mixer side by side (in_proj, "
       "conv1d, dt_bias, A_log, D, the gated RMSNorm when mamba_rms_norm, out_proj), then a "
       "gated MLP; the µP multipliers have no parameters"},
  };
  return rows;
}

}  // namespace trainflops::llm
