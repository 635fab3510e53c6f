// Method 2's explanation: inputs, assumptions with sources, the formula with
// numbers substituted, and notes.
#include <cstdio>

#include "method2_internal.h"
#include "trainflops/units.h"

namespace trainflops::hardware {

std::string Usd(double v) {
  if (v > 0 && v < 0.005) return "$" + FormatScientific(v);
  char buf[48];
  std::snprintf(buf, sizeof buf, "$%.2f", v);
  return buf;
}

namespace {

std::string ChipsText(double count) {
  return FormatCount(count) + (count == 1 ? " chip" : " chips");
}

std::string PhaseFormula(const PhaseResult& p) {
  std::string time =
      !p.from_chip_time
          ? ChipsText(p.count) + " x " + p.time_text + " (" + FormatScientific(p.seconds) + " s)"
          : p.time_text + " (" + FormatScientific(p.chip_seconds) + " chip-seconds)";
  return time + " x " + FormatScientific(p.peak) + " FLOP/s x " +
         FormatScientific(p.utilization.value) + " = " + FormatCompute(p.training_flop);
}

void AddInputs(const Phase& in, const PhaseResult& p, const std::string& prefix, Estimate& e) {
  if (p.count > 0) e.inputs.push_back({prefix + "chips", p.count, "chips", "`count`"});
  if (in.time) {
    e.inputs.push_back({prefix + "time", p.seconds, "s", "`time` '" + in.time->ToString() + "'"});
  } else {
    e.inputs.push_back(
        {prefix + "chip_time", p.chip_seconds, "chip-seconds",
         "`chip_`" + in.chip_time->unit + " " + FormatScientific(in.chip_time->amount)});
  }
  e.inputs.push_back({prefix + "peak_flop_per_s", p.peak, "FLOP/s", p.peak_source});
  e.inputs.push_back({prefix + "utilization", p.utilization.value, "",
                      in.utilization ? "`utilization`" : "default"});
  if (p.price_per_chip_hour) {
    e.inputs.push_back(
        {prefix + "price_per_chip_hour", *p.price_per_chip_hour, "USD", "`price_per_chip_hour`"});
  }
}

void AddAssumptions(const PhaseResult& p, const std::string& prefix, Estimate& e) {
  e.assumptions.push_back({prefix + "chip", p.chip, p.lookup});
  e.assumptions.push_back({prefix + "precision", p.rate, p.precision_rule});
  e.assumptions.push_back({prefix + "peak FLOP/s",
                           FormatScientific(p.peak) + " FLOP/s per chip, dense", p.peak_source});
  e.assumptions.push_back({prefix + "utilization", p.utilization.label, p.utilization.source});
  if (p.row && p.row->type == "TPU") {
    e.notes.push_back(prefix +
                      "the row counts one TPU chip; papers often count TensorCores (a "
                      "'v3-8' is 4 chips, 8 cores): check which the paper counts "
                      "(data/HARDWARE.md, convention 2)");
  }
  if (p.row && !p.row->per.empty() && p.row->per != "chip") {
    e.notes.push_back(prefix + "the '" + p.row->name + "' row counts one " + p.row->per +
                      ": check whether the paper counts those or whole boards/modules");
  }
}

void AddEnergyAndCost(const Method2Options& options, const Method2Result& r, Estimate& e) {
  if (r.energy && r.energy_kwh) {
    for (const PhaseResult& p : r.phases) {
      e.formula.push_back("energy: " + FormatScientific(*p.tdp_w) + " W x " +
                          FormatScientific(p.chip_seconds / kSecondsPerHour) +
                          " chip-hours x PUE " + FormatScientific(r.pue) + " = " +
                          FormatScientific(*p.energy_kwh) + " kWh");
    }
    e.assumptions.push_back({"power", "each chip draws its TDP for the whole run",
                             "an upper bound: TDP is the rated maximum; measured power is usually "
                             "lower (data/HARDWARE.md, convention 5)"});
    e.assumptions.push_back(
        {"PUE", FormatScientific(r.pue),
         options.pue ? "given (`pue`)"
                     : "default 1.0 = the chips only: no cooling, networking or host servers "
                       "(give `pue`, e.g. 1.1-1.6 for a data centre)"});
  }
  if (r.cost_usd) {
    for (const PhaseResult& p : r.phases) {
      e.formula.push_back("cost: " + FormatScientific(p.chip_seconds / kSecondsPerHour) +
                          " chip-hours x " + Usd(*p.price_per_chip_hour) + " = " +
                          Usd(*p.cost_usd));
    }
  }
}

}  // namespace

void ExplainMethod2(const Method2Options& options, Method2Result& result) {
  Estimate& e = result.estimate;
  const bool many = result.phases.size() > 1;
  bool calendar = false;
  std::string sum;
  for (size_t i = 0; i < result.phases.size(); ++i) {
    const Phase& in = options.phases[i];
    const PhaseResult& p = result.phases[i];
    const std::string prefix = many ? "phase " + std::to_string(i + 1) + " " : "";
    e.formula.push_back((many ? "phase " + std::to_string(i + 1) + ": " : "") + PhaseFormula(p));
    sum += (i ? " + " : "") + FormatScientific(p.training_flop);
    AddInputs(in, p, prefix, e);
    AddAssumptions(p, prefix, e);
    calendar = calendar || (in.time && in.time->UsesCalendarConvention()) ||
               (in.chip_time && in.chip_time->UsesCalendarConvention());
  }
  if (many) e.formula.push_back("total: " + sum + " = " + FormatCompute(e.training_flop));
  e.formula.push_back("= " + FormatCompute(e.training_flop, ComputeUnit::kPetaflopSDay) +
                      " (1 pfs-day = 8.64e19 FLOP)");
  if (options.year) e.inputs.push_back({"year", static_cast<double>(*options.year), "", "`year`"});
  if (result.energy) e.inputs.push_back({"pue", result.pue, "", options.pue ? "`pue`" : "default"});
  if (calendar) {
    e.assumptions.push_back({"month and year", CalendarConvention(), "trainflops convention"});
  }
  AddEnergyAndCost(options, result, e);
  if (many) {
    e.notes.push_back(
        "with several phases, the reported peak and utilization are chip-time "
        "weighted: peak = sum(chip-seconds x peak) / chip-seconds, utilization = "
        "FLOP / sum(chip-seconds x peak)");
  }
  e.notes.push_back(
      "Method 2 is less precise than counting operations: utilization is hard to "
      "know (Sevilla et al. 2022, conclusion); check it against a count of the operations "
      "(Method 1) where the architecture is known");
  if (auto note = ScaleCheckNote(e.training_flop)) e.notes.push_back(*note);
}

}  // namespace trainflops::hardware
