// libFuzzer target for the safetensors readers: arbitrary bytes must give a
// header or an error, never a crash, and a header must be consistent
// (checkpoint_check.h). The same bytes are also read as a
// model.safetensors.index.json, whose size must then be a positive whole
// number of bytes.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "checkpoint_check.h"
#include "trainflops/byte_source.h"
#include "trainflops/checkpoint.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const trainflops::MemoryByteSource source(bytes);
  trainflops::fuzz::CheckHeader(trainflops::ReadSafetensorsHeader(source, "fuzz.safetensors"),
                                size);
  const auto index = trainflops::ParseSafetensorsIndex(bytes, "fuzz.index.json");
  if (index.ok() && !(index->total_size > 0 && std::isfinite(index->total_size) &&
                      index->total_size == std::floor(index->total_size))) {
    std::abort();
  }
  return 0;
}
