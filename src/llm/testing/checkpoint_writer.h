// Test-only: the bytes of .safetensors and GGUF files, so that tests build
// small checkpoints (and hostile ones) byte by byte. Layouts: safetensors'
// README (8-byte little-endian header length, JSON header, data) and GGUF's
// specification (ggml docs/gguf.md: magic, version, counts, key-values,
// tensor infos).
#ifndef TRAINFLOPS_SRC_LLM_TESTING_CHECKPOINT_WRITER_H_
#define TRAINFLOPS_SRC_LLM_TESTING_CHECKPOINT_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace trainflops::llm::testing {

// `v` as `bytes` little-endian bytes.
inline std::string Le(uint64_t v, int bytes) {
  std::string s;
  for (int i = 0; i < bytes; ++i) s += static_cast<char>((v >> (8 * i)) & 0xff);
  return s;
}

// A .safetensors file: length, header JSON, `data` zero bytes.
inline std::string Safetensors(const std::string& header, size_t data) {
  return Le(header.size(), 8) + header + std::string(data, '\0');
}

// GGUF pieces: a string, the file around its key-values and tensor infos,
// one tensor info (GGML type number `type`, offset 0).
inline std::string GgufString(const std::string& s) { return Le(s.size(), 8) + s; }
inline std::string Gguf(uint64_t tensors, uint64_t kvs, const std::string& body,
                        uint32_t version = 3) {
  return "GGUF" + Le(version, 4) + Le(tensors, 8) + Le(kvs, 8) + body;
}
inline std::string GgufTensor(const std::string& name, const std::vector<uint64_t>& dims,
                              uint32_t type) {
  std::string s = GgufString(name) + Le(dims.size(), 4);
  for (uint64_t d : dims) s += Le(d, 8);
  return s + Le(type, 4) + Le(0, 8);
}

}  // namespace trainflops::llm::testing

#endif  // TRAINFLOPS_SRC_LLM_TESTING_CHECKPOINT_WRITER_H_
