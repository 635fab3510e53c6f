// A small RFC 4180 CSV reader over text in memory.
//
// Accepted: comma-separated fields; records ended by LF or CRLF; fields in
// double quotes may hold commas, line breaks and doubled quotes ("" for ");
// a leading UTF-8 byte-order mark is skipped; blank lines are skipped. The
// first record is the header, and every record must have as many fields.
// Errors name the source, line and column: "models.csv:7:12: ...". Records
// over the caps below are refused.
#ifndef TRAINFLOPS_CSV_H_
#define TRAINFLOPS_CSV_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/status.h"

namespace trainflops {

// Caps on one record, so that a hostile file (a 200 MB line, a million
// columns) is refused at once with a short message instead of being split
// into millions of strings. A real dataset's longest line is a few kB
// (Epoch AI's Notable AI Models: about 60 columns, the longest record under
// 20 kB, its "Abstract"-style fields under 10 kB).
inline constexpr std::size_t kMaxCsvRecordBytes = 1024 * 1024;
inline constexpr std::size_t kMaxCsvFieldBytes = 64 * 1024;
inline constexpr std::size_t kMaxCsvFields = 1000;

struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<int> lines;  // the line on which each row starts (1-based)

  // Index of a column: an exact match, else the only case-insensitive one.
  // Unknown names: NotFound with a did-you-mean and the list of columns.
  Result<std::size_t> Column(std::string_view name) const;
};

Result<CsvTable> ParseCsv(std::string_view text, std::string_view source = "csv");

}  // namespace trainflops

#endif  // TRAINFLOPS_CSV_H_
