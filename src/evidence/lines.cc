// The dispatch over kinds of evidence, and what every line's result shares.
#include "lines.h"

#include <cmath>
#include <type_traits>
#include <utility>

#include "core/finite.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

// Indexed by EvidenceKind (the order of EvidenceLine::evidence's alternatives).
constexpr std::string_view kEvidenceKindNames[] = {"cost",      "power", "cluster",
                                                   "reference", "stage", "figure"};

std::string DispatchedLineLabel(const EvidenceLine& line) {
  const std::string kind(EvidenceKindName(line.kind()));
  return line.name.empty() ? "the " + kind + " line with no name"
                           : "line '" + line.name + "' (" + kind + ")";
}

// `status`'s code with another message.
Status SameCode(const Status& status, std::string message) {
  switch (status.code()) {
    case StatusCode::kNotFound:
      return Status::NotFound(std::move(message));
    case StatusCode::kInternal:
      return Status::Internal(std::move(message));
    case StatusCode::kIndeterminate:
      return Status::Indeterminate(std::move(message));
    default:
      return Status::InvalidArgument(std::move(message));
  }
}

}  // namespace

std::string_view EvidenceKindName(EvidenceKind kind) {
  return kEvidenceKindNames[static_cast<int>(kind)];
}

Result<EvidenceLineResult> EstimateEvidenceLine(const EvidenceLine& line,
                                                const EvidenceRequest& request,
                                                const HardwareDb& db) {
  Result<EvidenceLineResult> result = std::visit(
      [&](const auto& e) -> Result<EvidenceLineResult> {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, CostEvidence>) {
          return evidence::EstimateCost(line, e, request, db);
        } else if constexpr (std::is_same_v<T, PowerEvidence>) {
          return evidence::EstimatePower(line, e, request, db);
        } else if constexpr (std::is_same_v<T, ClusterEvidence>) {
          return evidence::EstimateCluster(line, e, request, db);
        } else if constexpr (std::is_same_v<T, ReferenceEvidence>) {
          return evidence::EstimateReference(line, e, request);
        } else if constexpr (std::is_same_v<T, StageShareEvidence>) {
          return evidence::EstimateStageShare(line, e, request);
        } else {
          static_assert(std::is_same_v<T, FigureEvidence>, "a kind of evidence is not dispatched");
          return evidence::EstimateFigure(line, e, request);
        }
      },
      line.evidence);
  if (!result.ok()) {
    // The money and power lines name their line themselves ("evidence line
    // 'spend': ..."); the label is added once.
    const std::string own = "evidence line '" + line.name + "': ";
    const std::string& message = result.status().message();
    if (message.starts_with(own)) {
      return SameCode(result.status(), message.substr(own.size()))
          .WithContext(DispatchedLineLabel(line));
    }
    return result.status().WithContext(DispatchedLineLabel(line));
  }
  return result;
}

namespace evidence {

EvidenceLineResult StartLineResult(const EvidenceLine& line) {
  EvidenceLineResult r;
  r.name = line.name;
  r.kind = line.kind();
  r.source = line.source;
  return r;
}

Method2Options Method2OptionsFor(const EvidenceRequest& request, Phase phase) {
  Method2Options o;
  o.phases = {std::move(phase)};
  o.year = request.year;
  o.llm = request.llm;
  o.uncertainty = request.uncertainty;
  o.uncertainty.default_ranges = true;
  return o;
}

Result<EvidenceLineResult> LineFromMethod2(const EvidenceLine& line, Method2Result method2) {
  if (!method2.uncertainty) {
    return Status::Internal(
        "Method 2 gave no interval: an evidence line's options must ask for "
        "the default ranges (Method2OptionsFor)");
  }
  EvidenceLineResult r = StartLineResult(line);
  // For the implied quantities where this line meets another (combine.cc).
  r.capacity_flop = method2.capacity_flop;
  r.chip_hours = method2.chip_seconds / kSecondsPerHour;
  r.estimate = std::move(method2.estimate);
  r.uncertainty = std::move(*method2.uncertainty);
  return r;
}

Status AddUncertainInput(const std::string& name, const Uncertain& value, std::string_view unit,
                         const std::string& source, QuantityList& list, UncertainTerm& term) {
  const Distribution& d = value.distribution;
  if (d.is_point()) return Status::Ok();
  TF_ASSIGN_OR_RETURN(Distribution ratio, RatioTo(d, d.Median()));
  const std::string reading =
      "'" + value.text + "' = " + d.Describe() + (unit.empty() ? "" : " " + std::string(unit));
  const std::string full = value.note.empty() ? source : source + "; " + value.note;
  term.quantities.push_back(list.Add("", {name, reading, full, std::move(ratio)}));
  return Status::Ok();
}

Result<EvidenceLineResult> FinishLine(const EvidenceLine& line, Estimate estimate,
                                      const UncertainTerm& term, const QuantityList& list,
                                      const EvidenceRequest& request) {
  TF_RETURN_IF_ERROR(RequireFinitePositive(estimate));
  if (auto note = ScaleCheckNote(estimate.training_flop)) estimate.notes.push_back(*note);
  EvidenceLineResult r = StartLineResult(line);
  TF_ASSIGN_OR_RETURN(r.uncertainty, PropagateTerms({term}, list, request.uncertainty));
  r.estimate = std::move(estimate);
  return r;
}

Status RequirePositiveEvidence(const Uncertain& value, std::string_view field) {
  const Distribution& d = value.distribution;
  const double median = d.Median();
  const std::string given = value.text.empty() ? FormatScientific(median) : "'" + value.text + "'";
  if (!(median > 0) || !std::isfinite(median)) {
    return Status::InvalidArgument("`" + std::string(field) +
                                   "` must be a number greater than zero (given: " + given + ")");
  }
  if (d.SupportLow() < 0) {
    return Status::InvalidArgument(
        "`" + std::string(field) + "` " + given + " = " + d.Describe() +
        " reaches below zero: a positive quantity needs a distribution above zero (a range, "
        "lognormal(median,gsd), or a normal truncated below 0)");
  }
  return Status::Ok();
}

}  // namespace evidence
}  // namespace trainflops
