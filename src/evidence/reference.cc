// Lines that take another model's (or stage's) compute: a ratio to it ("40%
// the training FLOPs of GPT-4") and a stage as a share range of another ("RL
// between 10% and 100% of pre-training").
#include <cmath>
#include <string>
#include <utility>

#include "core/text.h"
#include "lines.h"
#include "trainflops/units.h"

namespace trainflops::evidence {
namespace {

// The other model's compute, with where it comes from.
struct ReferenceFigure {
  std::string label;  // "'GPT-4 (Mar 2023)'", or "the reference"
  Uncertain value;    // FLOP
  std::string source;
};

std::string ReferenceText(const Uncertain& value) {
  return value.text.empty() ? FormatScientific(value.distribution.Median()) : value.text;
}

Result<ReferenceFigure> RecordedReference(const std::string& name) {
  TF_ASSIGN_OR_RETURN(const RecordedModel m, FindRecordedModel(name));
  const std::string label = m.confidence_text.empty() ? "no confidence label" : m.confidence_text;
  const std::string recorded = FormatScientific(m.flop) + " FLOP (" + label + ")";
  TF_ASSIGN_OR_RETURN(Uncertain value, WidenedFigure(m.flop, m.confidence, recorded));
  std::string source = "Epoch AI, Notable AI Models (snapshot of 2 May 2026, CC BY 4.0), " +
                       std::string(RecordFile()) + " line " + std::to_string(m.line) + ", '" +
                       m.name + "': " + recorded;
  if (ConfidenceLabelName(m.confidence) != m.confidence_text) {
    source += "; read as Speculative, the widest label";
  }
  return ReferenceFigure{"'" + m.name + "'", std::move(value), std::move(source)};
}

// A model of the bundled record, or a figure (widened by a confidence label
// when one is given); a name given with a figure only labels it.
Result<ReferenceFigure> ResolveReference(const std::string& name,
                                         const std::optional<Uncertain>& flop,
                                         const std::optional<ConfidenceLabel>& confidence) {
  if (!flop) {
    if (Trim(name).empty()) {
      return Status::InvalidArgument(
          "no reference: give `reference` (a model of the bundled record of notable models) or "
          "`reference_flop` (its compute in FLOP, with its source)");
    }
    if (confidence) {
      return Status::InvalidArgument("`reference_confidence` qualifies a `reference_flop`; '" +
                                     name + "' takes the record's own label");
    }
    return RecordedReference(name);
  }
  TF_RETURN_IF_ERROR(RequirePositiveEvidence(*flop, "reference_flop"));
  const std::string label = Trim(name).empty() ? "the reference" : "'" + name + "'";
  if (!confidence) return ReferenceFigure{label, *flop, "given (`reference_flop`)"};
  if (!flop->distribution.is_point()) {
    return Status::InvalidArgument(
        "`reference_confidence` widens a single figure, and `reference_flop` '" + flop->text +
        "' is already a distribution: give one or the other");
  }
  const std::string text =
      ReferenceText(*flop) + " FLOP (" + std::string(ConfidenceLabelName(*confidence)) + ")";
  TF_ASSIGN_OR_RETURN(Uncertain value,
                      WidenedFigure(flop->distribution.Median(), *confidence, text));
  return ReferenceFigure{label, std::move(value),
                         "given (`reference_flop`, `reference_confidence`)"};
}

// The reference's inputs, assumption and note, and its quantity in `term`.
Status AddReference(const ReferenceFigure& other, Estimate& e, QuantityList& list,
                    UncertainTerm& term) {
  const Distribution& d = other.value.distribution;
  e.inputs.push_back({"reference compute", d.Median(), "FLOP", other.source});
  e.assumptions.push_back(
      {"reference compute", other.label + ": " + ReferenceText(other.value) + " = " + d.Describe(),
       other.value.note.empty() ? other.source : other.source + "; " + other.value.note});
  if (d.is_point()) {
    e.notes.push_back(
        "the reference's compute is taken as exact: give a range, or `reference_confidence`, "
        "to carry its uncertainty");
  }
  return AddUncertainInput("reference " + other.label, other.value, "FLOP", other.source, list,
                           term);
}

Status CheckShares(const StageShareEvidence& s) {
  if (!std::isfinite(s.share_low) || !std::isfinite(s.share_high) || s.share_low < 0 ||
      s.share_high < 0) {
    return Status::InvalidArgument(
        "`share_low` and `share_high` are shares of the other stage, 0 or more (0.1 = 10%); "
        "given " +
        FormatScientific(s.share_low) + " and " + FormatScientific(s.share_high));
  }
  if (s.share_low > s.share_high) {
    return Status::InvalidArgument("`share_low` (" + FormatScientific(s.share_low) +
                                   ") is above `share_high` (" + FormatScientific(s.share_high) +
                                   "): the range's ends are reversed; give the smaller share as "
                                   "`share_low`");
  }
  if (!s.include_reference && !(s.share_low > 0)) {
    return Status::InvalidArgument(
        "with `include_reference` false the estimate is the stage alone, so `share_low` must be "
        "above 0 (its range is log-uniform)");
  }
  return Status::Ok();
}

constexpr std::string_view kGeometricMeanSource =
    "log-uniform, whose median is the geometric mean of the low and high cases: Epoch AI's "
    "convention in its Grok 4 estimate (Epoch AI, Notable AI Models, training compute notes of "
    "Grok 4: RL between 10% and 100% of pre-training, the geometric mean of the high and low "
    "cases)";

}  // namespace

Result<EvidenceLineResult> EstimateReference(const EvidenceLine& line,
                                             const ReferenceEvidence& reference,
                                             const EvidenceRequest& request) {
  TF_RETURN_IF_ERROR(RequirePositiveEvidence(reference.ratio, "ratio"));
  TF_ASSIGN_OR_RETURN(const ReferenceFigure other,
                      ResolveReference(reference.reference, reference.reference_flop,
                                       reference.reference_confidence));
  const double ratio = reference.ratio.distribution.Median();
  const double flop = other.value.distribution.Median();
  Estimate e;
  e.method = "evidence_reference";
  e.training_flop = ratio * flop;
  e.inputs.push_back({"ratio", ratio, "", "`ratio` '" + ReferenceText(reference.ratio) + "'"});
  e.formula.push_back("ratio x the reference's compute = " + FormatScientific(ratio) + " x " +
                      FormatCompute(flop) + " (" + other.label +
                      ") = " + FormatCompute(e.training_flop));
  QuantityList list;
  UncertainTerm term{"", e.training_flop, {}};
  TF_RETURN_IF_ERROR(AddUncertainInput("`ratio`", reference.ratio, "", "given", list, term));
  TF_RETURN_IF_ERROR(AddReference(other, e, list, term));
  return FinishLine(line, std::move(e), term, list, request);
}

Result<EvidenceLineResult> EstimateStageShare(const EvidenceLine& line,
                                              const StageShareEvidence& stage,
                                              const EvidenceRequest& request) {
  TF_RETURN_IF_ERROR(CheckShares(stage));
  TF_ASSIGN_OR_RETURN(
      const ReferenceFigure other,
      ResolveReference(stage.reference, stage.reference_flop, stage.reference_confidence));
  // The estimate / the reference, in its low and high cases.
  const double base = stage.include_reference ? 1 : 0;
  const double low = base + stage.share_low, high = base + stage.share_high;
  const double factor = std::sqrt(low * high);
  const double flop = other.value.distribution.Median();
  Estimate e;
  e.method = "evidence_stage_share";
  e.training_flop = flop * factor;
  e.inputs.push_back({"share_low", stage.share_low, "", "`share_low`"});
  e.inputs.push_back({"share_high", stage.share_high, "", "`share_high`"});
  const std::string share =
      FormatScientific(stage.share_low) + " .. " + FormatScientific(stage.share_high);
  e.formula.push_back(
      (stage.include_reference ? "whole = reference x (1 + share), share " + share + ": cases "
                               : "stage = reference x share, share " + share + ": cases ") +
      FormatScientific(low) + " and " + FormatScientific(high) + " x the reference");
  e.formula.push_back("geometric mean of the cases: sqrt(" + FormatScientific(low) + " x " +
                      FormatScientific(high) + ") = " + FormatScientific(factor));
  e.formula.push_back(FormatCompute(flop) + " (" + other.label + ") x " + FormatScientific(factor) +
                      " = " + FormatCompute(e.training_flop));
  Uncertain cases{Distribution::Point(low), share, ""};
  if (high > low) {
    TF_ASSIGN_OR_RETURN(cases.distribution, Distribution::LogUniform(low, high));
  }
  const std::string what = stage.include_reference ? "the whole" : "the stage";
  e.assumptions.push_back({"share range",
                           "log-uniform over " + FormatScientific(low) + " .. " +
                               FormatScientific(high) + " (" + what + " / the reference)",
                           std::string(kGeometricMeanSource)});
  QuantityList list;
  UncertainTerm term{"", e.training_flop, {}};
  TF_RETURN_IF_ERROR(AddUncertainInput(what + " / the reference (share " + share + ")", cases, "",
                                       std::string(kGeometricMeanSource), list, term));
  TF_RETURN_IF_ERROR(AddReference(other, e, list, term));
  return FinishLine(line, std::move(e), term, list, request);
}

}  // namespace trainflops::evidence
