// Internal: a protobuf wire-format reader over a ByteSource.
//
// The encoding (protobuf.dev, "Encoding"): a message is a sequence of fields,
// each a varint tag (field_number << 3 | wire_type) and a value: wire type 0
// varint, 1 fixed 64-bit, 2 length-delimited (varint length + bytes), 5 fixed
// 32-bit; 3 and 4 (groups) are obsolete and refused here.
//
// NextField reads a tag and its value but never the bytes of a
// length-delimited value: it returns their byte range and moves past them, so
// that skipping a field (e.g. a 1 GB TensorProto.raw_data) costs nothing. The
// caller reads a range it wants as a string, as packed numbers, or as a nested
// message. Every length is checked against the end of its enclosing message
// (and so of the source); every error names the byte offset.
#ifndef TRAINFLOPS_SRC_ONNX_WIRE_H_
#define TRAINFLOPS_SRC_ONNX_WIRE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/byte_source.h"
#include "trainflops/status.h"

namespace trainflops::onnx {

enum WireType : uint32_t { kVarint = 0, kFixed64 = 1, kLen = 2, kFixed32 = 5 };

// A message's bytes [begin, end) in the source, and how deep it is nested.
struct Span {
  uint64_t begin = 0, end = 0;
  int depth = 0;
  uint64_t size() const { return end - begin; }
};

struct Field {
  uint32_t number = 0;
  WireType type = kVarint;
  uint64_t offset = 0;  // of the tag, for error messages
  uint64_t value = 0;   // varint or fixed bits
  Span span;            // kLen: the value's bytes (not read), depth one deeper
};

// Nested messages deeper than this are refused (a guard against hostile
// recursion, e.g. subgraphs within subgraphs).
inline constexpr int kMaxDepth = 64;
// Strings kept in memory (names, op types, attribute text) are at most this long.
inline constexpr uint64_t kMaxString = 1 << 20;

class WireReader {
 public:
  explicit WireReader(const ByteSource& source) : source_(source) {}

  const ByteSource& source() const { return source_; }
  // The whole source as the outermost message.
  Span Whole() const { return {0, source_.size(), 0}; }

  // Reads the next field of the message whose unread bytes are `*cursor`
  // (begin advances past the field). False at the end of the message.
  Result<bool> NextField(Span* cursor, Field* field);

  // Calls `visit(field)` (returning Status) for each field of the message
  // whose bytes are `span`, stopping at the first error.
  template <typename Visit>
  Status ForEachField(Span span, Visit&& visit) {
    Field f;
    while (true) {
      if (!FastField(&span, &f)) {
        TF_ASSIGN_OR_RETURN(const bool more, NextField(&span, &f));
        if (!more) return Status::Ok();
      }
      TF_RETURN_IF_ERROR(visit(f));
    }
  }

  // The value's bytes as text; longer than kMaxString is an error naming `what`.
  Result<std::string> String(const Span& span, const char* what);
  // The same bytes in place: valid until the next read (the window moves).
  Result<std::string_view> View(const Span& span, const char* what);
  // A nested message: checks the depth limit and names `what` in the error.
  Result<Span> Message(const Field& field, const char* what) const;
  // Packed repeated varints (or one unpacked varint) appended to `out`;
  // at most `max_count` values, beyond which the error names `what`.
  Status Varints(const Field& field, size_t max_count, const char* what, std::vector<int64_t>* out);
  // Packed little-endian 32/64-bit values (count = bytes / width).
  Status Fixed(const Span& span, int width, size_t max_count, const char* what,
               std::vector<uint64_t>* out);

  // Bytes [offset, offset + n) from the window (refilled as needed).
  Result<const char*> Bytes(uint64_t offset, uint64_t n);

 private:
  Result<uint64_t> Varint(Span* cursor, const char* what);
  // The window's bytes at [offset, offset + n), or nullptr when it does not
  // hold them all.
  const char* InWindow(uint64_t offset, uint64_t n) const {
    const uint64_t at = offset - window_begin_;
    return offset >= window_begin_ && at <= window_.size() && n <= window_.size() - at
               ? window_.data() + at
               : nullptr;
  }
  // NextField for a well-formed field whose tag and value the window holds:
  // the common case, decoded without building a Result. False, with
  // nothing changed, for anything else (the end of the message, a field
  // across the window's edge, any malformation): NextField then reads it or
  // words the error.
  bool FastField(Span* cursor, Field* field) const;

  const ByteSource& source_;
  std::string window_;  // a copy of the source at [window_begin_, ...)
  uint64_t window_begin_ = 0;
};

// "byte 1234" for messages.
std::string At(uint64_t offset);

}  // namespace trainflops::onnx

#endif  // TRAINFLOPS_SRC_ONNX_WIRE_H_
