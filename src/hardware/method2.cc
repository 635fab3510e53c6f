// Method 2: sums the phases, adds energy and cost, and explains the result.
#include <algorithm>
#include <cmath>

#include "core/finite.h"
#include "method2_internal.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

std::string PhaseName(const Phase& phase, size_t index, size_t count) {
  if (count <= 1) return "";
  return "phase " + std::to_string(index + 1) +
         (phase.chip.empty() ? "" : " (`chip` '" + phase.chip + "')");
}

hardware::RunContext ContextOf(const Method2Options& options) {
  hardware::RunContext c;
  c.year = options.year;
  if (options.industry) {
    c.industry = *options.industry;
    c.industry_origin = std::string("`industry` ") + (*options.industry ? "yes" : "no");
  } else if (options.llm.value_or(false)) {
    c.industry = true;
    c.industry_origin = "`llm` yes, taken as a large industry model";
  }
  return c;
}

// TDP x chip-hours x PUE, for every phase; each needs a TDP.
Status AddEnergy(const Method2Options& options, Method2Result& result) {
  result.energy = true;
  result.pue = options.pue.value_or(1.0);
  double kwh = 0;
  for (size_t i = 0; i < result.phases.size(); ++i) {
    PhaseResult& p = result.phases[i];
    if (!p.tdp_w) {
      const std::string where = PhaseName(options.phases[i], i, options.phases.size());
      return Status::InvalidArgument((where.empty() ? "" : where + ": ") +
                                     "energy needs the chip's power, but the table has no "
                                     "TDP for '" +
                                     p.chip +
                                     "' (see its notes: some vendors publish measured power only); "
                                     "give `tdp` W");
    }
    p.energy_kwh = *p.tdp_w * p.chip_seconds / kSecondsPerHour * result.pue / 1000.0;
    kwh += *p.energy_kwh;
  }
  result.energy_kwh = kwh;
  return Status::Ok();
}

}  // namespace

Result<Method2Result> EstimateMethod2(const Method2Options& options, const HardwareDb& db) {
  if (options.phases.empty()) {
    return Status::InvalidArgument("no hardware given: give `chip` NAME `count` N `time` DURATION");
  }
  if (options.pue && !(*options.pue >= 1.0 && std::isfinite(*options.pue))) {
    return Status::InvalidArgument("`pue` must be at least 1 (1.0 = the chips' power only)");
  }
  const hardware::RunContext context = ContextOf(options);
  Method2Result result;
  double flop = 0;
  for (size_t i = 0; i < options.phases.size(); ++i) {
    Result<PhaseResult> phase =
        hardware::ResolvePhase(options.phases[i], context, options.llm.value_or(false), db);
    if (!phase.ok()) {
      return phase.status().WithContext(PhaseName(options.phases[i], i, options.phases.size()));
    }
    flop += phase->training_flop;
    result.chip_seconds += phase->chip_seconds;
    result.capacity_flop += phase->chip_seconds * phase->peak;
    if (phase->cost_usd) result.cost_usd = result.cost_usd.value_or(0) + *phase->cost_usd;
    result.phases.push_back(std::move(phase).value());
  }
  if (!std::isfinite(flop) || !std::isfinite(result.capacity_flop)) {
    return Status::InvalidArgument("the estimate overflows (chips x time x peak is too large)");
  }
  for (size_t i = 0; i < result.phases.size(); ++i) {
    if (result.cost_usd && !result.phases[i].cost_usd) {  // a partial cost would mislead
      return Status::InvalidArgument(
          PhaseName(options.phases[i], i, options.phases.size()) +
          ": `price_per_chip_hour` is given for another phase but not this one (give it before "
          "the first `chip` to apply it to every phase)");
    }
  }
  result.estimate.method = "method2_hardware";
  result.estimate.training_flop = flop;
  // Chip-time weighted; the phases' own values when they agree (no rounding).
  result.peak_flop_per_s = result.capacity_flop / result.chip_seconds;
  result.utilization = flop / result.capacity_flop;
  const PhaseResult& first = result.phases.front();
  const auto all = [&](auto field) {
    return std::all_of(result.phases.begin(), result.phases.end(),
                       [&](const PhaseResult& p) { return field(p) == field(first); });
  };
  if (all([](const PhaseResult& p) { return p.peak; })) result.peak_flop_per_s = first.peak;
  if (all([](const PhaseResult& p) { return p.utilization.value; })) {
    result.utilization = first.utilization.value;
  }
  if (options.energy || options.pue) TF_RETURN_IF_ERROR(AddEnergy(options, result));
  hardware::ExplainMethod2(options, result);
  std::vector<Figure> figures = {{"training compute", flop, "FLOP"}};
  if (result.cost_usd) figures.push_back({"cost", *result.cost_usd, "USD"});
  if (result.energy_kwh) figures.push_back({"energy", *result.energy_kwh, "kWh"});
  TF_RETURN_IF_ERROR(RequireFinitePositive(figures, result.estimate.inputs));
  TF_RETURN_IF_ERROR(hardware::AddMethod2Uncertainty(options, result));
  if (result.uncertainty) {
    const UncertaintySummary& u = result.uncertainty->summary;
    TF_RETURN_IF_ERROR(RequireFinitePositive(
        {{"5th percentile", u.low, "FLOP"}, {"95th percentile", u.high, "FLOP"}},
        result.estimate.inputs));
  }
  return result;
}

}  // namespace trainflops
