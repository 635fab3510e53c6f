// RFC 4180 CSV, with positions for error messages.
#include "csv.h"

#include <cstddef>

namespace trainflops::csv {
namespace {

// Walks the text one byte at a time, keeping the line and the column (in
// characters: UTF-8 continuation bytes do not advance it).
class Cursor {
 public:
  Cursor(std::string_view text, std::string_view file) : text_(text), file_(file) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);  // UTF-8 BOM
  }
  bool done() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  bool AtLineEnd() const {
    return done() || peek() == '\n' ||
           (peek() == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n');
  }
  void Advance() {
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++column_;
    }
  }
  void SkipLineEnd() {
    if (!done() && peek() == '\r') Advance();
    if (!done() && peek() == '\n') Advance();
  }
  int line() const { return line_; }
  int column() const { return column_; }
  Status Error(int line, int column, const std::string& what) const {
    return Status::ParseError(std::string(file_) + ":" + std::to_string(line) + ":" +
                              std::to_string(column) + ": " + what);
  }

 private:
  std::string_view text_;
  std::string_view file_;
  size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

constexpr const char* kQuoting =
    " (RFC 4180: quote the whole field, e.g. \"a, b\", and write a quote inside it as \"\")";

Result<Field> ReadQuoted(Cursor& in) {
  Field f{"", in.line(), in.column()};
  in.Advance();  // opening quote
  while (true) {
    if (in.done()) {
      return in.Error(f.line, f.column, std::string("the quoted field is not closed") + kQuoting);
    }
    const char c = in.peek();
    in.Advance();
    if (c != '"') {
      f.text += c;
      continue;
    }
    if (!in.done() && in.peek() == '"') {  // "" is one quote
      f.text += '"';
      in.Advance();
      continue;
    }
    if (in.AtLineEnd() || in.peek() == ',') return f;
    return in.Error(in.line(), in.column(),
                    std::string("unexpected '") + in.peek() +
                        "' after the closing quote of a field" + kQuoting);
  }
}

Result<Field> ReadPlain(Cursor& in) {
  Field f{"", in.line(), in.column()};
  while (!in.AtLineEnd() && in.peek() != ',') {
    if (in.peek() == '"') {
      return in.Error(in.line(), in.column(),
                      std::string("a double quote inside an unquoted field") + kQuoting);
    }
    f.text += in.peek();
    in.Advance();
  }
  return f;
}

}  // namespace

Result<std::vector<Record>> ParseCsv(std::string_view text, std::string_view file) {
  Cursor in(text, file);
  std::vector<Record> records;
  while (!in.done()) {
    if (in.AtLineEnd()) {  // blank line
      in.SkipLineEnd();
      continue;
    }
    Record record;
    record.line = in.line();
    while (true) {
      Result<Field> field = (!in.done() && in.peek() == '"') ? ReadQuoted(in) : ReadPlain(in);
      if (!field.ok()) return field.status();
      record.fields.push_back(std::move(field).value());
      if (in.AtLineEnd()) break;
      in.Advance();  // the comma
    }
    in.SkipLineEnd();
    records.push_back(std::move(record));
  }
  return records;
}

}  // namespace trainflops::csv
