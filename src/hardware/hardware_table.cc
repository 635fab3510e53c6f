// Reading a hardware table (data/hardware.csv or a user's --hardware-db file).
#include <charconv>
#include <functional>
#include <set>

#include "core/text.h"
#include "trainflops/csv.h"
#include "trainflops/hardware.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using Setter = std::function<Status(Chip&, const std::string&)>;

struct ColumnSpec {
  std::string name;
  bool required;
  Setter set;
};

Setter Text(std::string Chip::*member) {
  return [member](Chip& c, const std::string& v) {
    c.*member = v;
    return Status::Ok();
  };
}

std::vector<std::string> SplitList(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t bar = std::min(text.find('|', start), text.size());
    const std::string_view item = Trim(std::string_view(text).substr(start, bar - start));
    if (!item.empty()) out.emplace_back(item);
    start = bar + 1;
  }
  return out;
}

Setter List(std::vector<std::string> Chip::*member) {
  return [member](Chip& c, const std::string& v) {
    c.*member = SplitList(v);
    return Status::Ok();
  };
}

// Empty = unknown (HARDWARE.md convention 8); otherwise a number > 0.
Result<std::optional<double>> Positive(const std::string& v) {
  if (Trim(v).empty()) return std::optional<double>();
  Result<double> x = ParsePositive(v);
  if (!x.ok()) {
    return Status::ParseError(x.status().message() +
                              "; an empty cell means unknown or unsupported");
  }
  return std::optional<double>(*x);
}

Setter Number(std::optional<double> Chip::*member) {
  return [member](Chip& c, const std::string& v) {
    TF_ASSIGN_OR_RETURN(c.*member, Positive(v));
    return Status::Ok();
  };
}

Setter Rate(RateColumn column) {
  return [column](Chip& c, const std::string& v) {
    TF_ASSIGN_OR_RETURN(c.rates[static_cast<size_t>(column)], Positive(v));
    return Status::Ok();
  };
}

int ReadInt(std::string_view s, size_t digits) {
  int v = -1;
  if (s.size() != digits) return -1;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return (r.ec == std::errc() && r.ptr == s.data() + s.size()) ? v : -1;
}

// YYYY, YYYY-MM or YYYY-MM-DD; sets release_year.
Status SetDate(Chip& c, const std::string& v) {
  c.release_date = std::string(Trim(v));
  const std::string_view d = c.release_date;
  if (d.empty()) return Status::Ok();
  const int year = ReadInt(d.substr(0, 4), 4);
  const bool month_ok = d.size() == 4 || (d[4] == '-' && ReadInt(d.substr(5, 2), 2) >= 1 &&
                                          ReadInt(d.substr(5, 2), 2) <= 12);
  const bool day_ok =
      d.size() <= 7 || (d.size() == 10 && d[7] == '-' && ReadInt(d.substr(8, 2), 2) >= 1 &&
                        ReadInt(d.substr(8, 2), 2) <= 31);
  if (year < 1950 || year > 2100 || (d.size() != 4 && d.size() != 7 && d.size() != 10) ||
      !month_ok || !day_ok) {
    return Status::ParseError("'" + c.release_date +
                              "' is not a date (accepted: YYYY-MM-DD, YYYY-MM or YYYY)");
  }
  c.release_year = year;
  return Status::Ok();
}

const std::vector<ColumnSpec>& Columns() {
  static const std::vector<ColumnSpec> columns = [] {
    std::vector<ColumnSpec> c = {
        {"name", true, Text(&Chip::name)},
        {"aliases", false, List(&Chip::aliases)},
        {"default_for", false, List(&Chip::default_for)},
        {"vendor", false, Text(&Chip::vendor)},
        {"type", false, Text(&Chip::type)},
        {"variant", false, Text(&Chip::variant)},
        {"release_date", false, SetDate},
        {"memory_gb", false, Number(&Chip::memory_gb)},
        {"memory_bandwidth_gbps", false, Number(&Chip::memory_bandwidth_gbps)},
        {"tdp_w", false, Number(&Chip::tdp_w)},
        {"per", false, Text(&Chip::per)},
        {"notes", false, Text(&Chip::notes)},
        {"source", false, Text(&Chip::source)},
    };
    // Every peak-rate column is required (it may be empty in a row).
    for (RateColumn r : AllRateColumns())
      c.push_back({std::string(RateColumnName(r)), true, Rate(r)});
    return c;
  }();
  return columns;
}

std::string Where(std::string_view file, int line) {
  return std::string(file) + ":" + std::to_string(line);
}

// Maps each header field to its column; every required column must be there.
Result<std::vector<const ColumnSpec*>> ReadHeader(const CsvTable& table, std::string_view file) {
  std::vector<std::string> names;
  for (const ColumnSpec& c : Columns()) names.push_back(c.name);
  std::vector<const ColumnSpec*> out;
  std::set<std::string> seen;
  for (const std::string& field : table.header) {
    const std::string name = ToLower(Trim(field));
    const ColumnSpec* spec = nullptr;
    for (const ColumnSpec& c : Columns()) {
      if (c.name == name) spec = &c;
    }
    if (spec == nullptr) {
      return Status::ParseError(Where(file, 1) + ": unknown column '" + name + "'" +
                                DidYouMean(name, names) + " (accepted: " + JoinNames(names) + ")");
    }
    if (!seen.insert(name).second) {
      return Status::ParseError(Where(file, 1) + ": column '" + name + "' appears twice");
    }
    out.push_back(spec);
  }
  for (const ColumnSpec& c : Columns()) {
    if (c.required && seen.count(c.name) == 0) {
      return Status::ParseError(Where(file, 1) + ": the header lacks the required column '" +
                                c.name +
                                "' (required: name, fp64, fp32, tf32, fp16, fp16_tensor, bf16, "
                                "fp8, int8; see data/HARDWARE.md)");
    }
  }
  return out;
}

Result<Chip> ReadRow(const std::vector<std::string>& fields, int line,
                     const std::vector<const ColumnSpec*>& columns, std::string_view file) {
  Chip chip;
  chip.line = line;
  for (size_t i = 0; i < columns.size(); ++i) {
    const Status s = columns[i]->set(chip, fields[i]);
    if (!s.ok()) {
      return Status::ParseError(Where(file, line) + ": field '" + columns[i]->name +
                                "': " + s.message());
    }
  }
  if (Trim(chip.name).empty()) {
    return Status::ParseError(Where(file, line) + ": field 'name' is empty");
  }
  return chip;
}

}  // namespace

Result<HardwareDb> ParseHardwareCsv(std::string_view text, std::string_view file) {
  // The shared RFC 4180 reader checks quoting and that every row has as many
  // fields as the header; errors name file:line (and the field, below).
  TF_ASSIGN_OR_RETURN(const CsvTable table, ParseCsv(text, file));
  TF_ASSIGN_OR_RETURN(const std::vector<const ColumnSpec*> columns, ReadHeader(table, file));
  std::vector<Chip> rows;
  for (size_t i = 0; i < table.rows.size(); ++i) {
    TF_ASSIGN_OR_RETURN(Chip chip, ReadRow(table.rows[i], table.lines[i], columns, file));
    rows.push_back(std::move(chip));
  }
  HardwareDb db;
  TF_RETURN_IF_ERROR(db.Index(std::move(rows), file));
  return db;
}

}  // namespace trainflops
