// Internal: shared by the safetensors and GGUF header readers.
#ifndef TRAINFLOPS_SRC_LLM_CHECKPOINT_INTERNAL_H_
#define TRAINFLOPS_SRC_LLM_CHECKPOINT_INTERNAL_H_

#include <string>
#include <vector>

#include "trainflops/checkpoint.h"

namespace trainflops::llm {

// The product of `shape`, or an error naming the tensor when a dimension
// or the product exceeds kMaxTensorElements (no overflow, no NaN).
Result<double> ShapeElements(const std::vector<double>& shape, const std::string& file,
                             const std::string& tensor);
// Fills header.groups and header.params from header.tensors.
void GroupTensors(CheckpointHeader& header);

}  // namespace trainflops::llm

#endif  // TRAINFLOPS_SRC_LLM_CHECKPOINT_INTERNAL_H_
