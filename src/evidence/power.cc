// The power line: power (W) -> chips -> FLOP by Method 2.
//
//   chips = power / (TDP x server overhead x PUE)      (PUE only for facility power)
//   FLOP  = Method 2 with those chips for the duration, or with the chip-hours
//           energy / (TDP x server overhead x PUE) when energy is given.
// This inverts Epoch AI's training power draw (chips x TDP x server overhead
// x PUE; training-cost-trends, hardware.py cluster_power_capacity). The
// overhead and PUE are ranges (data/evidence/power_defaults.csv).
#include <string>

#include "lines.h"
#include "method2_line.h"
#include "tables.h"
#include "trainflops/units.h"

namespace trainflops::evidence {
namespace {

// A default range as a distribution, unless the line gives the value.
Result<Distribution> DefaultOr(const std::optional<Uncertain>& given, const Range& range,
                               const std::string& name, Derivation& d) {
  if (given) {
    d.inputs.push_back({name, given->distribution.Median(), "", "`" + name + "`"});
    return given->distribution;
  }
  d.assumptions.push_back({name,
                           FormatScientific(range.Mid()) + " (range " +
                               FormatScientific(range.low) + " .. " + FormatScientific(range.high) +
                               ")",
                           range.source});
  if (range.low == range.high) return Distribution::Point(range.Mid());
  return Distribution::Uniform(range.low, range.high);
}

Status CheckShape(const PowerEvidence& power, const std::string& line) {
  const std::string where = "evidence line '" + line + "': ";
  if (power.energy_wh && power.power_w) {
    return Status::InvalidArgument(where +
                                   "give `power_w` with `duration_s`, or `energy_wh`, "
                                   "not both");
  }
  if (!power.energy_wh && !power.power_w) {
    return Status::InvalidArgument(where + "give `power_w` with `duration_s`, or `energy_wh`");
  }
  if (power.power_w && !power.duration_s) {
    return Status::InvalidArgument(where + "`power_w` needs `duration_s` (or give `energy_wh`)");
  }
  if (power.power_w) TF_RETURN_IF_ERROR(CheckPositive(*power.power_w, line, "power_w"));
  if (power.duration_s) TF_RETURN_IF_ERROR(CheckPositive(*power.duration_s, line, "duration_s"));
  if (power.energy_wh) TF_RETURN_IF_ERROR(CheckPositive(*power.energy_wh, line, "energy_wh"));
  if (power.server_overhead) {
    TF_RETURN_IF_ERROR(CheckPositive(*power.server_overhead, line, "server_overhead"));
  }
  if (power.pue) TF_RETURN_IF_ERROR(CheckPositive(*power.pue, line, "pue"));
  if (power.tdp_w && !(*power.tdp_w > 0)) {
    return Status::InvalidArgument(where + "`tdp_w` must be greater than 0");
  }
  return Status::Ok();
}

}  // namespace

Result<EvidenceLineResult> EstimatePower(const EvidenceLine& line, const PowerEvidence& power,
                                         const EvidenceRequest& request, const HardwareDb& db) {
  TF_RETURN_IF_ERROR(CheckShape(power, line.name));
  TF_ASSIGN_OR_RETURN(LineChip chip, ChooseChip(power.hardware, request, db, line.name));
  Derivation d;
  if (chip.typical) {
    d.assumptions.push_back(
        {"hardware", chip.chip->name + " (typical of " + std::to_string(*request.year) + ")",
         chip.source});
  }
  Distribution tdp = Distribution::Point(power.tdp_w.value_or(0));
  if (!power.tdp_w) {
    Result<Range> chip_power = ChipPower(*chip.chip);
    if (!chip_power.ok()) {
      return Status::InvalidArgument("evidence line '" + line.name +
                                     "': " + chip_power.status().message() + "; give `tdp_w`");
    }
    TF_ASSIGN_OR_RETURN(tdp, DefaultOr(std::nullopt, chip_power.value(), "chip power (W)", d));
  }
  TF_ASSIGN_OR_RETURN(Range overhead_range, ServerOverhead(*chip.chip));
  TF_ASSIGN_OR_RETURN(Distribution overhead,
                      DefaultOr(power.server_overhead, overhead_range, "server_overhead", d));
  std::vector<Factor> per_chip = {{"chip power", tdp, 1}, {"server overhead", overhead, 1}};
  std::string pue_text;
  if (power.facility) {
    if (!power.pue && !request.year) {
      return Status::InvalidArgument("evidence line '" + line.name +
                                     "': facility power needs `pue` or the request's `year`");
    }
    Result<Range> pue_range = power.pue ? Range{} : Pue(*request.year);
    if (!pue_range.ok()) {
      return Status::InvalidArgument("evidence line '" + line.name +
                                     "': " + pue_range.status().message());
    }
    TF_ASSIGN_OR_RETURN(Distribution pue, DefaultOr(power.pue, pue_range.value(), "pue", d));
    per_chip.push_back({"pue", pue, 1});
    pue_text = " x " + FormatScientific(pue.Median()) + " (PUE)";
  }
  double watts = 1;
  for (const auto& f : per_chip) watts *= f.distribution.Median();
  const std::string per_chip_text = FormatScientific(tdp.Median()) + " W (chip) x " +
                                    FormatScientific(overhead.Median()) + " (server)" + pue_text +
                                    " = " + FormatScientific(watts) + " W per chip";
  d.formula.push_back("power per chip = " + per_chip_text);
  const Uncertain& amount = power.energy_wh ? *power.energy_wh : *power.power_w;
  std::vector<Factor> factors = {{"amount", amount.distribution, 1}};
  for (const auto& f : per_chip) factors.push_back({f.name, f.distribution, -1});
  std::string note;
  TF_ASSIGN_OR_RETURN(Distribution quotient, ProductOf(factors, &note));
  Phase phase;
  phase.chip = chip.chip->name;
  phase.tdp_w = tdp.Median();
  if (power.energy_wh) {
    const double h = quotient.Median();
    d.inputs.push_back({"energy", amount.distribution.Median(), "Wh", "`energy_wh`"});
    d.formula.push_back("chip-hours = " + FormatScientific(amount.distribution.Median()) +
                        " Wh / " + FormatScientific(watts) + " W = " + FormatScientific(h));
    phase.chip_time = Duration{h * kSecondsPerHour, h, "hours"};
    TF_ASSIGN_OR_RETURN(Distribution seconds, quotient.Scaled(kSecondsPerHour));
    AddRange(phase, "`chip_hours`", seconds, "energy / power per chip", note);
  } else {
    d.inputs.push_back({"power", amount.distribution.Median(), "W", "`power_w`"});
    d.formula.push_back("chips = " + FormatScientific(amount.distribution.Median()) + " W / " +
                        FormatScientific(watts) + " W = " + FormatScientific(quotient.Median()));
    phase.count = quotient.Median();
    const double s = power.duration_s->distribution.Median();
    phase.time = Duration{s, s, "s"};
    AddRange(phase, "`count`", quotient, "power / power per chip", note);
    AddRange(phase, "`time`", power.duration_s->distribution, power.duration_s->text, "");
  }
  return RunMethod2Line(line, std::move(phase), power.hardware, request, d, db);
}

}  // namespace trainflops::evidence
