// The bundled tables of the cost and power lines (tables.h).
#include "tables.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "core/text.h"
#include "trainflops/csv.h"
#include "trainflops/units.h"

namespace trainflops::embedded {
extern const char evidence_cpi_csv[];
extern const unsigned long evidence_cpi_csv_size;
extern const char evidence_fx_csv[];
extern const unsigned long evidence_fx_csv_size;
extern const char evidence_cloud_csv[];
extern const unsigned long evidence_cloud_csv_size;
extern const char evidence_purchase_csv[];
extern const unsigned long evidence_purchase_csv_size;
extern const char evidence_typical_csv[];
extern const unsigned long evidence_typical_csv_size;
extern const char evidence_power_csv[];
extern const unsigned long evidence_power_csv_size;
}  // namespace trainflops::embedded

namespace trainflops::evidence {
namespace {

// One bundled table, parsed once; rows are read by column name.
class Table {
 public:
  Table(const char* text, unsigned long size, std::string file) : file_(std::move(file)) {
    Result<CsvTable> parsed = ParseCsv(std::string_view(text, size), file_);
    if (parsed.ok()) {
      csv_ = std::move(parsed).value();
    } else {
      problem_ = parsed.status().message();
    }
  }
  const std::string& file() const { return file_; }
  Status ok() const { return problem_.empty() ? Status::Ok() : Status::Internal(problem_); }
  size_t size() const { return csv_.rows.size(); }
  // The cell of `row` in `column`; "" when the column is missing (the tests
  // check every bundled file, so this never happens in a release).
  std::string Cell(size_t row, std::string_view column) const {
    Result<size_t> c = csv_.Column(column);
    return c.ok() ? csv_.rows[row][c.value()] : std::string();
  }
  double Number(size_t row, std::string_view column) const {
    return std::strtod(Cell(row, column).c_str(), nullptr);
  }
  int Year(size_t row) const { return static_cast<int>(Number(row, "year")); }

 private:
  std::string file_;
  CsvTable csv_;
  std::string problem_;
};

enum Which { kCpi, kFx, kCloud, kPurchase, kTypical, kPower };

const Table& Get(Which which) {
  static const Table tables[] = {
      {embedded::evidence_cpi_csv, embedded::evidence_cpi_csv_size, "data/evidence/cpi_u.csv"},
      {embedded::evidence_fx_csv, embedded::evidence_fx_csv_size, "data/evidence/fx_rates.csv"},
      {embedded::evidence_cloud_csv, embedded::evidence_cloud_csv_size,
       "data/evidence/cloud_prices.csv"},
      {embedded::evidence_purchase_csv, embedded::evidence_purchase_csv_size,
       "data/evidence/purchase_prices.csv"},
      {embedded::evidence_typical_csv, embedded::evidence_typical_csv_size,
       "data/evidence/typical_chips.csv"},
      {embedded::evidence_power_csv, embedded::evidence_power_csv_size,
       "data/evidence/power_defaults.csv"},
  };
  return tables[which];
}

// "2010-2024": the years of the rows selected by `keep`.
template <typename Keep>
std::string YearSpan(const Table& t, Keep keep) {
  int lo = 0, hi = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    if (!keep(i)) continue;
    const int y = t.Year(i);
    lo = lo == 0 ? y : std::min(lo, y);
    hi = std::max(hi, y);
  }
  return lo == 0 ? std::string("no year") : std::to_string(lo) + "-" + std::to_string(hi);
}

Status OutOfRange(std::string_view what, int year, const Table& t, const std::string& span,
                  std::string_view advice = "give a year within it, or the value itself") {
  return Status::InvalidArgument("no " + std::string(what) + " for " + std::to_string(year) +
                                 " in " + t.file() + ": it covers " + span + " (" +
                                 std::string(advice) + ")");
}

// kMoneyBaseYear's index over `year`'s, in the deflator's column.
Result<Sourced> PriceIndexFactor(int year, Deflator deflator) {
  const Table& t = Get(kCpi);
  TF_RETURN_IF_ERROR(t.ok());
  const bool cpi = deflator == Deflator::kCpiU;
  const char* column = cpi ? "cpi_u" : "ppi_hosting";
  const char* name = cpi ? "CPI-U" : "PPI data hosting";
  std::optional<size_t> from, to;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t.Year(i) == year) from = i;
    if (t.Year(i) == kMoneyBaseYear) to = i;
  }
  const std::string span = YearSpan(t, [](size_t) { return true; });
  const std::string what = std::string(name) + " annual average";
  if (!from) return OutOfRange(what, year, t, span, "give a money year within it");
  if (!to) return OutOfRange(what, kMoneyBaseYear, t, span);
  const double a = t.Number(*from, column), b = t.Number(*to, column);
  return Sourced{b / a, t.Cell(*from, cpi ? "source" : "ppi_source"),
                 std::string(name) + " " + std::to_string(kMoneyBaseYear) + " / " +
                     std::to_string(year) + " = " + FormatScientific(b, 6) + " / " +
                     FormatScientific(a, 6)};
}

bool IsTpu(const Chip& chip) { return chip.name.find("TPU") != std::string::npos; }

// The row of `table` listing `chip` in its `chips` column with the latest
// year <= `year` (or, `earliest`, its first row when that is <= `year`).
Result<size_t> ChipRow(const Table& t, const Chip& chip, int year, std::string_view what,
                       bool earliest = false) {
  TF_RETURN_IF_ERROR(t.ok());
  auto lists = [&](size_t i) {
    const std::string cell = "|" + t.Cell(i, "chips") + "|";
    return cell.find("|" + chip.name + "|") != std::string::npos;
  };
  std::optional<size_t> best;
  for (size_t i = 0; i < t.size(); ++i) {
    if (!lists(i)) continue;
    if (earliest && (!best || t.Year(i) < t.Year(*best))) best = i;
    if (!earliest && t.Year(i) <= year && (!best || t.Year(i) >= t.Year(*best))) best = i;
  }
  if (best && t.Year(*best) <= year) return *best;
  const std::string span = YearSpan(t, lists);
  if (span == "no year") {
    std::string chips;  // the first chip of each row, once
    for (size_t i = 0; i < t.size(); ++i) {
      const std::string c = t.Cell(i, "chips").substr(0, t.Cell(i, "chips").find('|'));
      if (chips.find(c) == std::string::npos) chips += (chips.empty() ? "" : ", ") + c;
    }
    return Status::NotFound("no " + std::string(what) + " for '" + chip.name + "' in " + t.file() +
                            " (rows: " + chips + "); give the price");
  }
  return Status::InvalidArgument("no " + std::string(what) + " for '" + chip.name + "' in " +
                                 std::to_string(year) + " in " + t.file() + ": its rows cover " +
                                 span + " (give the price)");
}

Result<Range> PowerRow(std::string_view quantity, std::string_view hardware,
                       std::optional<int> year) {
  const Table& t = Get(kPower);
  TF_RETURN_IF_ERROR(t.ok());
  auto match = [&](size_t i) {
    return t.Cell(i, "quantity") == quantity && t.Cell(i, "hardware") == hardware;
  };
  for (size_t i = 0; i < t.size(); ++i) {
    if (match(i) && (!year || t.Year(i) == *year)) {
      return Range{t.Number(i, "low"), t.Number(i, "high"), t.Cell(i, "source")};
    }
  }
  return OutOfRange(quantity, year.value_or(0), t, YearSpan(t, match));
}

}  // namespace

const std::vector<std::string>& AcceptedCurrencies() {
  static const std::vector<std::string> list = [] {
    std::vector<std::string> out = {"USD"};
    const Table& t = Get(kFx);
    for (size_t i = 0; i < t.size(); ++i) {
      const std::string c = t.Cell(i, "currency");
      if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    }
    return out;
  }();
  return list;
}

Result<Sourced> ToBaseUsd(std::string_view currency, int year, Deflator deflator) {
  std::string code(currency);
  std::transform(code.begin(), code.end(), code.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  const auto& accepted = AcceptedCurrencies();
  if (std::find(accepted.begin(), accepted.end(), code) == accepted.end()) {
    std::string list;
    for (const std::string& c : accepted) list += (list.empty() ? "" : ", ") + c;
    return Status::InvalidArgument("unknown currency '" + std::string(currency) + "'" +
                                   DidYouMean(code, accepted) + " (accepted: " + list + ")");
  }
  TF_ASSIGN_OR_RETURN(Sourced cpi, PriceIndexFactor(year, deflator));
  if (code == "USD") return cpi;
  const Table& t = Get(kFx);
  TF_RETURN_IF_ERROR(t.ok());
  for (size_t i = 0; i < t.size(); ++i) {
    if (t.Cell(i, "currency") != code || t.Year(i) != year) continue;
    const double rate = t.Number(i, "rate");
    const bool per_unit = t.Cell(i, "quote") == "usd_per_unit";
    const double usd = per_unit ? rate : 1 / rate;
    const std::string fx = per_unit ? FormatScientific(rate, 5) + " USD per " + code
                                    : "1 / " + FormatScientific(rate, 6) + " " + code + " per USD";
    return Sourced{usd * cpi.value, t.Cell(i, "source") + "; " + cpi.source,
                   std::to_string(year) + " average rate " + fx + ", then " + cpi.explanation};
  }
  return OutOfRange(code + " exchange rate", year, t,
                    YearSpan(t, [&](size_t i) { return t.Cell(i, "currency") == code; }));
}

Result<CloudPrice> FindCloudPrice(const Chip& chip, int year) {
  const Table& t = Get(kCloud);
  TF_ASSIGN_OR_RETURN(size_t i, ChipRow(t, chip, year, "cloud price"));
  CloudPrice p;
  p.year = t.Year(i);
  p.on_demand = t.Number(i, "on_demand_usd");
  p.offer = t.Cell(i, "offer");
  p.source = t.Cell(i, "source");
  if (t.Cell(i, "committed_3y_usd").empty()) {
    p.committed = p.on_demand * (1 - kCommittedDiscount);
    p.note = "no committed rate listed: on-demand x (1 - " + FormatScientific(kCommittedDiscount) +
             "), Epoch AI's mean 3-year committed-use discount of AWS, Google Cloud, Azure and "
             "Lambda (training-cost-trends, constants.py DEFAULT_CUD)";
  } else {
    p.committed = t.Number(i, "committed_3y_usd");
  }
  return p;
}

Result<PurchasePrice> FindPurchasePrice(const Chip& chip, int year) {
  const Table& t = Get(kPurchase);
  TF_ASSIGN_OR_RETURN(size_t i, ChipRow(t, chip, year, "purchase price", true));
  PurchasePrice p;
  p.year = t.Year(i);
  p.server_added = t.Cell(i, "includes_server") != "yes";
  p.price = t.Number(i, "price_usd") * (p.server_added ? kServerCostOverhead : 1.0);
  p.source = t.Cell(i, "source");
  return p;
}

Result<Sourced> TypicalChipName(int year) {
  const Table& t = Get(kTypical);
  TF_RETURN_IF_ERROR(t.ok());
  for (size_t i = 0; i < t.size(); ++i) {
    if (t.Year(i) == year) return Sourced{0, t.Cell(i, "source"), t.Cell(i, "chip")};
  }
  return OutOfRange("typical training chip", year, t, YearSpan(t, [](size_t) { return true; }));
}

Result<Range> ServerOverhead(const Chip& chip) {
  return PowerRow("server_overhead", IsTpu(chip) ? "tpu" : "gpu", std::nullopt);
}
Result<Range> ServerPowerFraction(const Chip& chip) {
  return PowerRow("server_power_fraction", IsTpu(chip) ? "tpu" : "gpu", std::nullopt);
}
Result<Range> Pue(int year) { return PowerRow("pue", "", year); }
Result<Range> ChipPower(const Chip& chip) {
  if (chip.tdp_w) return Range{*chip.tdp_w, *chip.tdp_w, "TDP, data/hardware.csv: " + chip.source};
  Result<Range> tdp = PowerRow("chip_tdp_w", chip.name, std::nullopt);
  if (tdp.ok()) return tdp;
  return Status::NotFound(chip.name + " has no TDP in the hardware table nor in " +
                          Get(kPower).file());
}
Result<Range> MeasuredChipPower(const Chip& chip) {
  Result<Range> measured = PowerRow("chip_measured_power_w", chip.name, std::nullopt);
  if (measured.ok()) return measured;
  return Status::NotFound("no measured power for " + chip.name + " in " + Get(kPower).file());
}
Result<Range> ElectricityPrice(int year) { return PowerRow("electricity_usd_per_kwh", "", year); }

Result<const Chip*> ResolveChip(std::string_view name, const HardwareDb& db) {
  TF_ASSIGN_OR_RETURN(ChipMatch match, db.Find(name));
  return match.chip;
}

}  // namespace trainflops::evidence
