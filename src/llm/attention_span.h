// Internal: the attention cores of a model grouped by span (full, a sliding
// window, a chunk), one row of a convention's terms table each.
#ifndef TRAINFLOPS_SRC_LLM_ATTENTION_SPAN_H_
#define TRAINFLOPS_SRC_LLM_ATTENTION_SPAN_H_

#include <string>
#include <vector>

#include "trainflops/transformer.h"

namespace trainflops::llm {

struct SpanGroup {
  std::string name;                  // SpanName: "full", "sliding window 1024", ...
  std::string keys_text;             // KeysPerQueryText
  double keys = 0;                   // keys per query
  double layers = 0;                 // blocks of this span
  const Component* first = nullptr;  // its dimensions, for the formulas
  std::vector<size_t> members;       // indices of its cores in m.components
};

// The model's attention cores by span, in order of first appearance.
std::vector<SpanGroup> SpanGroups(const TransformerModel& m, bool causal);

// " [sliding window 1024: 52 layers]" when the model has more than one span
// or its one span is not full; "" otherwise (the published term's name).
std::string SpanSuffix(const SpanGroup& g, size_t groups);

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_ATTENTION_SPAN_H_
