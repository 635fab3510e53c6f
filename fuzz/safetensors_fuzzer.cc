// libFuzzer target for the safetensors header reader: arbitrary bytes must
// give a header or an error, never a crash, and a header must be
// consistent (finite, non-negative counts that add up).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "trainflops/byte_source.h"
#include "trainflops/checkpoint.h"

namespace {

void Check(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const trainflops::MemoryByteSource source(bytes);
  const auto header = trainflops::ReadSafetensorsHeader(source, "fuzz.safetensors");
  if (!header.ok()) {
    Check(!header.status().message().empty());
    return 0;
  }
  double sum = 0;
  for (const trainflops::TensorInfo& t : header->tensors) {
    Check(std::isfinite(t.elements) && t.elements >= 0 &&
          t.elements <= trainflops::kMaxTensorElements);
    sum += t.elements;
  }
  Check(sum == header->params);
  Check(header->tensors.size() <= size);  // every tensor takes bytes of the header
  return 0;
}
