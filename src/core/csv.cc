// RFC 4180 CSV: a single pass with a cursor that knows its line and column.
#include "trainflops/csv.h"

#include "core/text.h"
#include "trainflops/input_limits.h"

namespace trainflops {
namespace {

class Reader {
 public:
  Reader(std::string_view text, std::string_view source) : text_(text), source_(source) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // UTF-8 byte-order mark
  }

  bool AtEnd() const { return pos_ >= text_.size(); }
  int line() const { return line_; }

  // Reads one record; false at the end of the text.
  Result<bool> Next(std::vector<std::string>& fields) {
    fields.clear();
    while (!AtEnd() && IsLineEnd(text_[pos_])) SkipLineEnd();  // blank lines
    if (AtEnd()) return false;
    record_line_ = line_;
    const size_t record_start = pos_;
    while (true) {
      std::string field;
      const size_t field_start = pos_;
      TF_RETURN_IF_ERROR(text_[pos_] == '"' ? Quoted(field) : Unquoted(field));
      TF_RETURN_IF_ERROR(CheckCaps(record_start, field_start, fields.size() + 1));
      fields.push_back(std::move(field));
      if (AtEnd()) return true;
      if (text_[pos_] == ',') {
        ++pos_;
        if (AtEnd()) {
          fields.emplace_back();
          return true;
        }
        continue;
      }
      SkipLineEnd();
      return true;
    }
  }

  int record_line() const { return record_line_; }

  // The caps of csv.h, checked after each field (so a refused record costs at
  // most one field's scan beyond the cap).
  Status CheckCaps(size_t record_start, size_t field_start, size_t fields) const {
    if (pos_ - field_start > kMaxCsvFieldBytes) {
      return Error("a field longer than " + std::to_string(kMaxCsvFieldBytes) +
                       " bytes; a field may be at most that long",
                   field_start);
    }
    if (pos_ - record_start > kMaxCsvRecordBytes) {
      return Error("a record longer than " + std::to_string(kMaxCsvRecordBytes) +
                       " bytes; a record may be at most that long",
                   record_start);
    }
    if (fields > kMaxCsvFields) {
      return Error("more than " + std::to_string(kMaxCsvFields) + " fields in a record; at most " +
                       std::to_string(kMaxCsvFields) + " are accepted",
                   field_start);
    }
    return Status::Ok();
  }

  Status Error(const std::string& what, size_t at) const {
    const size_t line_start = text_.rfind('\n', at == 0 ? 0 : at - 1);
    const size_t column = line_start == std::string_view::npos ? at + 1 : at - line_start;
    return Status::ParseError(std::string(source_) + ":" + std::to_string(line_) + ":" +
                              std::to_string(column) + ": " + what);
  }

 private:
  static bool IsLineEnd(char c) { return c == '\n' || c == '\r'; }

  void SkipLineEnd() {
    if (text_[pos_] == '\r') ++pos_;
    if (!AtEnd() && text_[pos_] == '\n') ++pos_;
    ++line_;
  }

  Status Unquoted(std::string& field) {
    const size_t start = pos_;
    while (!AtEnd() && text_[pos_] != ',' && !IsLineEnd(text_[pos_])) {
      if (text_[pos_] == '"') {
        return Error(
            "a quote inside an unquoted field (quote the whole field and double the "
            "quote: \"a \"\"b\"\"\")",
            pos_);
      }
      ++pos_;
      // Stop at the cap rather than copy a 60 MB line (CheckCaps refuses it).
      if (pos_ - start > kMaxCsvFieldBytes) return Status::Ok();
    }
    field.assign(text_.substr(start, pos_ - start));
    return Status::Ok();
  }

  Status Quoted(std::string& field) {
    const size_t open = pos_;
    const int open_line = line_;
    ++pos_;
    while (true) {
      if (AtEnd()) {
        line_ = open_line;
        return Error("unterminated quoted field (the closing quote is missing)", open);
      }
      const char c = text_[pos_];
      if (c == '"') {
        if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
          field += '"';
          pos_ += 2;
          continue;
        }
        ++pos_;
        break;
      }
      if (c == '\n') ++line_;
      field += c;
      ++pos_;
      if (field.size() > kMaxCsvFieldBytes) return Status::Ok();  // CheckCaps refuses it
    }
    if (!AtEnd() && text_[pos_] != ',' && !IsLineEnd(text_[pos_])) {
      return Error(std::string("unexpected '") + text_[pos_] + "' after a closing quote", pos_);
    }
    return Status::Ok();
  }

  std::string_view text_;
  std::string_view source_;
  size_t pos_ = 0;
  int line_ = 1;
  int record_line_ = 1;
};

}  // namespace

Result<CsvTable> ParseCsv(std::string_view text, std::string_view source) {
  Reader reader(text, source);
  CsvTable table;
  TF_ASSIGN_OR_RETURN(const bool has_header, reader.Next(table.header));
  if (!has_header) return Status::ParseError(std::string(source) + ": empty CSV (no header line)");
  std::vector<std::string> fields;
  while (true) {
    TF_ASSIGN_OR_RETURN(const bool more, reader.Next(fields));
    if (!more) break;
    if (fields.size() != table.header.size()) {
      return Status::ParseError(
          std::string(source) + ":" + std::to_string(reader.record_line()) + ": " +
          std::to_string(fields.size()) + " fields, but the header has " +
          std::to_string(table.header.size()) + " (a field with a comma must be in double quotes)");
    }
    table.rows.push_back(fields);
    table.lines.push_back(reader.record_line());
  }
  return table;
}

Result<std::size_t> CsvTable::Column(std::string_view name) const {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return i;
  }
  std::vector<std::size_t> folded;
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (ToLower(header[i]) == ToLower(name)) folded.push_back(i);
  }
  if (folded.size() == 1) return folded.front();
  return Status::NotFound("unknown column '" + Abbreviate(name) + "'" + DidYouMean(name, header) +
                          " (columns: " + JoinSomeNames(header) + ")");
}

}  // namespace trainflops
