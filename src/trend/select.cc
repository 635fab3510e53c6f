// Reading trend points from a table: dates, compute values and filters.
#include <algorithm>
#include <cmath>
#include <set>

#include "core/text.h"
#include "trainflops/input_limits.h"
#include "trainflops/trend.h"

namespace trainflops {
namespace {

bool IsDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int ToInt(std::string_view s) {
  int v = 0;
  for (char c : s) v = v * 10 + (c - '0');
  return v;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant,
// "chrono-Compatible Low-Level Date Algorithms", days_from_civil).
long DaysFromCivil(int y, int m, int d) {
  y -= m <= 2 ? 1 : 0;
  const long era = (y >= 0 ? y : y - 399) / 400;
  const long yoe = y - era * 400;
  const long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// A cell's values: the whole cell, and each item when it is a
// comma-separated list ("Multimodal,Language,Vision").
std::vector<std::string> CellItems(std::string_view cell) {
  std::vector<std::string> items = {std::string(Trim(cell))};
  if (cell.find(',') == std::string_view::npos) return items;
  for (size_t start = 0;;) {
    const size_t comma = cell.find(',', start);
    items.emplace_back(Trim(cell.substr(start, comma - start)));
    if (comma == std::string_view::npos) return items;
    start = comma + 1;
  }
}

// Case-insensitive: a cell matches a value equal to it or to one of its items.
bool CellMatches(std::string_view cell, std::string_view value) {
  const std::string wanted = ToLower(Trim(value));
  for (const std::string& item : CellItems(cell)) {
    if (ToLower(item) == wanted) return true;
  }
  return false;
}

struct Row {
  TrendPoint point;
  const std::vector<std::string>* cells;
};

Result<double> ParseComputeCell(std::string_view cell, ComputeUnit unit) {
  Result<double> bare = ParseNumber(cell);
  if (!bare.ok()) return ParseCompute(cell);
  const double flop = *bare * FlopPerUnit(unit);
  // 1e300 pfs-days is 8.64e319 FLOP: the fit would print "nan x year".
  if (!std::isfinite(flop)) {
    return Status::InvalidArgument("'" + Abbreviate(cell) + "' " + std::string(UnitName(unit)) +
                                   " is past 1.8e308 FLOP, the largest number a double holds "
                                   "(accepted: a positive amount below that)");
  }
  return flop;
}

Result<std::vector<Row>> ReadRows(const CsvTable& table, const TrendColumns& columns,
                                  std::string_view source, std::size_t& without_values) {
  TF_ASSIGN_OR_RETURN(const std::size_t date_col, table.Column(columns.date));
  TF_ASSIGN_OR_RETURN(const std::size_t compute_col, table.Column(columns.compute));
  TF_ASSIGN_OR_RETURN(const std::size_t name_col, table.Column(columns.name));
  std::vector<Row> rows;
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const std::vector<std::string>& cells = table.rows[i];
    const std::string at = std::string(source) + ":" + std::to_string(table.lines[i]) + ": ";
    const std::string_view date = Trim(cells[date_col]);
    const std::string_view compute = Trim(cells[compute_col]);
    if (date.empty() || compute.empty()) {
      ++without_values;
      continue;
    }
    Result<double> year = DecimalYear(date);
    if (!year.ok())
      return year.status().WithContext(at + "column '" + table.header[date_col] + "'");
    Result<double> flop = ParseComputeCell(compute, columns.unit);
    if (!flop.ok()) {
      return flop.status().WithContext(at + "column '" + table.header[compute_col] + "'");
    }
    if (!(*flop > 0)) {
      return Status::InvalidArgument(at + "column '" + table.header[compute_col] +
                                     "': compute must be > 0 to fit its logarithm (got '" +
                                     std::string(compute) + "')");
    }
    std::string name(Trim(cells[name_col]));
    if (name.empty()) name = "(unnamed, line " + std::to_string(table.lines[i]) + ")";
    rows.push_back({TrendPoint{name, std::string(date), *year, *flop, table.lines[i]}, &cells});
  }
  return rows;
}

std::string Kept(std::size_t kept, std::size_t of) {
  return "kept " + std::to_string(kept) + " of " + std::to_string(of);
}

Status ApplyWhere(const CsvTable& table, const WhereFilter& w, std::vector<Row>& rows,
                  std::vector<std::string>& described) {
  TF_ASSIGN_OR_RETURN(const std::size_t col, table.Column(w.column));
  const std::size_t before = rows.size();
  std::set<std::string> values;
  for (const Row& r : rows) {
    for (std::string& item : CellItems((*r.cells)[col])) values.insert(std::move(item));
  }
  std::erase_if(rows, [&](const Row& r) { return !CellMatches((*r.cells)[col], w.value); });
  if (rows.empty()) {
    return Status::InvalidArgument(
        "`where` " + w.column + "=" + w.value + ": no row has that value" +
        DidYouMean(w.value, std::vector<std::string>(values.begin(), values.end())));
  }
  described.push_back(table.header[col] + "=" + w.value + ": " + Kept(rows.size(), before) +
                      (w.reason.empty() ? "" : " (" + w.reason + ")"));
  return Status::Ok();
}

Status ApplyDates(const TrendFilters& f, std::vector<Row>& rows,
                  std::vector<std::string>& described) {
  if (f.from.empty() && f.to.empty()) return Status::Ok();
  double from = -1e9, to = 1e9;
  if (!f.from.empty()) {
    Result<double> y = DecimalYear(f.from);
    if (!y.ok()) return y.status().WithContext("`from`");
    from = *y;
  }
  if (!f.to.empty()) {
    Result<double> y = DecimalYear(f.to);
    if (!y.ok()) return y.status().WithContext("`to`");
    to = *y;
  }
  if (from > to) return Status::InvalidArgument("`from` " + f.from + " is after `to` " + f.to);
  const std::size_t before = rows.size();
  std::erase_if(rows, [&](const Row& r) { return r.point.year < from || r.point.year > to; });
  const std::string range = f.to.empty()     ? "from " + f.from
                            : f.from.empty() ? "to " + f.to
                                             : f.from + " .. " + f.to;
  described.push_back("dates " + range + ": " + Kept(rows.size(), before));
  return Status::Ok();
}

Status ApplyExclude(const std::vector<std::string>& all_names, const std::string& name,
                    std::vector<Row>& rows, std::vector<std::string>& described) {
  const bool known = std::any_of(all_names.begin(), all_names.end(),
                                 [&](const std::string& n) { return ToLower(n) == ToLower(name); });
  if (!known) {
    return Status::NotFound("`exclude`: no model named '" + name + "'" +
                            DidYouMean(name, all_names));
  }
  const std::size_t before = rows.size();
  std::erase_if(rows, [&](const Row& r) { return ToLower(r.point.name) == ToLower(name); });
  described.push_back("exclude '" + name + "': " + Kept(rows.size(), before));
  return Status::Ok();
}

}  // namespace

Result<double> DecimalYear(std::string_view date) {
  const std::string_view d = Trim(date);
  const auto bad = [&](const std::string& why) {
    return Status::InvalidArgument("'" + std::string(d) + "' is not a date" +
                                   (why.empty() ? "" : ": " + why) + " (accepted: YYYY-MM-DD)");
  };
  if (d.size() != 10 || d[4] != '-' || d[7] != '-' || !IsDigits(d.substr(0, 4)) ||
      !IsDigits(d.substr(5, 2)) || !IsDigits(d.substr(8, 2))) {
    return bad("");
  }
  const int y = ToInt(d.substr(0, 4)), m = ToInt(d.substr(5, 2)), day = ToInt(d.substr(8, 2));
  if (m < 1 || m > 12) return bad("month must be 01 to 12");
  const long month_days =
      DaysFromCivil(m == 12 ? y + 1 : y, m == 12 ? 1 : m + 1, 1) - DaysFromCivil(y, m, 1);
  if (day < 1 || day > month_days) {
    return bad("day must be 01 to " + std::to_string(month_days) + " in that month");
  }
  const long start = DaysFromCivil(y, 1, 1);
  const double days_in_year = static_cast<double>(DaysFromCivil(y + 1, 1, 1) - start);
  return y + static_cast<double>(DaysFromCivil(y, m, day) - start) / days_in_year;
}

Result<TrendSelection> SelectTrendPoints(const CsvTable& table, const TrendColumns& columns,
                                         const TrendFilters& filters, std::string_view source) {
  TrendSelection s;
  s.rows = table.rows.size();
  TF_ASSIGN_OR_RETURN(std::vector<Row> rows, ReadRows(table, columns, source, s.without_values));
  std::vector<std::string> all_names;
  for (const Row& r : rows) all_names.push_back(r.point.name);
  for (const WhereFilter& w : filters.where) {
    TF_RETURN_IF_ERROR(ApplyWhere(table, w, rows, s.filters));
  }
  TF_RETURN_IF_ERROR(ApplyDates(filters, rows, s.filters));
  for (const std::string& name : filters.exclude) {
    TF_RETURN_IF_ERROR(ApplyExclude(all_names, name, rows, s.filters));
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return a.point.year < b.point.year; });
  for (Row& r : rows) s.points.push_back(std::move(r.point));
  if (s.points.size() < 3) {
    return Status::InvalidArgument(
        "only " + std::to_string(s.points.size()) + " point" + (s.points.size() == 1 ? "" : "s") +
        " with a date and a compute value left after filtering (" + std::to_string(s.rows) +
        " rows" + (s.filters.empty() ? "" : "; " + JoinNames(s.filters, "; ")) +
        "); a trend needs at least 3");
  }
  return s;
}

}  // namespace trainflops
