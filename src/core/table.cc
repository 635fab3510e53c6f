#include "table.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <sstream>

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

namespace {

// The bytes of a table's lines, gathered in a buffer that is written out
// every 64 KiB: a table of 100,000 rows is written in pieces, never held
// whole a second time. Each piece is copied with memcpy and memset rather
// than appended to a string a cell at a time.
class LineBuffer {
 public:
  explicit LineBuffer(std::ostream& out) : out_(out), buf_(kFlushAt + 4096, ' ') {}
  ~LineBuffer() { Flush(); }

  void Bytes(std::string_view s) {
    Room(s.size());
    std::memcpy(buf_.data() + used_, s.data(), s.size());
    used_ += s.size();
  }
  void Spaces(size_t n) {
    Room(n);
    std::memset(buf_.data() + used_, ' ', n);
    used_ += n;
  }
  // Ends a line begun at `line_start` (from LineStart): trailing spaces go.
  void EndLine(size_t line_start) {
    while (used_ > line_start && buf_[used_ - 1] == ' ') --used_;
    Bytes("\n");
    if (used_ >= kFlushAt) Flush();
  }
  size_t LineStart() const { return used_; }

 private:
  static constexpr size_t kFlushAt = 64 * 1024;
  void Room(size_t n) {
    if (used_ + n > buf_.size()) buf_.resize(std::max(2 * buf_.size(), used_ + n));
  }
  void Flush() {
    out_.write(buf_.data(), static_cast<std::streamsize>(used_));
    used_ = 0;
  }
  std::ostream& out_;
  std::string buf_;
  size_t used_ = 0;
};

}  // namespace

void TextTable::Write(std::ostream& stream, const std::string& indent) const {
  const size_t rows = columns_ == 0 ? 0 : ends_.size() / columns_;
  LineBuffer out(stream);
  for (size_t r = 0; r < rows; ++r) {
    const size_t line = out.LineStart();
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
    out.EndLine(line);
  }
}

std::string SharePercent(double part, double total) {
  if (total <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * part / total);
  return buf;
}

}  // namespace trainflops::report
