// .safetensors headers (https://github.com/huggingface/safetensors, "Format"):
// an unsigned 64-bit little-endian header length N, N bytes of JSON mapping
// each tensor name to {dtype, shape, data_offsets: [begin, end]} (offsets
// into the data that follows), and an optional "__metadata__" of strings.
// Only the header is read; its length, shapes and offsets are bounded.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "checkpoint_internal.h"
#include "core/text.h"
#include "trainflops/checkpoint.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using nlohmann::json;

// Bytes per element of the safetensors dtypes; 0 = unknown (not checked).
// Bits per element of each dtype of the safetensors format (its Dtype enum,
// the 4- and 6-bit floats packed).
const std::vector<std::pair<std::string, double>>& DtypeBits() {
  static const std::vector<std::pair<std::string, double>> bits = {
      {"F64", 64},    {"I64", 64},    {"U64", 64},    {"C64", 64},    {"F32", 32},
      {"I32", 32},    {"U32", 32},    {"F16", 16},    {"BF16", 16},   {"I16", 16},
      {"U16", 16},    {"I8", 8},      {"U8", 8},      {"BOOL", 8},    {"F8_E4M3", 8},
      {"F8_E5M2", 8}, {"F8_E8M0", 8}, {"F6_E2M3", 6}, {"F6_E3M2", 6}, {"F4", 4}};
  return bits;
}

Result<double> ElementBits(const std::string& dtype, const std::string& where) {
  std::vector<std::string> names;
  for (const auto& [name, bits] : DtypeBits()) {
    if (dtype == name) return bits;
    names.push_back(name);
  }
  return Status::InvalidArgument(where + ": unknown dtype '" + Abbreviate(dtype) + "'" +
                                 DidYouMean(dtype, names) + " (accepted: " + JoinNames(names) +
                                 ")");
}

bool WholeNumber(const json& v) {
  return v.is_number() && v.get<double>() >= 0 && v.get<double>() == std::floor(v.get<double>());
}

Result<TensorInfo> ReadTensor(const std::string& file, const std::string& name, const json& v,
                              double data_bytes) {
  const std::string where = file + ": tensor '" + Abbreviate(name) + "'";
  if (!v.is_object() || !v.contains("dtype") || !v["dtype"].is_string() || !v.contains("shape") ||
      !v["shape"].is_array() || !v.contains("data_offsets") || !v["data_offsets"].is_array()) {
    return Status::InvalidArgument(where +
                                   ": expected {\"dtype\": STRING, \"shape\": [...], "
                                   "\"data_offsets\": [BEGIN, END]}");
  }
  TensorInfo t;
  t.name = name;
  t.dtype = v["dtype"].get<std::string>();
  if (v["shape"].size() > 16) return Status::InvalidArgument(where + ": more than 16 dimensions");
  for (const json& dim : v["shape"]) {
    if (!WholeNumber(dim)) {
      return Status::InvalidArgument(where + ": shape entries must be whole numbers, got " +
                                     Abbreviate(dim.dump()));
    }
    t.shape.push_back(dim.get<double>());
  }
  TF_ASSIGN_OR_RETURN(t.elements, llm::ShapeElements(t.shape, file, name));
  const json& offsets = v["data_offsets"];
  if (offsets.size() != 2 || !WholeNumber(offsets[0]) || !WholeNumber(offsets[1]) ||
      offsets[1].get<double>() < offsets[0].get<double>() ||
      offsets[1].get<double>() > data_bytes) {
    return Status::InvalidArgument(where + ": data_offsets " + Abbreviate(offsets.dump()) +
                                   " are not [BEGIN, END] within the file's " +
                                   FormatScientific(data_bytes, 6) + " data bytes");
  }
  TF_ASSIGN_OR_RETURN(const double bits, ElementBits(t.dtype, where));
  const double bytes = std::ceil(t.elements * bits / 8);  // packed 4- and 6-bit values
  const double stored = offsets[1].get<double>() - offsets[0].get<double>();
  if (stored != bytes) {
    return Status::InvalidArgument(where + ": " + FormatScientific(t.elements, 6) +
                                   " elements of " + t.dtype + " need " +
                                   FormatScientific(bytes, 6) +
                                   " bytes, data_offsets "
                                   "give " +
                                   FormatScientific(stored, 6));
  }
  return t;
}

// A tensor's bytes in the data section: [begin, end).
struct ByteRange {
  double begin, end;
  const std::string* name;
};

// Offsets are whole numbers within the file, exact in a double.
std::string Whole(double bytes) { return std::to_string(static_cast<uint64_t>(bytes)); }

std::string Described(const ByteRange& r) {
  return "'" + Abbreviate(*r.name) + "' (data_offsets [" + Whole(r.begin) + ", " + Whole(r.end) +
         "])";
}

// The format requires the tensors, in the order of their offsets, to cover
// the data section exactly: no tensor's bytes shared with another (which
// would count them twice), no gap, nothing after the last.
Status CheckCoverage(std::vector<ByteRange> ranges, double data_bytes, const std::string& file) {
  std::sort(ranges.begin(), ranges.end(), [](const ByteRange& a, const ByteRange& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  const std::string rule =
      ": each tensor's data must start where the previous one's ends, from byte 0 to the end of "
      "the data (the safetensors format)";
  double at = 0;
  for (size_t i = 0; i < ranges.size(); ++i) {
    const ByteRange& r = ranges[i];
    if (r.begin < at) {
      return Status::InvalidArgument(file + ": tensors " + Described(ranges[i - 1]) + " and " +
                                     Described(r) + " overlap" + rule);
    }
    if (r.begin > at) {
      return Status::InvalidArgument(file + ": no tensor holds data bytes " + Whole(at) + " to " +
                                     Whole(r.begin) + " before " + Described(r) + rule);
    }
    at = r.end;
  }
  if (at != data_bytes) {
    return Status::InvalidArgument(file + ": the tensors end at data byte " + Whole(at) + " of " +
                                   Whole(data_bytes) + rule);
  }
  return Status::Ok();
}

}  // namespace

Result<CheckpointHeader> ReadSafetensorsHeader(const ByteSource& bytes, const std::string& file) {
  if (bytes.size() < 8) {
    return Status::InvalidArgument(file + ": " + std::to_string(bytes.size()) +
                                   " bytes, too short for a safetensors file (an 8-byte header "
                                   "length comes first)");
  }
  unsigned char raw[8];
  TF_RETURN_IF_ERROR(bytes.Read(0, std::span<char>(reinterpret_cast<char*>(raw), 8)));
  uint64_t length = 0;
  for (int i = 7; i >= 0; --i) length = (length << 8) | raw[i];
  if (length < 2 || length > kMaxHeaderBytes || length > bytes.size() - 8) {
    return Status::InvalidArgument(
        file + ": header length " + std::to_string(length) + " bytes is not accepted (from 2 to " +
        std::to_string(kMaxHeaderBytes) + " and within the file's " + std::to_string(bytes.size()) +
        " bytes): not a safetensors "
        "file, or a damaged one");
  }
  std::string text(length, '\0');
  TF_RETURN_IF_ERROR(bytes.Read(8, std::span<char>(text.data(), text.size())));
  // Deep nesting would overflow the stack of the recursive dump and free.
  TF_RETURN_IF_ERROR(CheckNestingDepth(text, file));
  json header;
  try {
    header = json::parse(text);
  } catch (const json::exception& e) {
    return Status::ParseError(file + ": malformed safetensors header JSON: " + e.what());
  }
  if (!header.is_object()) return Status::ParseError(file + ": the header is not a JSON object");
  if (header.size() > kMaxTensors) {
    return Status::InvalidArgument(file + ": more than " + std::to_string(kMaxTensors) +
                                   " tensors");
  }
  CheckpointHeader out;
  out.file = file;
  out.format = "safetensors";
  const double data_bytes = static_cast<double>(bytes.size() - 8 - length);
  std::vector<ByteRange> ranges;
  for (auto it = header.begin(); it != header.end(); ++it) {
    if (it.key() == "__metadata__") continue;
    TF_ASSIGN_OR_RETURN(TensorInfo t, ReadTensor(file, it.key(), it.value(), data_bytes));
    out.tensors.push_back(std::move(t));
    const json& offsets = it.value()["data_offsets"];
    ranges.push_back({offsets[0].get<double>(), offsets[1].get<double>(), &it.key()});
  }
  TF_RETURN_IF_ERROR(CheckCoverage(std::move(ranges), data_bytes, file));
  llm::GroupTensors(out);
  return out;
}

}  // namespace trainflops
