// Random-access bytes: what the ONNX reader parses, so that a multi-gigabyte
// model file is read piece by piece (and its weight bytes skipped) instead of
// being loaded whole.
//
// Two implementations: MemoryByteSource over bytes the caller owns (tests,
// fuzzers, embedded data) and a file-backed one (pread, 64-bit offsets) for
// the edge of the program: the CLI and the benchmark.
#ifndef TRAINFLOPS_BYTE_SOURCE_H_
#define TRAINFLOPS_BYTE_SOURCE_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "trainflops/status.h"

namespace trainflops {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  virtual uint64_t size() const = 0;
  // Fills `out` with the bytes at [offset, offset + out.size()); an error when
  // that range is not wholly inside the source or the read fails.
  virtual Status Read(uint64_t offset, std::span<char> out) const = 0;
};

// Bytes held by the caller, who keeps them alive while the source is used.
class MemoryByteSource final : public ByteSource {
 public:
  explicit MemoryByteSource(std::string_view bytes) : bytes_(bytes) {}
  uint64_t size() const override { return bytes_.size(); }
  Status Read(uint64_t offset, std::span<char> out) const override;

 private:
  std::string_view bytes_;
};

// Opens `path` for reading with pread (no mapping, no loading). The open does
// not block (a pipe with no writer would hang it) and anything but a regular
// file is refused. Errors name the path and the system's reason.
Result<std::unique_ptr<ByteSource>> OpenFileByteSource(const std::string& path);

// A source over `fd`, an open regular file of `size` bytes, which it closes;
// for a caller that has opened and checked the file itself.
std::unique_ptr<ByteSource> FileByteSourceFromDescriptor(int fd, uint64_t size, std::string path);

}  // namespace trainflops

#endif  // TRAINFLOPS_BYTE_SOURCE_H_
