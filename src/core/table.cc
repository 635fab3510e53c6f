#include "table.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "chunked_writer.h"

namespace trainflops::report {

size_t DisplayWidth(std::string_view text) {
  size_t continuation = 0;  // bytes 10xxxxxx: all but the lead byte of a code point
  for (unsigned char c : text) continuation += (c & 0xC0) == 0x80 ? 1 : 0;
  return text.size() - continuation;
}

TextTable::TextTable(std::vector<std::string> header, std::vector<bool> right_align)
    : right_(std::move(right_align)), columns_(header.size()), widths_(header.size(), 0) {
  for (const std::string& cell : header) Append(cell);
}

void TextTable::Append(std::string_view cell) {
  const size_t column = ends_.size() % columns_;
  const size_t width = DisplayWidth(cell);
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

}  // namespace trainflops::report
