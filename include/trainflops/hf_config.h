// Hugging Face `config.json` files: exact parameter counts (total,
// non-embedding, active) and the component list the FLOP conventions read.
//
// Families (model_type): gpt2, gpt_neox, bert, t5, llama, mistral, mixtral,
// qwen2, qwen2_moe, gemma, phi3, falcon (and the older RefinedWeb /
// RefinedWebModel), deepseek_v2, deepseek_v3. Any other model_type falls
// back to a generic Llama-style decoder when the fields it needs are there,
// and says so. See docs/llm.md for the fields read and the conventions.
#ifndef TRAINFLOPS_HF_CONFIG_H_
#define TRAINFLOPS_HF_CONFIG_H_

#include <string>
#include <string_view>
#include <vector>

#include "trainflops/estimate.h"
#include "trainflops/status.h"
#include "trainflops/transformer.h"

namespace trainflops {

struct HfModel {
  std::string file;
  std::string model_type;
  std::string family;     // the family whose formulas were used
  bool fallback = false;  // unknown model_type counted as a generic decoder
  TransformerModel model;
  std::vector<Input> fields;  // every config field read, with its value
  std::vector<Assumption> assumptions;
  // DeepSeek-V3's multi-token-prediction module: stored in the checkpoint,
  // not part of the published 671B, not counted here (docs/llm.md).
  double mtp_params = 0;
  double max_position_embeddings = 0;  // the config's context length, 0 if absent
};

// Parses a config.json's text. `file` names it in errors ("FILE:LINE:COL:
// malformed JSON: ...", "FILE: model_type 'llama' needs field(s) ..."), and
// `seq_len` (0 = unknown) sizes the per-sequence shapes.
Result<HfModel> ParseHfConfig(std::string_view json_text, const std::string& file,
                              double seq_len = 0);

// The model_type values with their own formulas.
const std::vector<std::string>& SupportedModelTypes();

}  // namespace trainflops

#endif  // TRAINFLOPS_HF_CONFIG_H_
