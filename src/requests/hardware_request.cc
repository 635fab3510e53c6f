// Run(HardwareRequest): phases merged with all_phases, the run's options, the
// hardware table, then Method 2.
#include "trainflops/hardware_request.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/estimate_json.h"
#include "fields.h"
#include "phase.h"
#include "report/hardware_json.h"
#include "report/hardware_report.h"
#include "report/llm_report.h"
#include "threshold_checks.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

Result<std::optional<int>> Year(const std::optional<std::string>& text) {
  if (!text) return std::optional<int>();
  Result<double> y = ParseNumber(*text);
  if (!y.ok() || *y != std::floor(*y) || *y < 1950 || *y > 2100) {
    return Status::InvalidArgument(FieldRef("year") + ": '" + *text +
                                   "' is not a year (accepted: 1950 to 2100)");
  }
  return std::optional<int>(static_cast<int>(*y));
}

std::string PhaseName(size_t i, const PhaseRequest& phase) {
  return "phase " + std::to_string(i) + " (" + FieldRef("chip") + " '" + phase.chip.value_or("") +
         "')";
}

// Phase i: its own fields, and all_phases' where it has none (those are
// `shared`: their ranges are one quantity for every phase).
Result<Phase> MergedPhase(const HardwareRequest& r, size_t i) {
  PhaseRequest merged = r.phases[i];
  std::set<std::string> shared;
  for (const PhaseField& f : PhaseFields()) {
    if (merged.*f.member || !(r.all_phases.*f.member)) continue;
    merged.*f.member = r.all_phases.*f.member;
    shared.insert(f.name);
  }
  return requests::PhaseFrom(merged, shared);
}

}  // namespace

Result<ComputeUnit> UnitFrom(const std::optional<std::string>& unit) {
  if (!unit) return ComputeUnit::kFlop;
  return ParseComputeUnit(*unit);
}

Result<HardwareDb> HardwareDbFrom(const std::optional<InputFile>& file) {
  if (!file) return DefaultHardwareDb();
  std::string storage;
  TF_ASSIGN_OR_RETURN(const std::string_view text, file->TextView(storage));
  return ParseHardwareCsv(text, file->name());
}

Result<Method2Options> Method2OptionsFrom(const HardwareRequest& r) {
  Method2Options o;
  if (r.phases.empty()) {
    TF_ASSIGN_OR_RETURN(Phase phase, requests::PhaseFrom(r.all_phases, {}));
    o.phases.push_back(std::move(phase));
  }
  const bool many = r.phases.size() > 1;  // errors say which phase
  for (size_t i = 0; i < r.phases.size(); ++i) {
    Result<Phase> phase = MergedPhase(r, i);
    if (!phase.ok()) return phase.status().WithContext(many ? PhaseName(i + 1, r.phases[i]) : "");
    o.phases.push_back(std::move(phase).value());
  }
  TF_ASSIGN_OR_RETURN(o.year, Year(r.year));
  TF_ASSIGN_OR_RETURN(o.llm, requests::YesNoField("llm", r.llm));
  TF_ASSIGN_OR_RETURN(o.industry, requests::YesNoField("industry", r.industry));
  o.energy = r.energy;
  TF_ASSIGN_OR_RETURN(o.pue, requests::PositiveField("pue", r.pue));
  TF_ASSIGN_OR_RETURN(o.uncertainty, requests::UncertaintyOptionsFrom(r.uncertainty));
  return o;
}

std::string HardwareResult::Json() const {
  if (!checks_) return RenderMethod2Json(result_);
  nlohmann::json j = hardware::Method2Json(result_);
  j["thresholds"] = ThresholdChecksJson(*checks_);
  return DumpJson(j);
}

std::string HardwareResult::Text() const {
  std::string out = RenderMethod2Text(result_, unit_);
  if (checks_) out += requests::ChecksText("Thresholds", *checks_, result_.uncertainty);
  return out;
}

std::optional<Citation> HardwareResult::Cite() const {
  return CiteEstimate(result_.estimate,
                      {.subject = "", .interval = IntervalOf(result_.uncertainty)});
}

Result<HardwareResult> Run(const HardwareRequest& request) {
  TF_ASSIGN_OR_RETURN(const Method2Options options, Method2OptionsFrom(request));
  TF_ASSIGN_OR_RETURN(const HardwareDb db, HardwareDbFrom(request.hardware_db));
  TF_ASSIGN_OR_RETURN(const ComputeUnit unit, UnitFrom(request.unit));
  TF_ASSIGN_OR_RETURN(Method2Result result, EstimateMethod2(options, db));
  if (!request.thresholds) return HardwareResult(std::move(result), unit);
  // Every phase trains the model, so the whole figure counts.
  TF_ASSIGN_OR_RETURN(std::vector<ThresholdCheck> checks,
                      requests::CheckEstimate(result.estimate.training_flop, result.uncertainty));
  return HardwareResult(std::move(result), unit, std::move(checks));
}

}  // namespace trainflops
