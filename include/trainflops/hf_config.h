// Hugging Face `config.json` files: exact parameter counts (total,
// non-embedding, active) and the component list the FLOP conventions read.
//
// Families (model_type): see SupportedModelTypes() and docs/llm.md's table
// for the fields each reads and its rule. An unknown model_type is counted
// as a generic Llama-style decoder only when no field suggests another
// structure: with mixture-of-experts fields it is counted as a mixture of
// experts (total and active, naming the fields used); with state-space,
// encoder-decoder, multimodal or other structural fields it is refused with
// a message listing them. Every model says which fields were read and which
// were ignored.
#ifndef TRAINFLOPS_HF_CONFIG_H_
#define TRAINFLOPS_HF_CONFIG_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/checkpoint.h"
#include "trainflops/estimate.h"
#include "trainflops/status.h"
#include "trainflops/transformer.h"

namespace trainflops {

// A part of a multimodal model (the language model, the vision encoder, the
// projector between them), with its parameters and how they were counted.
struct HfPart {
  std::string name;     // "language model", "vision encoder", "projector"
  double params = 0;    // 0 when not counted
  bool counted = true;  // false: in the model but not counted (Llama 4's vision encoder)
  std::string how;      // "text_config, as model_type llama (Llama 1/2/3)"
};

struct HfModel {
  std::string file;
  std::string model_type;
  std::string family;     // the family whose formulas were used
  std::string rule;       // what the family's formulas count, and the modelling code they follow
  bool fallback = false;  // unknown model_type counted as a generic decoder (or MoE)
  TransformerModel model;
  std::vector<Input> fields;                // every config field read, with its value
  std::vector<std::string> fields_read;     // keys read ("text_config.hidden_size")
  std::vector<std::string> fields_ignored;  // keys present but not read by the family's rule
  std::vector<Assumption> assumptions;
  // Multimodal wrappers (llava, gemma3, qwen2_vl, mllama, llama4): the parts,
  // whose parameters sum to the total. The vision encoder and projector run
  // once per image, not per text token, so their parameters are stored but
  // not active per token (the per-token FLOP is the language model's).
  std::vector<HfPart> parts;
  // DeepSeek-V3's multi-token-prediction module: stored in the checkpoint,
  // not part of the published 671B, not counted here (docs/llm.md).
  double mtp_params = 0;
  double max_position_embeddings = 0;  // the config's context length, 0 if absent
  std::string torch_dtype;             // "" if absent
  // The checkpoint's count beside the config's (set by the caller that
  // found the checkpoint: `estimate --checkpoint FILE`).
  std::optional<CheckpointCrossCheck> checkpoint;
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
