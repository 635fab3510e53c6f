// A small RFC 4180 CSV reader over text in memory.
//
// Accepted: comma-separated fields; records ended by LF or CRLF; fields in
// double quotes may hold commas, line breaks and doubled quotes ("" for ");
// a leading UTF-8 byte-order mark is skipped; blank lines are skipped. The
// first record is the header, and every record must have as many fields.
// Errors name the source, line and column: "models.csv:7:12: ...".
#ifndef TRAINFLOPS_CSV_H_
#define TRAINFLOPS_CSV_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "trainflops/status.h"

namespace trainflops {

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
