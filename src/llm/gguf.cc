// GGUF headers (ggml's docs/gguf.md, versions 2 and 3): "GGUF", a uint32
// version, uint64 tensor and key-value counts, the key-values (a string key,
// a uint32 type, a value; skipped here), then per tensor a string name, a
// uint32 dimension count (at most 4), uint64 dimensions, a uint32 ggml type
// and a uint64 offset. Strings are a uint64 length and bytes; all
// little-endian. Every length and count is checked against the bytes left.
#include <algorithm>
#include <cstring>

#include "checkpoint_internal.h"
#include "trainflops/checkpoint.h"
#include "trainflops/input_limits.h"

namespace trainflops {
namespace {

// ggml_type names (ggml.h), by value.
std::string TypeName(uint32_t type) {
  static const char* names[] = {"F32",   "F16",   "Q4_0",    "Q4_1",   "Q4_2",    "Q4_3",  "Q5_0",
                                "Q5_1",  "Q8_0",  "Q8_1",    "Q2_K",   "Q3_K",    "Q4_K",  "Q5_K",
                                "Q6_K",  "Q8_K",  "IQ2_XXS", "IQ2_XS", "IQ3_XXS", "IQ1_S", "IQ4_NL",
                                "IQ3_S", "IQ2_S", "IQ4_XS",  "I8",     "I16",     "I32",   "I64",
                                "F64",   "IQ1_M", "BF16"};
  if (type < sizeof(names) / sizeof(names[0])) return names[type];
  return "type " + std::to_string(type);
}

// The most the key-values and tensor infos may take: real files hold a
// tokenizer's vocabulary and merges there (about 10 MB for 256,000 tokens).
// Every count is bounded by the bytes left within it, so the work is bounded
// by it too, however large (or sparse) the file is.
constexpr uint64_t kMaxGgufHeaderBytes = uint64_t{64} << 20;

// Reads the header front to back through a 64 KiB window: one read per
// window, not one per field (a header of millions of one-byte fields).
class Cursor {
 public:
  Cursor(const ByteSource& bytes, const std::string& file)
      : bytes_(bytes), file_(file), limit_(std::min(bytes.size(), kMaxGgufHeaderBytes)) {}

  uint64_t left() const { return limit_ - pos_; }
  // Whether the header's cap, not the file's end, bounds the reading.
  bool capped() const { return limit_ < bytes_.size(); }

  Status Skip(uint64_t n, const char* what) {
    if (n > left()) return Truncated(what);
    pos_ += n;
    return Status::Ok();
  }
  Result<uint64_t> Uint(int width, const char* what) {
    if (static_cast<uint64_t>(width) > left()) return Truncated(what);
    unsigned char raw[8] = {};
    TF_RETURN_IF_ERROR(Take(reinterpret_cast<char*>(raw), static_cast<uint64_t>(width)));
    uint64_t v = 0;
    for (int i = width - 1; i >= 0; --i) v = (v << 8) | raw[i];
    return v;
  }
  Result<std::string> String(const char* what) {
    TF_ASSIGN_OR_RETURN(const uint64_t n, Uint(8, what));
    if (n > left() || n > (1u << 20)) {
      if (n <= (1u << 20) && capped()) return Truncated(what);
      return Status::InvalidArgument(file_ + ": " + what + ": string length " + std::to_string(n) +
                                     " exceeds the bytes left (" + std::to_string(left()) +
                                     ") or 1 MiB");
    }
    std::string s(n, '\0');
    TF_RETURN_IF_ERROR(Take(s.data(), n));
    return s;
  }

  Status Truncated(const char* what) const {
    if (capped()) {
      return Status::InvalidArgument(file_ + ": GGUF header: " + what + " at byte " +
                                     std::to_string(pos_) + " runs past " +
                                     std::to_string(kMaxGgufHeaderBytes >> 20) +
                                     " MiB, the most the key-values and tensor infos may take");
    }
    return Status::InvalidArgument(file_ + ": truncated GGUF header: " + what + " at byte " +
                                   std::to_string(pos_) + " runs past the end (" +
                                   std::to_string(bytes_.size()) + " bytes)");
  }

 private:
  // Copies the next n bytes (within the limit, checked by the caller).
  Status Take(char* out, uint64_t n) {
    while (n > 0) {
      if (pos_ < window_at_ || pos_ >= window_at_ + window_.size()) {
        window_.resize(static_cast<size_t>(std::min<uint64_t>(kWindow, limit_ - pos_)));
        TF_RETURN_IF_ERROR(bytes_.Read(pos_, std::span<char>(window_.data(), window_.size())));
        window_at_ = pos_;
      }
      const uint64_t offset = pos_ - window_at_;
      const uint64_t k = std::min<uint64_t>(n, window_.size() - offset);
      std::memcpy(out, window_.data() + offset, static_cast<size_t>(k));
      out += k;
      n -= k;
      pos_ += k;
    }
    return Status::Ok();
  }

  static constexpr uint64_t kWindow = 65536;
  const ByteSource& bytes_;
  const std::string& file_;
  const uint64_t limit_;
  uint64_t pos_ = 0;
  std::string window_;
  uint64_t window_at_ = 0;
};

// Bytes of a fixed-size GGUF value type; 0 for string (8) and array (9).
uint64_t FixedSize(uint64_t type) {
  static const uint64_t sizes[] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};
  return type < sizeof(sizes) / sizeof(sizes[0]) ? sizes[type] : 0;
}

Status SkipValue(Cursor& c, uint64_t type, int depth, const std::string& file) {
  if (type > 12) {
    return Status::InvalidArgument(file + ": unknown GGUF value type " + std::to_string(type) +
                                   " (0 to 12)");
  }
  if (type == 8) return c.String("string value").status();
  if (type != 9) return c.Skip(FixedSize(type), "value");
  if (depth >= 4) return Status::InvalidArgument(file + ": GGUF arrays nested more than 4 deep");
  TF_ASSIGN_OR_RETURN(const uint64_t element, c.Uint(4, "array type"));
  TF_ASSIGN_OR_RETURN(const uint64_t count, c.Uint(8, "array length"));
  if (element <= 12 && FixedSize(element) > 0) {
    if (count > c.left() / FixedSize(element)) return c.Truncated("array");
    return c.Skip(count * FixedSize(element), "array");
  }
  // Strings or arrays: each takes at least 8 bytes, so the count is bounded.
  if (count > c.left() / 8) return c.Truncated("array");
  for (uint64_t i = 0; i < count; ++i) TF_RETURN_IF_ERROR(SkipValue(c, element, depth + 1, file));
  return Status::Ok();
}

Result<TensorInfo> ReadTensorInfo(Cursor& c, const std::string& file) {
  TensorInfo t;
  TF_ASSIGN_OR_RETURN(t.name, c.String("tensor name"));
  TF_ASSIGN_OR_RETURN(const uint64_t dims, c.Uint(4, "dimension count"));
  if (dims > 4) {
    return Status::InvalidArgument(file + ": tensor '" + Abbreviate(t.name) + "' has " +
                                   std::to_string(dims) + " dimensions (GGUF allows at most 4)");
  }
  for (uint64_t i = 0; i < dims; ++i) {
    TF_ASSIGN_OR_RETURN(const uint64_t dim, c.Uint(8, "dimension"));
    t.shape.push_back(static_cast<double>(dim));
  }
  TF_ASSIGN_OR_RETURN(t.elements, llm::ShapeElements(t.shape, file, t.name));
  TF_ASSIGN_OR_RETURN(const uint64_t type, c.Uint(4, "tensor type"));
  t.dtype = TypeName(static_cast<uint32_t>(type));
  TF_RETURN_IF_ERROR(c.Skip(8, "tensor offset"));
  return t;
}

}  // namespace

Result<CheckpointHeader> ReadGgufHeader(const ByteSource& bytes, const std::string& file) {
  Cursor c(bytes, file);
  char magic[4] = {};
  if (bytes.size() < 4) return c.Truncated("magic");
  TF_RETURN_IF_ERROR(bytes.Read(0, std::span<char>(magic, 4)));
  if (std::memcmp(magic, "GGUF", 4) != 0) {
    return Status::InvalidArgument(file + ": not a GGUF file (the first 4 bytes are not 'GGUF')");
  }
  TF_RETURN_IF_ERROR(c.Skip(4, "magic"));
  TF_ASSIGN_OR_RETURN(const uint64_t version, c.Uint(4, "version"));
  if (version != 2 && version != 3) {
    return Status::InvalidArgument(file + ": GGUF version " + std::to_string(version) +
                                   " is not supported (2 and 3 are)");
  }
  TF_ASSIGN_OR_RETURN(const uint64_t tensors, c.Uint(8, "tensor count"));
  TF_ASSIGN_OR_RETURN(const uint64_t kvs, c.Uint(8, "key-value count"));
  // A tensor's info takes at least 24 bytes, a key-value at least 13.
  const bool fits = tensors <= c.left() / 24 && kvs <= c.left() / 13;
  if (!fits && c.capped()) {
    return Status::InvalidArgument(file + ": " + std::to_string(tensors) + " tensors and " +
                                   std::to_string(kvs) + " key-values cannot fit in the " +
                                   std::to_string(kMaxGgufHeaderBytes >> 20) +
                                   " MiB that the key-values and tensor infos may take");
  }
  if (tensors > kMaxTensors || !fits) {
    return Status::InvalidArgument(file + ": " + std::to_string(tensors) + " tensors and " +
                                   std::to_string(kvs) + " key-values cannot fit in the " +
                                   std::to_string(bytes.size()) + "-byte file (or exceed " +
                                   std::to_string(kMaxTensors) + " tensors)");
  }
  for (uint64_t i = 0; i < kvs; ++i) {
    TF_RETURN_IF_ERROR(c.String("key").status());
    TF_ASSIGN_OR_RETURN(const uint64_t type, c.Uint(4, "value type"));
    TF_RETURN_IF_ERROR(SkipValue(c, type, 0, file));
  }
  CheckpointHeader out;
  out.file = file;
  out.format = "gguf";
  for (uint64_t i = 0; i < tensors; ++i) {
    TF_ASSIGN_OR_RETURN(TensorInfo t, ReadTensorInfo(c, file));
    out.tensors.push_back(std::move(t));
  }
  llm::GroupTensors(out);
  return out;
}

}  // namespace trainflops
