// Size caps per kind of input and the scan of nesting depth and tree size
// run before any JSON or YAML parser builds a tree.
#include "trainflops/input_limits.h"

#include <algorithm>
#include <limits>

#include "core/text.h"

namespace trainflops {
namespace {

constexpr std::uint64_t kMiB = 1024 * 1024;

std::string Mib(std::uint64_t bytes) { return WithThousands(bytes / kMiB) + " MiB"; }

// A size in the largest unit that keeps it readable: "200 MB", "512 bytes".
std::string SizeText(std::uint64_t bytes) {
  if (bytes < 10'000) return std::to_string(bytes) + " bytes";
  if (bytes < 10'000'000) return std::to_string(bytes / 1000) + " kB";
  return std::to_string(bytes / 1'000'000) + " MB";
}

}  // namespace

// Caps: far above any real file of the kind, low enough that reading and
// parsing the largest accepted file stays within a few hundred MB. A spec or
// chip table is hand-written (the largest shipped is a few kB); a config.json
// with a 22,000-class label map is under 1 MB; a 64 MiB dataset is about
// 300,000 rows of Epoch AI's Notable AI Models CSV. ONNX files are read piece
// by piece with their weight bytes skipped, so only absurd sizes are refused.
std::string WithThousands(std::uint64_t value) {
  const std::string digits = std::to_string(value);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

InputLimit LimitOf(InputKind kind) {
  switch (kind) {
    case InputKind::kSpec:
      return {"a model spec", 1 * kMiB};
    case InputKind::kJsonConfig:
      return {"a config.json", 8 * kMiB};
    case InputKind::kCsv:
      return {"a CSV dataset", 64 * kMiB};
    case InputKind::kJsonLines:
      return {"a JSON-lines dataset", 64 * kMiB};
    case InputKind::kHardwareTable:
      return {"a hardware table", 1 * kMiB};
    case InputKind::kOnnx:
      return {"an ONNX file", 1024 * 1024 * kMiB};
    case InputKind::kCheckpoint:
      return {"a checkpoint (model.safetensors.index.json, .safetensors or .gguf)",
              4 * 1024 * 1024 * kMiB};
    case InputKind::kEvidence:
      return {"an evidence file", 1 * kMiB};
  }
  return {"a file", 1 * kMiB};
}

Status CheckInputSize(std::uint64_t bytes, InputKind kind, std::string_view file) {
  const InputLimit limit = LimitOf(kind);
  if (bytes <= limit.max_bytes) return Status::Ok();
  return Status::InvalidArgument(std::string(file) + ": the file is " + SizeText(bytes) + "; " +
                                 std::string(limit.what) + " may be at most " +
                                 Mib(limit.max_bytes) + " (a larger file is refused unread)");
}

namespace {

// Calls on_char(c, line) for each character of JSON (or flow YAML) text
// outside its quoted strings, until it returns false; an opening quote is
// reported, the string it opens (escapes included) skipped.
template <typename OnChar>
void ForEachOutsideStrings(std::string_view text, OnChar on_char) {
  int line = 1;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (quoted) {
      if (c == '\\') {
        ++i;  // an escaped character, possibly a quote
      } else if (c == '"') {
        quoted = false;
      }
      continue;
    }
    if (!on_char(c, line)) return;
    quoted = c == '"';
  }
}

bool Structural(char c) {
  return c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':' || c == '"' ||
         c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// What one pass over the text finds: the tokens that cost memory once
// parsed, and the line where nesting first passes the limit (0: nowhere).
struct Scan {
  std::uint64_t containers = 0, strings = 0, members = 0, others = 0;
  int too_deep_line = 0;
};

Scan ScanText(std::string_view text, int max_depth) {
  Scan scan;
  int depth = 0;
  bool in_other = false;  // inside a number or a literal
  ForEachOutsideStrings(text, [&](char c, int line) {
    const bool structural = Structural(c);
    if (!structural && !in_other) ++scan.others;
    in_other = !structural;
    scan.strings += c == '"';
    scan.members += c == ':';
    if (c == '[' || c == '{') {
      ++scan.containers;
      if (++depth > max_depth) scan.too_deep_line = line;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
    return scan.too_deep_line == 0;
  });
  return scan;
}

std::uint64_t TreeBytes(const Scan& s, size_t text_bytes) {
  // Keys are strings but not values.
  const std::uint64_t values = s.containers + s.strings + s.others - std::min(s.members, s.strings);
  return 48 * values + 64 * s.containers + 48 * (s.strings + s.members) + text_bytes;
}

}  // namespace

std::uint64_t EstimateJsonTreeBytes(std::string_view text) {
  return TreeBytes(ScanText(text, std::numeric_limits<int>::max()), text.size());
}

Status CheckNestingDepth(std::string_view text, std::string_view file, int max_depth) {
  const Scan scan = ScanText(text, max_depth);
  if (scan.too_deep_line != 0) {
    return Status::InvalidArgument(std::string(file) + ":" + std::to_string(scan.too_deep_line) +
                                   ": nested more than " + std::to_string(max_depth) +
                                   " levels deep (arrays and maps within each other); at most " +
                                   std::to_string(max_depth) + " are accepted");
  }
  const std::uint64_t cap = std::max<std::uint64_t>(
      kJsonTreeFloorBytes, kMaxJsonTreeBytesPerByte * static_cast<std::uint64_t>(text.size()));
  const std::uint64_t estimate = TreeBytes(scan, text.size());
  if (estimate <= cap) return Status::Ok();
  return Status::InvalidArgument(
      std::string(file) + ": too many values for its size: its " + SizeText(text.size()) +
      " would take about " + SizeText(estimate) + " of memory once parsed; at most " +
      std::to_string(kMaxJsonTreeBytesPerByte) + " bytes per byte of text (or " +
      Mib(kJsonTreeFloorBytes) + ") are accepted");
}

std::string Abbreviate(std::string_view text, size_t max_chars) {
  if (text.size() <= max_chars) return EscapeControlCharacters(text);
  size_t cut = max_chars;
  // Back up over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return EscapeControlCharacters(text.substr(0, cut)) + "... (" + std::to_string(text.size()) +
         " bytes)";
}

std::string JoinSomeNames(const std::vector<std::string>& names, size_t max_names) {
  std::vector<std::string> shown;
  for (size_t i = 0; i < names.size() && i < max_names; ++i) shown.push_back(Abbreviate(names[i]));
  std::string out = JoinNames(shown);
  if (names.size() > max_names) out += " and " + std::to_string(names.size() - max_names) + " more";
  return out;
}

}  // namespace trainflops
