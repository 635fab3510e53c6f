// The record's cost and power columns as evidence (docs/batch.md, "Cost and
// power"): a row with neither 6ND nor chips x hours is estimated from its
// training cost, else from its power draw and training time, through the
// evidence lines of include/trainflops/evidence.h. Both lines are linear in
// their amount, so each is estimated once per (chip, year, kind of model) for
// a unit amount and scaled: a million rows cost a few distinct estimates.
#include <cmath>

#include "core/finite.h"
#include "core/text.h"
#include "row_methods.h"
#include "trainflops/evidence.h"
#include "trainflops/input_limits.h"
#include "trainflops/units.h"

namespace trainflops::batch {
namespace {

// The amount the unit estimates are made for: one million 2023 US dollars,
// one megawatt for one hour. Large enough that no table rounds it away.
constexpr double kUnitUsd = 1e6;
constexpr double kUnitWatts = 1e6;

// Epoch AI's cost column is in 2023 US dollars (its header says so).
constexpr int kCostMoneyYear = 2023;

// The row's chip when the hardware table knows it, else "" (the evidence
// line then takes the year's typical training chip).
std::string KnownChip(const RowCells& row, const Context& context,
                      std::vector<std::string>& notes) {
  if (Trim(row.values[kHardware]).empty()) return "";
  bool unknown = false;
  const std::string chip = ChooseChip(row.values[kHardware], context, notes, unknown);
  return unknown ? "" : chip;
}

// One evidence line for a unit amount, memoized by everything but the amount.
const Caches::EvidenceUnit& UnitEstimate(const std::string& key, EvidenceLine line,
                                         const RowCells& row, const Context& context) {
  auto [it, fresh] = context.caches->evidence_units.try_emplace(key);
  if (!fresh) return it->second;
  EvidenceRequest request;
  request.year = YearOf(row);
  request.llm = ToLower(row.values[kDomain]).find("language") != std::string::npos;
  request.uncertainty.monte_carlo.samples = context.options->samples;
  request.uncertainty.monte_carlo.seed = context.options->seed;
  Result<EvidenceLineResult> r = EstimateEvidenceLine(line, request, DefaultHardwareDb());
  Caches::EvidenceUnit& unit = it->second;
  if (!r.ok()) {
    unit.error = r.status().message();
    return unit;
  }
  const double point = r->estimate.training_flop;
  unit.flop = point;
  if (point > 0 && r->uncertainty.summary.low > 0) {
    unit.low_ratio = r->uncertainty.summary.low / point;
    unit.high_ratio = r->uncertainty.summary.high / point;
  }
  // The last step of the formula that computes (not the unit conversions
  // after it, which start with "=").
  for (const std::string& step : r->estimate.formula) {
    if (!step.starts_with("=")) unit.summary = step;
  }
  return unit;
}

// Scales a unit estimate to the row's amount; fills `out` or its note.
void Scale(const Caches::EvidenceUnit& unit, double amount, const std::string& what, Attempt& out) {
  if (!unit.error.empty()) {
    out.note = what + ": " + unit.error;
    out.cause = what + " not usable";
    return;
  }
  const double flop = unit.flop * amount;
  if (!RequireFinitePositive({{what + " estimate", flop, "FLOP"}}, {}).ok()) {
    out.note = what + ": the estimate is not a finite positive number";
    out.cause = "estimate not finite";
    return;
  }
  out.flop = flop;
  out.low_confidence = true;
  if (unit.low_ratio > 0 && std::isfinite(flop * unit.high_ratio)) {
    out.low = flop * unit.low_ratio;
    out.high = flop * unit.high_ratio;
  }
}

// Estimates `line` (holding a unit amount) once per chip, year and domain,
// scales it by `units` of the row and writes the row's note.
void ScaledLine(const RowCells& row, const Context& context, EvidenceLine line,
                const std::string& chip, double units, const std::string& reading,
                std::vector<std::string>& notes, Attempt& out) {
  const std::optional<int> year = YearOf(row);
  const std::string key = line.name + "|" + chip + "|" + (year ? std::to_string(*year) : "") + "|" +
                          row.values[kDomain];
  const std::string what = line.name;
  const std::string per = line.kind() == EvidenceKind::kCost ? "1e6 USD" : "1 MW for one hour";
  const Caches::EvidenceUnit& unit = UnitEstimate(key, std::move(line), row, context);
  Scale(unit, units, what, out);
  if (!out.flop) return;
  notes.insert(notes.begin(), what + " = " + reading + " -> " + FormatScientific(*out.flop) +
                                  " FLOP (for " + per + ": " + unit.summary + ")");
  out.note = JoinComma(notes);
}

}  // namespace

Attempt TryCost(const RowCells& row, const Context& context) {
  Attempt out;
  const std::string_view cell = Trim(row.values[kCost]);
  if (cell.empty()) return out;
  out.attempted = true;
  Result<double> usd = ParsePositive(cell);
  if (!usd.ok()) {
    out.note = "cost: " + row.names[kCost] + " '" + Abbreviate(cell) + "' is not a positive number";
    out.cause = "unreadable cell";
    return out;
  }
  std::vector<std::string> notes;
  CostEvidence cost;
  cost.amount.distribution = Distribution::Point(kUnitUsd);
  cost.amount.text = FormatScientific(kUnitUsd) + " USD";
  cost.currency = "USD";
  cost.money_year = kCostMoneyYear;
  cost.basis = CostBasis::kPurchase;  // Epoch's amortised hardware + energy (Cottier et al. 2024)
  cost.hardware.chip = KnownChip(row, context, notes);
  ScaledLine(row, context, EvidenceLine{"cost", {}, cost}, cost.hardware.chip, *usd / kUnitUsd,
             FormatScientific(*usd) +
                 " USD (2023), read as owned hardware + energy (Epoch AI's convention, Cottier et "
                 "al. 2024)",
             notes, out);
  return out;
}

Attempt TryPower(const RowCells& row, const Context& context) {
  Attempt out;
  const std::string_view cell = Trim(row.values[kPower]);
  if (cell.empty()) return out;
  out.attempted = true;
  Result<double> watts = ParsePositive(cell);
  Result<double> hours = ParsePositive(Trim(row.values[kHours]));
  if (!watts.ok() || !hours.ok()) {
    out.note = "power: needs a positive " + row.names[kPower] + " and " + row.names[kHours];
    out.cause = "no power x hours";
    return out;
  }
  std::vector<std::string> notes;
  PowerEvidence power;
  power.power_w = Uncertain{Distribution::Point(kUnitWatts), "1e6 W", ""};
  power.duration_s = Uncertain{Distribution::Point(kSecondsPerHour), "1 hour", ""};
  power.facility = true;
  power.hardware.chip = KnownChip(row, context, notes);
  ScaledLine(row, context, EvidenceLine{"power", {}, power}, power.hardware.chip,
             *watts / kUnitWatts * *hours,
             FormatScientific(*watts) + " W of facility power x " + FormatScientific(*hours) + " h",
             notes, out);
  return out;
}

}  // namespace trainflops::batch
