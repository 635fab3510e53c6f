// Internal: the attention span of each layer of a Hugging Face config (full,
// sliding window, chunked), read after the family's builder has made the
// components, and applied by splitting each attention core by span.
#ifndef TRAINFLOPS_SRC_LLM_HF_SPANS_H_
#define TRAINFLOPS_SRC_LLM_HF_SPANS_H_

#include <nlohmann/json.hpp>
#include <vector>

#include "hf_fields.h"

namespace trainflops::llm {

struct LayerSpan {
  AttentionSpan span = AttentionSpan::kFull;
  double width = 0;  // window or chunk in tokens
  bool operator==(const LayerSpan& o) const { return span == o.span && width == o.width; }
};

// Each layer's span as transformers' configuration classes derive it (the
// text model's fields: `text_config` when present), or empty when every
// layer attends to the whole sequence or the pattern is not one of these:
//   layer_types: "full_attention", "sliding_attention", "chunked_attention"
//     (Gemma 2/3, gpt-oss, Qwen2/3 written out);
//   attention_chunk_size with no_rope_layers (Llama 4: a layer with RoPE is
//     chunked; default every 4th layer is full, configuration_llama4.py);
//   sliding_window with use_sliding_window false: none; true: layers from
//     max_window_layers on (configuration_qwen2.py); dots.llm1 always from
//     max_window_layers, default 62 (configuration_dots1.py);
//   sliding_window with sliding_window_pattern p (or the family's: Gemma 2
//     p = 2, Gemma 3 p = 6, Cohere 2, OLMo 3, EXAONE 4 p = 4): layer i slides
//     unless (i + 1) % p == 0 (configuration_gemma3.py, configuration_cohere2.py);
//   sliding_window alone: every layer (Mistral, Mixtral, Phi-3, Starcoder2).
// Errors (a list of the wrong length, a span type without its width) are
// recorded in `fields` and returned by its Check().
std::vector<LayerSpan> ReadLayerSpans(const nlohmann::json& config, HfFields& fields,
                                      std::string* rule);

// The hook in ParseHfConfig: reads the spans and splits the model's causal
// attention cores by them ("layers.0-61/attention_core" into a sliding-window
// core of 52 layers and a full one of 10), with an assumption naming the rule.
Status ApplyLayerSpans(const nlohmann::json& config, HfFields& fields, HfModel& out);

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_HF_SPANS_H_
