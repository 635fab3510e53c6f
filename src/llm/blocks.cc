// Parameters of attention, MLP, expert and norm components, written once
// for every family. Weight shapes follow the Hugging Face implementations
// (modeling_llama.py, modeling_mixtral.py, modeling_qwen2_moe.py,
// modeling_deepseek_v3.py, modeling_gpt2.py, modeling_t5.py, ...).
#include "blocks.h"

#include "llm_internal.h"

namespace trainflops::llm {
namespace {

Component Make(std::string name, std::string type, ComponentRole role, double count) {
  Component c;
  c.name = std::move(name);
  c.type = std::move(type);
  c.role = role;
  c.count = count;
  return c;
}

// Weights and biases of one block's attention projections.
struct AttentionParts {
  double weights = 0, other = 0;  // other: biases and the latent norms
  double qk_dim = 0, v_dim = 0;
  std::string type;
};

AttentionParts AttentionSizes(const AttentionShape& a, double d) {
  AttentionParts s;
  if (a.kv_lora_rank > 0) {
    // DeepSeek-V3 MLA: q_a (d x q_lora) + q_a_layernorm + q_b (q_lora x H·(nope+rope)),
    // kv_a_proj_with_mqa (d x (kv_lora + rope)) + kv_a_layernorm,
    // kv_b (kv_lora x H·(nope + v)), o_proj (H·v x d).
    const double qk = a.qk_nope + a.qk_rope;
    s.weights =
        a.q_lora_rank > 0 ? d * a.q_lora_rank + a.q_lora_rank * a.heads * qk : d * a.heads * qk;
    s.other = a.q_lora_rank + a.kv_lora_rank;
    s.weights += d * (a.kv_lora_rank + a.qk_rope) +
                 a.kv_lora_rank * a.heads * (a.qk_nope + a.v_head) + a.heads * a.v_head * d;
    s.qk_dim = qk;
    s.v_dim = a.v_head;
    s.type = "mla_attention";
    return s;
  }
  const double q = a.heads * a.head_dim, kv = a.kv_heads * a.head_dim;
  s.weights = d * q + 2 * d * kv + q * d;
  if (a.qkv_bias) s.other += q + 2 * kv;
  if (a.out_bias) s.other += d;
  s.other += a.extra_params;
  s.qk_dim = s.v_dim = a.head_dim;
  s.type = a.kv_heads == a.heads ? "mha_attention"
           : a.kv_heads == 1     ? "mqa_attention"
                                 : "gqa_attention";
  return s;
}

void AddAttention(TransformerModel& m, const std::string& label, double count,
                  const AttentionShape& a) {
  const AttentionParts s = AttentionSizes(a, m.d_model);
  Component proj = Make(label + "/" + a.name, s.type, ComponentRole::kAttention, count);
  proj.params = proj.active_params = count * (s.weights + s.other);
  proj.matmul_params = count * s.weights;
  proj.output_shape = SeqShape(m.seq_len, m.d_model);
  m.components.push_back(proj);
  Component core = Make(label + "/" + a.name + "_core", "attention_scores",
                        ComponentRole::kAttentionCore, count);
  core.heads = a.heads;
  core.qk_dim = s.qk_dim;
  core.v_dim = s.v_dim;
  core.bidirectional = a.bidirectional;
  core.output_shape = SeqShape(m.seq_len, a.heads * s.v_dim);
  m.components.push_back(core);
}

void AddMlp(TransformerModel& m, const std::string& label, double count, const MlpShape& p) {
  const double d = m.d_model;
  Component c = Make(label + "/mlp", p.gated ? "gated_mlp" : "mlp", ComponentRole::kMlp, count);
  if (p.experts > 0) {
    const double expert = 3 * d * p.expert_ff + (p.expert_bias ? 2 * p.expert_ff + d : 0);
    const double shared = 3 * d * p.shared_ff + (p.shared_gate ? d : 0);
    const double router = d * p.experts;
    const double bias = p.router_bias ? p.experts : 0;
    c.type = "moe";
    c.params = count * (p.experts * expert + shared + router + bias);
    c.active_params = count * (p.experts_per_tok * expert + shared + router + bias);
    c.matmul_params = count * (p.experts_per_tok * 3 * d * p.expert_ff + shared + router);
  } else {
    const double weights = (p.gated ? 3 : 2) * d * p.d_ff;
    const double bias = p.bias ? (p.gated ? 2 * p.d_ff : p.d_ff) + d : 0;
    c.params = c.active_params = count * (weights + bias);
    c.matmul_params = count * weights;
  }
  c.output_shape = SeqShape(m.seq_len, d);
  m.components.push_back(c);
}

// Mamba-1 mixer (modeling_mamba.py MambaMixer): in_proj d x 2·inner, conv1d
// inner x d_conv (depthwise), x_proj inner x (dt_rank + 2N), dt_proj
// dt_rank x inner + inner, A_log inner x N, D inner, out_proj inner x d.
// Mamba-2 (modeling_mamba2.py Mamba2Mixer): in_proj d x (2·inner + 2·G·N +
// H), conv1d over inner + 2·G·N channels, dt_bias, A_log, D (H each), a
// gated RMSNorm of inner (optional in Falcon-H1), out_proj inner x d.
// The scan's FLOP per token, the recurrent form of each (docs/llm.md,
// "State-space models"): Mamba-1 9·inner·N + 2·inner (A. Gu, state-spaces/
// mamba GitHub thread 110); Mamba-2, whose A is one scalar per head (Dao & Gu
// 2024, "Transformers are SSMs", section 3), per head of P channels: the
// decay a·h (P·N), Δ·x (P), the outer product (Δx)·Bᵀ (P·N) and its sum into
// h (P·N), the read-out h·C (2·P·N), the D skip (2·P): 5·inner·N + 3·inner.
void AddMamba(TransformerModel& m, const std::string& label, double count, const MambaShape& s) {
  const double d = m.d_model, inner = s.d_inner, n = s.d_state;
  double in = 0, conv_channels = 0, weights = 0, other = 0;
  if (s.mamba2) {
    in = 2 * inner + 2 * s.groups * n + s.heads;
    conv_channels = inner + 2 * s.groups * n;
    weights = d * in + conv_channels * s.d_conv + inner * d;
    other = 3 * s.heads + (s.gated_norm ? inner : 0);
  } else {
    in = 2 * inner;
    conv_channels = inner;
    weights =
        d * in + inner * s.d_conv + inner * (s.dt_rank + 2 * n) + s.dt_rank * inner + inner * d;
    other = inner + inner * n + inner;  // dt_proj bias, A_log, D
  }
  if (s.proj_bias) other += in + d;
  if (s.conv_bias) other += conv_channels;
  Component c = Make(label + "/mamba", s.mamba2 ? "mamba2_mixer" : "mamba_mixer",
                     ComponentRole::kStateSpace, count);
  c.params = c.active_params = count * (weights + other + s.extra_params);
  c.matmul_params = count * weights;
  c.output_shape = SeqShape(m.seq_len, d);
  m.components.push_back(c);
  Component scan = Make(label + "/mamba_scan", s.mamba2 ? "ssd_recurrence" : "selective_scan",
                        ComponentRole::kStateSpaceScan, count);
  scan.scan_flop = count * (s.mamba2 ? 5 * inner * n + 3 * inner : 9 * inner * n + 2 * inner);
  scan.output_shape = SeqShape(m.seq_len, inner);
  m.components.push_back(scan);
}

}  // namespace

std::string RangeLabel(const std::string& prefix, double first, double count) {
  const auto a = static_cast<long long>(first), b = static_cast<long long>(first + count - 1);
  return prefix + "." + std::to_string(a) + (b > a ? "-" + std::to_string(b) : "");
}

void AddEmbedding(TransformerModel& m, const std::string& name, double vocab, double d) {
  Component c = Make(name, "embedding", ComponentRole::kEmbedding, 1);
  c.params = c.active_params = c.matmul_params = vocab * d;
  c.in_blocks = false;
  c.output_shape = SeqShape(m.seq_len, d);
  m.components.push_back(c);
}

void AddPositionTable(TransformerModel& m, const std::string& name, double rows, double width) {
  Component c = Make(name, "position_embedding", ComponentRole::kPosition, 1);
  c.params = c.active_params = rows * width;
  c.in_blocks = false;
  c.output_shape = SeqShape(m.seq_len, width);
  m.components.push_back(c);
}

void AddBlocks(TransformerModel& m, const BlockGroup& g) {
  if (g.mamba) AddMamba(m, g.label, g.count, *g.mamba);
  if (!g.mamba || g.mamba_beside_attention) AddAttention(m, g.label, g.count, g.attention);
  if (g.cross) AddAttention(m, g.label, g.count, *g.cross);
  if (g.mlp.d_ff > 0 || g.mlp.experts > 0) AddMlp(m, g.label, g.count, g.mlp);
  if (g.norms > 0 && g.norm_params > 0) {
    Component n = Make(g.label + "/norms", g.norm_type, ComponentRole::kNorm, g.count);
    n.params = n.active_params = g.count * g.norms * g.norm_params;
    n.output_shape = SeqShape(m.seq_len, m.d_model);
    m.components.push_back(n);
  }
}

void AddFinalNorm(TransformerModel& m, const std::string& name, double params,
                  const std::string& type) {
  Component n = Make(name, type, ComponentRole::kNorm, 1);
  n.params = n.active_params = params;
  n.in_blocks = false;
  n.output_shape = SeqShape(m.seq_len, m.d_model);
  m.components.push_back(n);
}

void AddLogits(TransformerModel& m, double vocab, double d, bool tied, bool bias) {
  Component c = Make(tied ? "lm_head (tied to the embedding)" : "lm_head", "logits",
                     ComponentRole::kLogits, 1);
  c.params = c.active_params = (tied ? 0 : vocab * d) + (bias ? vocab : 0);
  c.matmul_params = vocab * d;
  c.in_blocks = false;
  c.output_shape = SeqShape(m.seq_len, vocab);
  m.components.push_back(c);
}

void AddProjection(TransformerModel& m, const std::string& name, double d_in, double d_out,
                   bool bias) {
  Component c = Make(name, "dense", ComponentRole::kOther, 1);
  c.matmul_params = d_in * d_out;
  c.params = c.active_params = d_in * d_out + (bias ? d_out : 0);
  c.in_blocks = false;
  c.output_shape = {d_out};
  m.components.push_back(c);
}

}  // namespace trainflops::llm
