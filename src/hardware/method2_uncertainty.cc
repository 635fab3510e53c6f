// Method 2 with uncertain inputs: each phase is a term of the sum
//   training FLOP = sum over phases of chips x time x peak x utilization,
// and every input written as a range, or every assumption under
// --uncertainty, multiplies its phase's point estimate by its ratio to the
// value the point estimate used (uncertain_estimate.h).
#include <string>
#include <utility>

#include "method2_internal.h"

namespace trainflops::hardware {
namespace {

std::string PhaseLabel(size_t index, size_t count) {
  return count > 1 ? " (phase " + std::to_string(index + 1) + ")" : "";
}

// How the user's text was read, in the quantity's own unit.
std::string Reading(const InputRange& r) {
  // The last four: the evidence subsystem's cluster lines (src/evidence/cluster.cc).
  static const std::pair<const char*, const char*> kUnits[] = {
      {"`time`", " s"},
      {"`chip_hours`", " chip-s"},
      {"`chip_days`", " chip-s"},
      {"`peak_flops`", " FLOP/s"},
      {"`count`", " chips"},
      {"`utilization`", " (fraction of the peak)"},
      {"`duration`", " s"},
      {"`chips`", " chips"},
      {"`aggregate_flops`", " FLOP/s (the whole cluster)"},
      {"`flops_per_chip`", " FLOP/s"}};
  std::string unit;
  for (const auto& [option, u] : kUnits) {
    if (r.option == option) unit = u;
  }
  return "'" + r.value.text + "' = " + r.value.distribution.Describe() + unit;
}

// The assumed utilization's default range: the one whose usual value the
// point estimate used (0.30 for language models and the tensor-core caveat,
// 0.40 otherwise; Sevilla et al. 2022).
const DefaultRange* UtilizationRange(double value) {
  for (const DefaultRange& d : DefaultRanges()) {
    if (d.name.rfind("utilization", 0) == 0 && d.point == value) return &d;
  }
  return nullptr;
}

// A range the user wrote: a ratio to its median, shared by every phase when
// written before the first --chip.
Status AddInput(const InputRange& r, const std::string& where, QuantityList& list,
                UncertainTerm& term) {
  const std::string name = r.option + (r.all_phases ? " (every phase)" : where);
  TF_ASSIGN_OR_RETURN(Distribution ratio,
                      RatioTo(r.value.distribution, r.value.distribution.Median()));
  const std::string source = r.value.note.empty() ? "given" : "given; " + r.value.note;
  const std::string key = r.all_phases ? r.option + "|" + r.value.text : "";
  term.quantities.push_back(list.Add(key, {name, Reading(r), source, std::move(ratio)}));
  return Status::Ok();
}

// An assumption's default range, as a ratio to the value the point used; one
// quantity for every phase.
Status AddDefault(const DefaultRange& d, double used, const std::string& name, QuantityList& list,
                  UncertainTerm& term) {
  TF_ASSIGN_OR_RETURN(Distribution ratio, RatioTo(d.range, used));
  const std::string shown = d.range.Describe() + " [" + d.name + "]";
  term.quantities.push_back(list.Add(d.name, {name, shown, d.source, std::move(ratio)}));
  return Status::Ok();
}

Status AddDefaults(const Phase& phase, const PhaseResult& p, QuantityList& list,
                   UncertainTerm& term, std::vector<std::string>& notes) {
  if (!phase.utilization) {
    const DefaultRange* d = UtilizationRange(p.utilization.value);
    if (d) {
      TF_RETURN_IF_ERROR(AddDefault(*d, p.utilization.value, "utilization (assumed)", list, term));
    } else {
      notes.push_back("no default range for the assumed utilization " +
                      FormatScientific(p.utilization.value) + ": kept as a point");
    }
  }
  if (p.imputed) {
    TF_ASSIGN_OR_RETURN(const DefaultRange* d, FindDefaultRange("hardware_peak_imputed"));
    TF_RETURN_IF_ERROR(AddDefault(*d, d->point, "imputed peak (unknown hardware)", list, term));
  }
  if (!phase.precision && !phase.peak_flops) {
    TF_ASSIGN_OR_RETURN(const DefaultRange* d, FindDefaultRange("precision_guessed"));
    TF_RETURN_IF_ERROR(AddDefault(
        *d, d->point, "precision (chosen by the rule of Sevilla et al. 2022)", list, term));
  }
  return Status::Ok();
}

}  // namespace

Status AddMethod2Uncertainty(const Method2Options& options, Method2Result& result) {
  bool any_range = false;
  for (const Phase& phase : options.phases) any_range = any_range || !phase.ranges.empty();
  const UncertaintyOptions& u = options.uncertainty;
  if (!any_range && !u.default_ranges) return Status::Ok();
  QuantityList list;
  std::vector<std::string> notes;
  std::vector<UncertainTerm> terms;
  const size_t n = options.phases.size();
  for (size_t i = 0; i < n; ++i) {
    const Phase& phase = options.phases[i];
    const PhaseResult& p = result.phases[i];
    UncertainTerm term{n > 1 ? "phase " + std::to_string(i + 1) : "", p.training_flop, {}};
    for (const InputRange& r : phase.ranges) {
      TF_RETURN_IF_ERROR(AddInput(r, PhaseLabel(i, n), list, term));
    }
    if (u.default_ranges) TF_RETURN_IF_ERROR(AddDefaults(phase, p, list, term, notes));
    terms.push_back(std::move(term));
  }
  if (n > 1) {
    notes.push_back(
        "phases are summed sample by sample; a range written before the first `chip`, and each "
        "assumption, is one quantity shared by every phase, a range written in a phase is that "
        "phase's own");
  }
  TF_ASSIGN_OR_RETURN(UncertaintyReport report, PropagateTerms(terms, list, u));
  for (std::string& note : notes) report.notes.push_back(std::move(note));
  result.uncertainty = std::move(report);
  return Status::Ok();
}

}  // namespace trainflops::hardware
