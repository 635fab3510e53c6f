#include "table.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "chunked_writer.h"
#include "core/text.h"

namespace trainflops::report {

size_t DisplayWidth(std::string_view text) {
  size_t continuation = 0;  // bytes 10xxxxxx: all but the lead byte of a code point
  for (unsigned char c : text) continuation += (c & 0xC0) == 0x80 ? 1 : 0;
  return text.size() - continuation;
}

namespace {

struct Measure {
  size_t width = 0;
  // A byte that may start a control character: below 0x20, DEL, or 0xC2
  // (the lead byte of C1 ones, and of "·" and "²", checked exactly later).
  bool maybe_control = false;
};

// DisplayWidth and a cheap control-character flag in one pass over the cell.
Measure MeasureCell(std::string_view text) {
  size_t continuation = 0;
  bool flagged = false;
  for (unsigned char c : text) {
    continuation += (c & 0xC0) == 0x80 ? 1 : 0;
    flagged |= c < 0x20 || c == 0x7F || c == 0xC2;
  }
  return {text.size() - continuation, flagged};
}

// The first bytes of `text` that fill at most `columns` display columns,
// ending at a character boundary.
std::string_view Columns(std::string_view text, size_t columns) {
  size_t seen = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (seen++ == columns) return text.substr(0, i);
  }
  return text;
}

// `cell` as a table shows it: control characters escaped, and cut with
// "... (N bytes)" (N the cell's own size, as Abbreviate writes it) when wider
// than `max_width`.
std::string Shown(std::string_view cell, size_t max_width) {
  std::string escaped = EscapeControlCharacters(cell);
  if (DisplayWidth(escaped) <= max_width) return escaped;
  const std::string marker = "... (" + std::to_string(cell.size()) + " bytes)";
  const size_t room = max_width > marker.size() ? max_width - marker.size() : 0;
  return std::string(Columns(escaped, room)) + marker;
}

}  // namespace

TextTable::TextTable(std::vector<std::string> header, std::vector<bool> right_align,
                     size_t max_cell_width)
    : right_(std::move(right_align)),
      columns_(header.size()),
      max_width_(max_cell_width),
      widths_(header.size(), 0) {
  for (const std::string& cell : header) Append(cell);
}

// A length check per cell only: the 100,000-row node table of an ONNX graph
// takes the slow path for no ordinary cell.
void TextTable::Append(std::string_view cell) {
  const Measure m = MeasureCell(cell);
  if (m.width > max_width_ || (m.maybe_control && HasControlCharacters(cell))) {
    const std::string shown = Shown(cell, max_width_);
    AppendShown(shown, DisplayWidth(shown));
  } else {
    AppendShown(cell, m.width);
  }
}

void TextTable::AppendShown(std::string_view cell, size_t width) {
  const size_t column = ends_.size() % columns_;
  ascii_ = ascii_ && width == cell.size();
  widths_[column] = std::max(widths_[column], width);
  cells_ += cell;
  ends_.push_back(cells_.size());
}

void TextTable::Reserve(size_t rows) {
  constexpr size_t kTypicalCellBytes = 8;
  ends_.reserve(ends_.size() + rows * columns_);
  cells_.reserve(cells_.size() + rows * columns_ * kTypicalCellBytes);
}

void TextTable::AddRow(std::initializer_list<std::string_view> row) {
  if (columns_ == 0) return;
  size_t i = 0;
  for (std::string_view cell : row) {
    if (i++ < columns_) Append(cell);
  }
  for (; i < columns_; ++i) Append("");
}

std::string_view TextTable::Cell(size_t row, size_t column) const {
  const size_t index = row * columns_ + column;
  const size_t begin = index == 0 ? 0 : ends_[index - 1];
  return std::string_view(cells_).substr(begin, ends_[index] - begin);
}

std::string TextTable::Render(const std::string& indent) const {
  std::ostringstream out;
  Write(out, indent);
  return out.str();
}

void TextTable::Write(std::ostream& stream, const std::string& indent) const {
  const size_t rows = columns_ == 0 ? 0 : ends_.size() / columns_;
  ChunkedWriter out(stream);
  for (size_t r = 0; r < rows; ++r) {
    const size_t line = out.Position();
    out.Bytes(indent);
    for (size_t i = 0; i < columns_; ++i) {
      const std::string_view cell = Cell(r, i);
      const size_t pad = widths_[i] - (ascii_ ? cell.size() : DisplayWidth(cell));
      const bool right = i < right_.size() && right_[i];
      if (right) out.Spaces(pad);
      out.Bytes(cell);
      if (!right) out.Spaces(pad);
      if (i + 1 < columns_) out.Spaces(2);
    }
    out.TrimSpacesAfter(line);
    out.Byte('\n');
    out.FlushIfFull();
  }
}

std::string SharePercent(double part, double total) {
  if (total <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * part / total);
  return buf;
}

std::string FormatPerLayer(double flop, ComputeUnit unit) {
  return FormatCompute(flop, unit == ComputeUnit::kPetaflopSDay ? ComputeUnit::kFlop : unit);
}

}  // namespace trainflops::report
