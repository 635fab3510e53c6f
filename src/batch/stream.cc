// Streaming over CSV records and JSON lines: one record at a time in, one
// output line at a time out, so memory stays bounded by the input text.
#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <unordered_set>

#include "base_graph.h"
#include "core/text.h"
#include "row_methods.h"
#include "trainflops/batch.h"
#include "trainflops/csv.h"
#include "trainflops/input_limits.h"

namespace trainflops {
namespace {

// Splits text into CSV records: a record ends at a line break outside
// double quotes (RFC 4180 fields may hold quoted line breaks). Each record's
// fields are then read by ParseCsv, the project's reader.
class RecordSplitter {
 public:
  explicit RecordSplitter(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // UTF-8 byte-order mark
  }
  // The next non-blank record and the line it starts on; false at the end.
  bool Next(std::string_view& record, int& line) {
    while (pos_ < text_.size() && (text_[pos_] == '\n' || text_[pos_] == '\r')) {
      line_ += text_[pos_] == '\n' ? 1 : 0;
      ++pos_;
    }
    if (pos_ >= text_.size()) return false;
    line = line_;
    const size_t start = pos_;
    bool quoted = false;
    for (; pos_ < text_.size(); ++pos_) {
      const char c = text_[pos_];
      if (c == '"') quoted = !quoted;  // "" toggles twice: no change
      if (c == '\n') {
        ++line_;
        if (!quoted) break;
      }
    }
    size_t end = pos_;
    if (end > start && text_[end - 1] == '\r') --end;
    record = text_.substr(start, end - start);
    if (pos_ < text_.size()) ++pos_;  // the line feed
    return true;
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
};

std::string CsvLine(const std::vector<std::string>& fields) {
  std::string line;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) line += ',';
    line += CsvEscape(fields[i]);
  }
  return line;
}

// A JSON value as a cell: strings as they are, null as empty, others as JSON.
std::string CellOf(const nlohmann::ordered_json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  return v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The cells of the named fields of a JSON object ("" when absent).
std::vector<std::string> CellsOf(const nlohmann::ordered_json& object,
                                 const std::vector<std::string>& names) {
  std::vector<std::string> cells(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    if (auto it = object.find(names[i]); it != object.end()) cells[i] = CellOf(*it);
  }
  return cells;
}

// The object with the row's added keys (numbers, null when empty), as one line.
std::string JsonLine(nlohmann::ordered_json& object, const RowEstimate& row) {
  const std::vector<std::string>& keys = BatchOutputColumns();
  const std::vector<batch::OutputCell> added = batch::OutputCells(row);
  for (size_t i = 0; i < keys.size(); ++i) {
    const batch::OutputCell& c = added[i];
    if (c.is_number) {
      object[keys[i]] = c.number ? nlohmann::ordered_json(*c.number) : nullptr;
    } else if (c.text.empty() && c.null_when_empty) {
      object[keys[i]] = nullptr;
    } else {
      object[keys[i]] = c.text;
    }
  }
  return object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Calls `visit` with each non-blank line and its number (from 1).
void ForEachLine(std::string_view text, const std::function<void(std::string_view, int)>& visit) {
  int line = 0;
  for (size_t pos = 0; pos < text.size();) {
    const size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view one = text.substr(pos, end - pos);
    pos = end + 1;
    ++line;
    if (one.find_first_not_of(" \t\r") != std::string_view::npos) visit(one, line);
  }
}

// Each well-formed record's cells, in order.
using RecordVisitor = std::function<void(std::vector<std::string>& cells)>;

// Two passes before the run when rows name base models: the names wanted
// (each of a list "A,B"), then those rows, kept for lookups. Nothing when no row names a base.
void IndexBaseRows(BatchEstimator& estimator,
                   const std::function<void(const RecordVisitor&)>& for_each_record) {
  if (!estimator.HasBaseColumn()) return;
  std::unordered_set<std::string> wanted;
  for_each_record([&](std::vector<std::string>& cells) {
    for (const std::string& name : batch::BaseNames(estimator.BaseKey(cells))) {
      wanted.insert(batch::NameKey(name));
    }
  });
  if (wanted.empty()) return;
  for_each_record([&](std::vector<std::string>& cells) { estimator.KeepBaseRow(cells, wanted); });
}

// True when the header names at least one column the estimator reads.
bool NamesAKnownColumn(const std::vector<std::string>& header, const BatchColumns& columns) {
  for (const std::string& known : batch::ColumnNamesOf(columns)) {
    for (const std::string& name : header) {
      if (ToLower(name) == ToLower(known)) return true;
    }
  }
  return false;
}

// A file with nothing to estimate is an input error (exit 2), not a table of
// notes: random bytes, an empty file, lines that are not JSON objects.
// `first_problem`: what was wrong with the first unusable row, if any.
Status RequireUsableRows(size_t usable, const BatchOptions& options, const std::string& what,
                         const std::string& first_problem) {
  if (usable > 0) return Status::Ok();
  return Status::InvalidArgument(
      options.source + ": no usable row: " + what +
      (first_problem.empty() ? "" : " (first: " + Abbreviate(first_problem, 200) + ")") +
      "; see docs/batch.md for the accepted formats");
}

}  // namespace

std::string CsvEscape(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (const char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

Result<BatchSummary> RunBatchCsv(std::string_view text, const BatchOptions& options,
                                 const LineSink& sink) {
  RecordSplitter records(text);
  std::string_view record;
  int line = 0;
  if (!records.Next(record, line)) {
    return Status::ParseError(options.source + ": empty file (expected a header row)");
  }
  TF_ASSIGN_OR_RETURN(const CsvTable head, ParseCsv(record, options.source));
  const std::vector<std::string>& header = head.header;
  TF_ASSIGN_OR_RETURN(BatchEstimator estimator, BatchEstimator::Create(header, options));
  if (!NamesAKnownColumn(header, options.columns)) {
    return Status::InvalidArgument(
        options.source + ":1: the header names none of the columns batch reads (header: " +
        JoinSomeNames(header, 5) + "; expected e.g. '" + options.columns.parameters + "', '" +
        options.columns.dataset + "', '" + options.columns.hardware +
        "'; `columns` maps other names; see docs/batch.md)");
  }
  IndexBaseRows(estimator, [&](const RecordVisitor& visit) {
    RecordSplitter pass(text);
    std::string_view r;
    int at = 0;
    pass.Next(r, at);  // the header
    while (pass.Next(r, at)) {
      if (r.size() > kMaxCsvRecordBytes) return;  // the run below refuses it
      Result<CsvTable> parsed = ParseCsv(r, options.source);
      if (parsed.ok()) visit(parsed->header);
    }
  });
  size_t usable = 0;
  std::string first_problem;
  std::vector<std::string> out_header = header;
  for (const std::string& c : BatchOutputColumns()) out_header.push_back(c);
  const bool json = options.csv_as_json_lines;
  if (!json) sink(CsvLine(out_header));
  while (records.Next(record, line)) {
    const std::string where = options.source + ":" + std::to_string(line);
    if (record.size() > kMaxCsvRecordBytes) {
      return Status::ParseError(where + ": a record of " + std::to_string(record.size()) +
                                " bytes; a record may be at most " +
                                std::to_string(kMaxCsvRecordBytes) + " bytes");
    }
    Result<CsvTable> parsed = ParseCsv(record, where);
    std::vector<std::string> cells = parsed.ok() ? parsed->header : std::vector<std::string>();
    RowEstimate row = estimator.Estimate(cells);
    if (!parsed.ok()) {
      row.note = "malformed row: " + parsed.status().message() + "; " + row.note;
    } else if (cells.size() != header.size()) {
      row.note = "row has " + std::to_string(cells.size()) + " fields, the header " +
                 std::to_string(header.size()) + "; " + row.note;
    } else {
      ++usable;
    }
    if (usable == 0 && first_problem.empty()) first_problem = where + ": " + row.note;
    cells.resize(header.size());
    if (json) {
      nlohmann::ordered_json object = nlohmann::ordered_json::object();
      for (size_t i = 0; i < header.size(); ++i) object[header[i]] = cells[i];
      sink(JsonLine(object, row));
      continue;
    }
    for (std::string& c : row.Cells()) cells.push_back(std::move(c));
    sink(CsvLine(cells));
  }
  TF_RETURN_IF_ERROR(RequireUsableRows(
      usable, options, "no record after the header has the header's fields", first_problem));
  return estimator.Summary();
}

Result<BatchSummary> RunBatchJsonLines(std::string_view text, const BatchOptions& options,
                                       const LineSink& sink) {
  const std::vector<std::string> names = batch::ColumnNamesOf(options.columns);
  BatchOptions relaxed = options;
  relaxed.required_keys.clear();  // objects may omit any key
  TF_ASSIGN_OR_RETURN(BatchEstimator estimator, BatchEstimator::Create(names, relaxed));
  IndexBaseRows(estimator, [&](const RecordVisitor& visit) {
    ForEachLine(text, [&](std::string_view one, int) {
      if (!CheckNestingDepth(one, options.source).ok()) return;
      const nlohmann::ordered_json object = nlohmann::ordered_json::parse(one, nullptr, false);
      if (!object.is_object()) return;
      std::vector<std::string> cells = CellsOf(object, names);
      visit(cells);
    });
  });
  size_t usable = 0;
  std::string first_problem;
  ForEachLine(text, [&](std::string_view one, int line) {
    const std::string where = options.source + ":" + std::to_string(line);
    // Too deep a line is not parsed: a recursive dump of it would overflow the stack.
    const Status depth = CheckNestingDepth(one, where);
    nlohmann::ordered_json object =
        depth.ok() ? nlohmann::ordered_json::parse(one, nullptr, false) : nlohmann::ordered_json();
    std::string problem;
    if (!depth.ok()) {
      problem = depth.message();
      object = nlohmann::ordered_json::object();
    } else if (!object.is_object()) {
      problem = where + ": not a JSON object";
      object = nlohmann::ordered_json::object();
    } else {
      ++usable;
    }
    const std::vector<std::string> cells = CellsOf(object, names);
    RowEstimate row = estimator.Estimate(cells);
    if (!problem.empty()) row.note = problem + "; " + row.note;
    if (first_problem.empty()) first_problem = problem;
    sink(JsonLine(object, row));
  });
  TF_RETURN_IF_ERROR(RequireUsableRows(usable, options, "no line is a JSON object", first_problem));
  return estimator.Summary();
}

}  // namespace trainflops
