// The memory budget of one analysis: its limit and the message when it is
// exceeded.
#include "budget.h"

#include <algorithm>

#include "trainflops/input_limits.h"

namespace trainflops::onnx {
namespace {

std::string Mib(uint64_t bytes) { return WithThousands((bytes + (1 << 20) - 1) >> 20) + " MiB"; }

}  // namespace

uint64_t MemoryBudget::LimitFor(uint64_t input_bytes) {
  const uint64_t proportional = input_bytes > UINT64_MAX / kMemoryPerInputByte
                                    ? UINT64_MAX
                                    : input_bytes * kMemoryPerInputByte;
  return std::max(proportional, kMinMemoryBudget);
}

Status MemoryBudget::Exceeded(std::string_view what) const {
  return Status::InvalidArgument(
      "the graph's items (nodes, attributes, names, dimensions, tensor values) need more than " +
      Mib(limit_) + " of memory (the limit was passed at its " + std::string(what) +
      "); accepted: " + std::to_string(kMemoryPerInputByte) +
      " bytes of memory per byte of the file (" + WithThousands(input_bytes_) +
      " bytes), at least " + Mib(kMinMemoryBudget));
}

}  // namespace trainflops::onnx
