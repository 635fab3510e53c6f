// Internal: building a TransformerModel's components from block shapes.
// Shared by the Hugging Face families and the `tokens` command's generic
// decoder, so that every family counts attention, MLPs, experts and norms
// the same way.
#ifndef TRAINFLOPS_SRC_LLM_BLOCKS_H_
#define TRAINFLOPS_SRC_LLM_BLOCKS_H_

#include <optional>
#include <string>

#include "trainflops/transformer.h"

namespace trainflops::llm {

struct AttentionShape {
  double heads = 0, kv_heads = 0, head_dim = 0;
  bool qkv_bias = false, out_bias = false;
  // Per block, outside the projections: q/k norms (Qwen3, OLMo 2, Gemma 3),
  // attention sinks (gpt-oss: one per head).
  double extra_params = 0;
  // Multi-head latent attention (DeepSeek-V2/V3), used when kv_lora_rank > 0:
  // q_lora_rank = 0 means a plain d x H·(nope + rope) query projection.
  double q_lora_rank = 0, kv_lora_rank = 0, qk_nope = 0, qk_rope = 0, v_head = 0;
  bool bidirectional = false;      // encoders and cross-attention
  std::string name = "attention";  // component name within the block
};

struct MlpShape {
  double d_ff = 0;
  bool gated = false;  // SwiGLU/GeGLU: gate, up and down matrices
  bool bias = false;
  // Mixture of experts (routed experts are gated MLPs of expert_ff).
  double experts = 0, experts_per_tok = 0, expert_ff = 0;
  double shared_ff = 0;      // summed intermediate size of the shared experts
  bool shared_gate = false;  // Qwen2-MoE's sigmoid gate d -> 1 on the shared expert
  bool router_bias = false;  // DeepSeek-V3's e_score_correction_bias, gpt-oss's router bias
  bool expert_bias = false;  // gpt-oss: each expert's gate/up (2 x expert_ff) and down (d) biases
};

// A Mamba mixer (Gu & Dao 2023, "Mamba", section 3 and figure 3;
// transformers' modeling_mamba.py, modeling_mamba2.py, modeling_jamba.py).
struct MambaShape {
  double d_inner = 0, d_state = 0, d_conv = 0;
  double dt_rank = 0;            // Mamba-1: x_proj's Δ width
  double heads = 0, groups = 0;  // Mamba-2: heads (one Δ, A, D each), groups of B and C
  bool mamba2 = false;
  bool proj_bias = false, conv_bias = true;
  double extra_params = 0;  // Jamba's dt/B/C RMSNorms
  bool gated_norm = true;   // Mamba-2's gated RMSNorm of d_inner (Falcon-H1: mamba_rms_norm)
};

struct BlockGroup {
  std::string label;  // "layers.0-31"
  double count = 0;
  AttentionShape attention;
  std::optional<AttentionShape> cross;  // encoder-decoder cross-attention
  std::optional<MambaShape> mamba;      // a Mamba mixer in place of attention
  bool mamba_beside_attention = false;  // Falcon-H1: the mixer runs beside attention
  MlpShape mlp;                         // none when d_ff and experts are 0 (Mamba)
  double norms = 2;                     // norms per block
  double norm_params = 0;               // parameters per norm (d for RMSNorm, 2d for LayerNorm)
  std::string norm_type = "rmsnorm";
};

void AddEmbedding(TransformerModel& m, const std::string& name, double vocab, double d);
// Learned positions, token types or relative-position biases.
void AddPositionTable(TransformerModel& m, const std::string& name, double rows, double width);
void AddBlocks(TransformerModel& m, const BlockGroup& g);
void AddFinalNorm(TransformerModel& m, const std::string& name, double params,
                  const std::string& type);
// The output head; a tied head has no parameters of its own but still
// multiplies by V·d weights.
void AddLogits(TransformerModel& m, double vocab, double d, bool tied, bool bias = false);
// A d_in x d_out projection outside the blocks (BERT's pooler, ...).
void AddProjection(TransformerModel& m, const std::string& name, double d_in, double d_out,
                   bool bias);

// "layers.0-31" for `count` blocks starting at `first`.
std::string RangeLabel(const std::string& prefix, double first, double count);

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_BLOCKS_H_
