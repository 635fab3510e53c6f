#include "table.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>

namespace trainflops::report {

size_t DisplayWidth(std::string_view text) {
  size_t width = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) != 0x80) ++width;  // count lead bytes only
  }
  return width;
}

TextTable::TextTable(std::vector<std::string> header, std::vector<bool> right_align)
    : right_(std::move(right_align)), columns_(header.size()), widths_(header.size(), 0) {
  for (const std::string& cell : header) Append(cell);
}

void TextTable::Append(std::string_view cell) {
  const size_t column = ends_.size() % columns_;
  widths_[column] = std::max(widths_[column], DisplayWidth(cell));
  cells_ += cell;
  ends_.push_back(cells_.size());
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
  // Lines are gathered in a small buffer: a table of 100,000 rows is written
  // in pieces, never held whole a second time.
  constexpr size_t kFlushAt = 64 * 1024;
  const size_t rows = columns_ == 0 ? 0 : ends_.size() / columns_;
  std::string out;
  for (size_t r = 0; r < rows; ++r) {
    if (out.size() >= kFlushAt) {
      stream << out;
      out.clear();
    }
    out += indent;
    for (size_t i = 0; i < columns_; ++i) {
      const std::string_view cell = Cell(r, i);
      const size_t pad = widths_[i] - DisplayWidth(cell);
      const bool right = i < right_.size() && right_[i];
      if (right) out.append(pad, ' ');
      out += cell;
      if (!right) out.append(pad, ' ');
      if (i + 1 < columns_) out += "  ";
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
  }
  stream << out;
}

std::string SharePercent(double part, double total) {
  if (total <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * part / total);
  return buf;
}

}  // namespace trainflops::report
