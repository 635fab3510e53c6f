// Shapes of one example: printing, parsing and element counts.
#include "trainflops/shape.h"

#include "core/text.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

constexpr int64_t kMaxDim = int64_t{1} << 53;  // largest integer a double holds exactly
constexpr double kMaxElements = 1e15;
constexpr std::string_view kShapeExamples = "accepted: 400x400x5, 400,400,5, [400, 400, 5], 1024";

Status BadShape(std::string_view text, const std::string& why) {
  return Status::InvalidArgument("shape '" + std::string(Trim(text)) + "': " + why + " (" +
                                 std::string(kShapeExamples) + ")");
}

// Removes one pair of enclosing brackets, as in "[400, 400, 5]" or "(400, 5)".
std::string_view StripBrackets(std::string_view t) {
  if (t.size() >= 2 &&
      ((t.front() == '[' && t.back() == ']') || (t.front() == '(' && t.back() == ')'))) {
    return Trim(t.substr(1, t.size() - 2));
  }
  return t;
}

// One dimension: digits only (no sign, no fraction, no suffix), 1..2^53.
// `index` is 1-based, to name the dimension the way a person counts.
Result<int64_t> ParseDim(std::string_view dim, size_t index, std::string_view text) {
  const std::string where = "dimension " + std::to_string(index);
  if (dim.empty()) return BadShape(text, where + " is empty");
  int64_t value = 0;
  for (char c : dim) {
    if (c < '0' || c > '9') {
      return BadShape(text, where + " is '" + std::string(dim) + "'; each dimension must be a " +
                                "positive integer");
    }
    value = value * 10 + (c - '0');
    if (value > kMaxDim) {
      return BadShape(text, where + " is '" + std::string(dim) + "', larger than 2^53");
    }
  }
  if (value == 0) return BadShape(text, where + " is zero; each dimension must be positive");
  return value;
}

}  // namespace

std::string ShapeToString(const Shape& shape) {
  if (shape.empty()) return "scalar";
  std::string out;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) out += 'x';
    out += std::to_string(shape[i]);
  }
  return out;
}

// Separators are 'x' (any case) or ','; one text may not mix them, since
// "400x400,5" is more likely a typo than a shape. "scalar" and "[]" give the
// empty shape, so that ShapeToString's output always parses back.
Result<Shape> ParseShape(std::string_view text) {
  const std::string_view trimmed = Trim(text);
  if (trimmed.empty()) return BadShape(text, "the text is empty");
  if (ToLower(trimmed) == "scalar") return Shape{};
  const std::string_view t = StripBrackets(trimmed);
  if (t.empty()) return Shape{};
  const bool has_comma = t.find(',') != std::string_view::npos;
  const bool has_x = t.find_first_of("xX") != std::string_view::npos;
  if (has_comma && has_x)
    return BadShape(text, "use either 'x' or ',' between dimensions, not both");
  const std::string_view separators = has_comma ? "," : "xX";

  Shape shape;
  size_t start = 0;
  while (true) {
    const size_t end = t.find_first_of(separators, start);
    const std::string_view piece =
        t.substr(start, end == std::string_view::npos ? end : end - start);
    TF_ASSIGN_OR_RETURN(const int64_t dim, ParseDim(Trim(piece), shape.size() + 1, text));
    shape.push_back(dim);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return shape;
}

Result<double> NumElements(const Shape& shape) {
  double count = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] <= 0) {
      return Status::InvalidArgument("shape " + ShapeToString(shape) + ": dimension " +
                                     std::to_string(i + 1) + " is " + std::to_string(shape[i]) +
                                     "; each dimension must be positive");
    }
    count *= static_cast<double>(shape[i]);
  }
  // Checked after the loop so that a later non-positive dimension is still
  // reported; a product that overflowed to inf fails this test too.
  if (!(count <= kMaxElements)) {
    return Status::InvalidArgument("implausible element count " + FormatScientific(count) +
                                   " for one example (shape " + ShapeToString(shape) +
                                   "; at most 1e15 is accepted, check for a typo)");
  }
  return count;
}

}  // namespace trainflops
