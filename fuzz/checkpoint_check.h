// Shared by the checkpoint header fuzzers: a header read from arbitrary
// bytes is an error with a message, or consistent (finite, non-negative
// tensor sizes that add up to the total; no more tensors than bytes).
#ifndef TRAINFLOPS_FUZZ_CHECKPOINT_CHECK_H_
#define TRAINFLOPS_FUZZ_CHECKPOINT_CHECK_H_

#include <cmath>
#include <cstddef>
#include <cstdlib>

#include "trainflops/checkpoint.h"

namespace trainflops::fuzz {

inline void Check(bool condition) {
  if (!condition) std::abort();
}

inline void CheckHeader(const Result<CheckpointHeader>& header, size_t size) {
  if (!header.ok()) {
    Check(!header.status().message().empty());
    return;
  }
  double sum = 0;
  for (const TensorInfo& t : header->tensors) {
    Check(std::isfinite(t.elements) && t.elements >= 0 && t.elements <= kMaxTensorElements);
    sum += t.elements;
  }
  Check(sum == header->params);
  Check(header->tensors.size() <= size);  // every tensor takes bytes of the header
}

}  // namespace trainflops::fuzz

#endif  // TRAINFLOPS_FUZZ_CHECKPOINT_CHECK_H_
