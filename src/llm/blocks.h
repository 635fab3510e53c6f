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
  bool router_bias = false;  // DeepSeek-V3's e_score_correction_bias (one per expert)
};

struct BlockGroup {
  std::string label;  // "layers.0-31"
  double count = 0;
  AttentionShape attention;
  std::optional<AttentionShape> cross;  // encoder-decoder cross-attention
  MlpShape mlp;
  double norms = 2;        // norms per block
  double norm_params = 0;  // parameters per norm (d for RMSNorm, 2d for LayerNorm)
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
