// Text reports of Method 2 and of the cross-check.

#include "hardware/method2_internal.h"
#include "hardware_report.h"
#include "trainflops/uncertain_estimate.h"

namespace trainflops {
namespace {

std::string Headline(double flop, ComputeUnit unit) {
  std::string out = FormatCompute(flop, unit);
  if (unit != ComputeUnit::kPetaflopSDay) {
    out += " (" + FormatCompute(flop, ComputeUnit::kPetaflopSDay) + ")";
  }
  return out;
}

std::string List(const std::string& title, const std::vector<std::string>& lines) {
  if (lines.empty()) return "";
  std::string out = "\n" + title + ":\n";
  for (const std::string& l : lines) out += "  " + l + "\n";
  return out;
}

std::string AssumptionLines(const Estimate& e, const std::string& title,
                            const std::string& notes_title) {
  std::vector<std::string> lines;
  for (const Assumption& a : e.assumptions)
    lines.push_back("- " + a.name + ": " + a.value + " (" + a.source + ")");
  std::vector<std::string> notes;
  for (const std::string& n : e.notes) notes.push_back("- " + n);
  return List(title, lines) + List(notes_title, notes);
}

std::string PhaseBlock(const PhaseResult& p, size_t index, size_t count) {
  std::string out = "\n" +
                    (count > 1 ? "Phase " + std::to_string(index + 1) + ": " : "Hardware: ") +
                    p.chip + "\n";
  out += "  row:         " + p.lookup + "\n";
  out += "  precision:   " + p.rate + "\n";
  out += "  rule:        " + p.precision_rule + "\n";
  out += "  peak:        " + FormatScientific(p.peak) + " FLOP/s per chip\n";
  out += "  utilization: " + p.utilization.label + "\n";
  out += "  chip-time:   " +
         (p.from_chip_time ? p.time_text : FormatCount(p.count) + " x " + p.time_text) + " = " +
         FormatScientific(p.chip_seconds) + " chip-seconds (" +
         FormatScientific(p.chip_seconds / 3600) + " chip-hours)\n";
  out += "  compute:     " + FormatCompute(p.training_flop) + "\n";
  return out;
}

std::string EnergyAndCost(const Method2Result& r) {
  std::string out;
  if (r.energy && r.energy_kwh) {
    out += "Energy: " + FormatScientific(*r.energy_kwh) + " kWh (" +
           FormatScientific(*r.energy_kwh / 1000) + " MWh) = TDP x chip-hours x PUE " +
           FormatScientific(r.pue) + (r.pue == 1.0 ? " (the chips only)" : "") + "\n";
  }
  if (r.cost_usd) {
    out += "Cost: " + hardware::Usd(*r.cost_usd) + " (chip-hours x price per chip-hour)\n";
  }
  return out;
}

}  // namespace

std::string RenderMethod2Text(const Method2Result& r, ComputeUnit unit) {
  std::string out =
      "Method 2 (hardware): chips x training time x peak FLOP/s x utilization "
      "(Sevilla et al. 2022, Method 2; Amodei & Hernandez 2018, appendix)\n";
  for (size_t i = 0; i < r.phases.size(); ++i) out += PhaseBlock(r.phases[i], i, r.phases.size());
  out += List("Training compute", r.estimate.formula);
  out += "\nResult: " + Headline(r.estimate.training_flop, unit) +
         (r.uncertainty ? " (point estimate)" : "") + "\n";
  if (r.uncertainty) out += RenderUncertaintyText(*r.uncertainty, unit);
  out += EnergyAndCost(r);
  out += AssumptionLines(r.estimate, "Assumptions", "Notes");
  return out;
}

std::string RenderComparisonText(const Comparison& c, ComputeUnit unit) {
  std::string out = "Cross-check: Method 1 (counting operations) against Method 2 (hardware)\n";
  out += "\nMethod 1 (" + c.method1_source + "): " + Headline(c.method1.training_flop, unit) + "\n";
  for (const std::string& l : c.method1.formula) out += "  " + l + "\n";
  out += "\nMethod 2 (hardware): " + Headline(c.method2.estimate.training_flop, unit) + "\n";
  for (const std::string& l : c.method2.estimate.formula) out += "  " + l + "\n";
  if (c.method2.uncertainty) {
    const UncertaintySummary& s = c.method2.uncertainty->summary;
    const bool inside = c.method1.training_flop >= s.low && c.method1.training_flop <= s.high;
    out += "  90% interval of Method 2: " + FormatCompute(s.low, unit) + " .. " +
           FormatCompute(s.high, unit) + " (median " + FormatCompute(s.median, unit) +
           "); Method 1 lies " + (inside ? "inside" : "outside") + " it\n";
  }
  out += "\nRatio Method 1 / Method 2: " + FormatScientific(c.ratio) + "\n";
  out += "Reconciling utilization: " + FormatCompute(c.method1.training_flop) + " / (" +
         FormatScientific(c.method2.chip_seconds) + " chip-seconds x " +
         FormatScientific(c.method2.peak_flop_per_s) +
         " FLOP/s) = " + FormatScientific(c.reconciling_utilization) +
         " (assumed: " + FormatScientific(c.method2.utilization) + ")\n";
  out += "Verdict: " + c.verdict + "\n";
  if (c.warning) out += "warning: " + *c.warning + "\n";
  out += AssumptionLines(c.method2.estimate, "Method 2 assumptions", "Method 2 notes");
  out += AssumptionLines(c.method1, "Method 1 assumptions", "Method 1 notes");
  return out;
}

}  // namespace trainflops
