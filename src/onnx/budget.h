// Internal: the memory one analysis may take for the model's items, in
// proportion to the file's size. The wire format is compact (an empty
// attribute is 2 bytes, a dimension name a few) while each parsed item costs
// tens to hundreds of bytes, so per-graph item caps alone would let a small
// file take gigabytes. Every item the parser builds (node, attribute, name,
// dimension, value, tensor) and every node and tensor description the
// analysis writes is charged here, at its size in memory, before or as it is
// allocated; once the total passes the limit the analysis stops with an error.
#ifndef TRAINFLOPS_SRC_ONNX_BUDGET_H_
#define TRAINFLOPS_SRC_ONNX_BUDGET_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "trainflops/status.h"

namespace trainflops::onnx {

// Bytes of memory per byte of input, and the least every file is allowed.
// The densest real graphs need less: the 100,000-node benchmark chain (one-
// to six-character names, 35 bytes a node) is charged 17.7 bytes per byte
// (89% of its budget; 16.3 at a million nodes), the exported models among
// the test fixtures 5 to 7, a file with embedded weights a small fraction.
// The floor lets any graph of up to about 100,000 nodes through whatever
// its encoding.
inline constexpr uint64_t kMemoryPerInputByte = 20;
inline constexpr uint64_t kMinMemoryBudget = uint64_t{64} << 20;  // 64 MiB

// Heap bytes a string of `length` characters holds beyond its own object:
// none within the small string buffer (15 characters in libstdc++, 22 in
// libc++).
inline uint64_t HeapBytes(size_t length) { return length > 15 ? length + 1 : 0; }
// Those `s` holds: its capacity, which a concatenation may have doubled.
inline uint64_t HeapBytes(const std::string& s) { return HeapBytes(s.capacity()); }

class MemoryBudget {
 public:
  // The budget of a file of `input_bytes`: max(20 x its size, 64 MiB).
  static uint64_t LimitFor(uint64_t input_bytes);

  explicit MemoryBudget(uint64_t input_bytes)
      : input_bytes_(input_bytes), limit_(LimitFor(input_bytes)) {}
  // A budget with an explicit limit (tests).
  MemoryBudget(uint64_t input_bytes, uint64_t limit) : input_bytes_(input_bytes), limit_(limit) {}

  // Adds `bytes` for items of kind `what` ("attributes"); an error naming
  // them and the limit once the total passes it.
  Status Charge(uint64_t bytes, std::string_view what) {
    used_ += bytes;
    return used_ <= limit_ ? Status::Ok() : Exceeded(what);
  }
  // Returns `bytes` charged for an item that has been freed.
  void Release(uint64_t bytes) { used_ -= bytes < used_ ? bytes : used_; }
  uint64_t used() const { return used_; }
  uint64_t limit() const { return limit_; }

 private:
  Status Exceeded(std::string_view what) const;

  uint64_t input_bytes_;
  uint64_t limit_;
  uint64_t used_ = 0;
};

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_BUDGET_H_
