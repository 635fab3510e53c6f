// The protobuf wire-format reader (see wire.h for the encoding and its source).
#include "wire.h"

#include <algorithm>
#include <cstring>

namespace trainflops::onnx {
namespace {

// Bytes read from the source at a time: small enough that the window's memory
// is negligible, large enough that a graph is read in few system calls.
constexpr uint64_t kWindow = 64 * 1024;

Status Malformed(uint64_t offset, const std::string& what) {
  return Status::ParseError(At(offset) + ": " + what);
}

}  // namespace

std::string At(uint64_t offset) { return "byte " + std::to_string(offset); }

Result<const char*> WireReader::Bytes(uint64_t offset, uint64_t n) {
  if (offset >= window_begin_ && offset - window_begin_ <= window_.size() &&
      n <= window_.size() - (offset - window_begin_)) {
    return window_.data() + (offset - window_begin_);
  }
  const uint64_t size = source_.size();
  if (offset > size || n > size - offset) {
    return Malformed(offset,
                     "needs " + std::to_string(n) + " bytes but the file ends at " + At(size));
  }
  const uint64_t length = std::max(n, std::min(kWindow, size - offset));
  window_.resize(length);
  window_.shrink_to_fit();
  window_begin_ = offset;
  TF_RETURN_IF_ERROR(source_.Read(offset, std::span<char>(window_.data(), length)));
  return window_.data();
}

// Base-128 varint, least significant group first, at most 10 bytes; the 10th
// may only carry the 64th bit.
Result<uint64_t> WireReader::Varint(Span* cursor, const char* what) {
  const uint64_t start = cursor->begin;
  const uint64_t available = std::min<uint64_t>(10, cursor->end - start);
  TF_ASSIGN_OR_RETURN(const char* p, Bytes(start, available));
  uint64_t value = 0;
  for (uint64_t i = 0; i < available; ++i) {
    const auto byte = static_cast<uint8_t>(p[i]);
    if (i == 9 && byte > 1)
      return Malformed(start, std::string("bad varint in ") + what + " (more than 64 bits)");
    value |= static_cast<uint64_t>(byte & 0x7f) << (7 * i);
    if ((byte & 0x80) == 0) {
      cursor->begin = start + i + 1;
      return value;
    }
  }
  if (available == 10) {
    return Malformed(start, std::string("bad varint in ") + what + " (longer than 10 bytes)");
  }
  return Malformed(start, std::string("truncated varint in ") + what + " (the message ends at " +
                              At(cursor->end) + ")");
}

namespace {

// A varint wholly inside [*p, end), as Varint decodes it; false (and *p
// unchanged) when it is longer than 10 bytes, carries bits past the 64th, or
// runs past `end`.
bool FastVarint(const uint8_t** p, const uint8_t* end, uint64_t* out) {
  uint64_t value = 0;
  const uint8_t* q = *p;
  for (int i = 0; i < 10 && q + i < end; ++i) {
    const uint8_t byte = q[i];
    if (i == 9 && byte > 1) return false;
    value |= static_cast<uint64_t>(byte & 0x7f) << (7 * i);
    if ((byte & 0x80) == 0) {
      *p = q + i + 1;
      *out = value;
      return true;
    }
  }
  return false;
}

}  // namespace

bool WireReader::FastField(Span* cursor, Field* field) const {
  if (cursor->begin >= cursor->end) return false;
  // A tag (at most 5 bytes for a valid field number) and a varint value or
  // length (at most 10): 20 bytes hold any field's head.
  const uint64_t look = std::min<uint64_t>(20, cursor->end - cursor->begin);
  const char* window = InWindow(cursor->begin, look);
  if (window == nullptr) return false;
  const auto* start = reinterpret_cast<const uint8_t*>(window);
  const uint8_t* p = start;
  const uint8_t* end = start + look;
  uint64_t tag = 0;
  if (!FastVarint(&p, end, &tag)) return false;
  const uint64_t number = tag >> 3;
  if (number == 0 || number > 0x1fffffff) return false;
  const uint64_t type = tag & 7;
  uint64_t value = 0;
  switch (type) {
    case kVarint:
      if (!FastVarint(&p, end, &value)) return false;
      field->value = value;
      break;
    case kFixed64:
    case kFixed32: {
      const uint64_t width = type == kFixed64 ? 8 : 4;
      if (static_cast<uint64_t>(end - p) < width) return false;
      for (uint64_t i = 0; i < width; ++i) value |= static_cast<uint64_t>(p[i]) << (8 * i);
      p += width;
      field->value = value;
      break;
    }
    case kLen: {
      if (!FastVarint(&p, end, &value)) return false;
      const uint64_t at = cursor->begin + static_cast<uint64_t>(p - start);
      if (value > cursor->end - at) return false;
      field->span = {at, at + value, cursor->depth + 1};
      break;
    }
    default:
      return false;
  }
  field->offset = cursor->begin;
  field->number = static_cast<uint32_t>(number);
  field->type = static_cast<WireType>(type);
  cursor->begin = type == kLen ? field->span.end : cursor->begin + static_cast<uint64_t>(p - start);
  return true;
}

Result<bool> WireReader::NextField(Span* cursor, Field* field) {
  if (cursor->begin >= cursor->end) return false;
  field->offset = cursor->begin;
  TF_ASSIGN_OR_RETURN(const uint64_t tag, Varint(cursor, "a field tag"));
  field->number = static_cast<uint32_t>(tag >> 3);
  const uint64_t type = tag & 7;
  if (field->number == 0 || (tag >> 3) > 0x1fffffff) {
    return Malformed(field->offset, "invalid field number " + std::to_string(tag >> 3));
  }
  const uint64_t remaining = cursor->end - cursor->begin;
  switch (type) {
    case kVarint: {
      TF_ASSIGN_OR_RETURN(field->value, Varint(cursor, "a varint field"));
      break;
    }
    case kFixed64:
    case kFixed32: {
      const uint64_t width = type == kFixed64 ? 8 : 4;
      if (remaining < width) {
        return Malformed(field->offset, "fixed-width field " + std::to_string(field->number) +
                                            " runs past the end of its message (" +
                                            At(cursor->end) + ")");
      }
      TF_ASSIGN_OR_RETURN(const char* p, Bytes(cursor->begin, width));
      uint64_t bits = 0;
      for (uint64_t i = 0; i < width; ++i) {
        bits |= static_cast<uint64_t>(static_cast<uint8_t>(p[i])) << (8 * i);
      }
      field->value = bits;
      cursor->begin += width;
      break;
    }
    case kLen: {
      TF_ASSIGN_OR_RETURN(const uint64_t length, Varint(cursor, "a length"));
      if (length > cursor->end - cursor->begin) {
        return Malformed(field->offset, "field " + std::to_string(field->number) + " declares " +
                                            std::to_string(length) +
                                            " bytes but its message ends " +
                                            std::to_string(cursor->end - cursor->begin) +
                                            " bytes later (at " + At(cursor->end) + ")");
      }
      field->span = {cursor->begin, cursor->begin + length, cursor->depth + 1};
      cursor->begin += length;
      break;
    }
    default:
      return Malformed(field->offset, "field " + std::to_string(field->number) + " has wire type " +
                                          std::to_string(type) +
                                          " (accepted: 0, 1, 2, 5; groups are obsolete)");
  }
  field->type = static_cast<WireType>(type);
  return true;
}

Result<std::string> WireReader::String(const Span& span, const char* what) {
  TF_ASSIGN_OR_RETURN(const std::string_view text, View(span, what));
  return std::string(text);
}

Result<std::string_view> WireReader::View(const Span& span, const char* what) {
  if (span.size() > kMaxString) {
    return Malformed(span.begin, std::string(what) + " is " + std::to_string(span.size()) +
                                     " bytes long (at most " + std::to_string(kMaxString) +
                                     " accepted)");
  }
  const char* p = InWindow(span.begin, span.size());
  if (p == nullptr) {
    TF_ASSIGN_OR_RETURN(p, Bytes(span.begin, span.size()));
  }
  return std::string_view(p, span.size());
}

Result<Span> WireReader::Message(const Field& field, const char* what) const {
  if (field.type != kLen) {
    return Malformed(field.offset, std::string(what) + " (field " + std::to_string(field.number) +
                                       ") should be a message but has wire type " +
                                       std::to_string(field.type));
  }
  if (field.span.depth > kMaxDepth) {
    return Malformed(field.offset,
                     std::string(what) + " is nested " + std::to_string(field.span.depth) +
                         " messages deep (at most " + std::to_string(kMaxDepth) + " accepted)");
  }
  return field.span;
}

Status WireReader::Varints(const Field& field, size_t max_count, const char* what,
                           std::vector<int64_t>* out) {
  if (field.type == kVarint) {
    if (out->size() >= max_count) {
      return Malformed(field.offset, std::string(what) + " has more than " +
                                         std::to_string(max_count) + " values");
    }
    out->push_back(static_cast<int64_t>(field.value));
    return Status::Ok();
  }
  if (field.type != kLen) {
    return Malformed(field.offset, std::string(what) + " should hold varints but has wire type " +
                                       std::to_string(field.type));
  }
  Span cursor = field.span;
  while (cursor.begin < cursor.end) {
    if (out->size() >= max_count) {
      return Malformed(field.offset, std::string(what) + " has more than " +
                                         std::to_string(max_count) + " values");
    }
    TF_ASSIGN_OR_RETURN(const uint64_t v, Varint(&cursor, what));
    out->push_back(static_cast<int64_t>(v));
  }
  return Status::Ok();
}

Status WireReader::Fixed(const Span& span, int width, size_t max_count, const char* what,
                         std::vector<uint64_t>* out) {
  const auto w = static_cast<uint64_t>(width);
  if (span.size() % w != 0) {
    return Malformed(span.begin, std::string(what) + ": " + std::to_string(span.size()) +
                                     " bytes is not a whole number of " + std::to_string(width) +
                                     "-byte values");
  }
  if (span.size() / w > max_count) {
    return Malformed(span.begin,
                     std::string(what) + " has more than " + std::to_string(max_count) + " values");
  }
  TF_ASSIGN_OR_RETURN(const char* p, Bytes(span.begin, span.size()));
  for (uint64_t i = 0; i < span.size(); i += w) {
    uint64_t bits = 0;
    for (uint64_t b = 0; b < w; ++b) {
      bits |= static_cast<uint64_t>(static_cast<uint8_t>(p[i + b])) << (8 * b);
    }
    out->push_back(bits);
  }
  return Status::Ok();
}

}  // namespace trainflops::onnx
