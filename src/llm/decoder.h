// Internal: the pieces every RMSNorm decoder family shares (Llama and its
// kin, the mixtures of experts, the recent dense families): reading the
// attention shape, the blocks, the embedding and the head.
#ifndef TRAINFLOPS_SRC_LLM_DECODER_H_
#define TRAINFLOPS_SRC_LLM_DECODER_H_

#include <string>
#include <vector>

#include "blocks.h"
#include "hf_fields.h"

namespace trainflops::llm {

// What every decoder reads: the attention shape, vocabulary, tying.
struct Decoder {
  double d = 0, layers = 0, vocab = 0;
  bool tied = false;
  AttentionShape attention;
  bool mlp_bias = false;
  // Each block's and the final norm: RMSNorm of d unless a family says
  // otherwise (LayerNorm with bias: 2d).
  double norm_params = 0;
  std::string norm_type = "rmsnorm";
  bool head_bias = false;  // lm_head with a bias (Phi-2, Phi-3.5-MoE)
};

// The Hugging Face configuration classes' defaults for fields a config may
// leave out.
struct DecoderDefaults {
  bool tied = false;
  bool attention_bias = false;
};

// hidden_size, num_hidden_layers (or num_layers), vocab_size,
// num_attention_heads, num_key_value_heads, head_dim; RMSNorms of d.
Decoder ReadShape(HfFields& f);
// ReadShape, and attention_bias, mlp_bias, tie_word_embeddings.
Decoder ReadDecoder(HfFields& f, const HfModel& out, const DecoderDefaults& defaults = {});

// A block of `count` layers with the decoder's attention, a gated MLP and
// two of the decoder's norms.
BlockGroup RmsBlock(const Decoder& dec, const std::string& label, double count);
// The token embedding and the model's dimensions.
void Open(HfModel& out, const Decoder& dec);
// The final norm and the head.
void Close(HfModel& out, const Decoder& dec);

// Adds the dense and the mixture-of-experts blocks of `base`; `moe` says
// which layers are sparse. Contiguous runs get a layer range as their name.
void AddDenseAndMoe(HfModel& out, const Decoder& dec, const std::vector<bool>& moe,
                    const MlpShape& dense_mlp, const MlpShape& moe_mlp, const BlockGroup& base);
void AddDenseAndMoe(HfModel& out, const Decoder& dec, const std::vector<bool>& moe,
                    const MlpShape& dense_mlp, const MlpShape& moe_mlp);

// Every mixture of experts: top-k must not exceed the experts, naming both
// fields ("num_experts_per_tok (9) exceeds num_local_experts (8)").
Status CheckTopK(const HfModel& out, const MlpShape& moe, const std::string& experts_field,
                 const std::string& top_k_field);

// Layer i (0-based) is sparse when (i + 1) % step == 0 and i is not listed
// (Qwen2-MoE / Qwen3-MoE: decoder_sparse_step, mlp_only_layers).
std::vector<bool> SparseByStep(double layers, double step, std::vector<double> dense_layers);

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_DECODER_H_
