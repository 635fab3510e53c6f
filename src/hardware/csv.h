// Internal: an RFC 4180 CSV reader that remembers where each field starts,
// so that table errors can name file:line:column.
#ifndef TRAINFLOPS_SRC_HARDWARE_CSV_H_
#define TRAINFLOPS_SRC_HARDWARE_CSV_H_

#include <string>
#include <string_view>
#include <vector>

#include "trainflops/status.h"

namespace trainflops::csv {

struct Field {
  std::string text;  // unquoted, with "" turned into "
  int line = 0;      // 1-based line where the field starts
  int column = 0;    // 1-based column (in characters) where the field starts
};

struct Record {
  std::vector<Field> fields;
  int line = 0;  // line where the record starts
};

// RFC 4180: records end at LF or CRLF; fields are separated by commas; a field
// that starts with a double quote runs to the matching closing quote, may hold
// commas and line breaks, and writes a quote as "". A UTF-8 byte-order mark
// and blank lines are skipped; the final line break is optional. Errors read
// "<file>:<line>:<column>: <what is wrong> (<what is accepted>)".
Result<std::vector<Record>> ParseCsv(std::string_view text, std::string_view file);

}  // namespace trainflops::csv

#endif  // TRAINFLOPS_SRC_HARDWARE_CSV_H_
