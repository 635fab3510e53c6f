// libFuzzer target for the safetensors header reader: arbitrary bytes must give a
// header or an error, never a crash, and a header must be consistent
// (checkpoint_check.h).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "checkpoint_check.h"
#include "trainflops/byte_source.h"
#include "trainflops/checkpoint.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const trainflops::MemoryByteSource source(bytes);
  trainflops::fuzz::CheckHeader(trainflops::ReadSafetensorsHeader(source, "fuzz.safetensors"),
                                size);
  return 0;
}
