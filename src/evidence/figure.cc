// Figure lines: a compute figure obtained elsewhere, either given ("reported",
// "architecture": a count of the operations made with another command) or
// computed here as 6ND from parameters and tokens.
#include <string>
#include <utility>
#include <vector>

#include "core/text.h"
#include "lines.h"
#include "trainflops/units.h"

namespace trainflops::evidence {
namespace {

constexpr std::string_view k6NDSource = "Kaplan et al. 2020, section 2.1; Hoffmann et al. 2022";

Result<std::string> FigureMethod(const std::string& method) {
  const std::vector<std::string> methods = {"6ND", "architecture", "reported"};
  for (const std::string& m : methods) {
    if (ToLower(m) == ToLower(Trim(method))) return m;
  }
  return Status::InvalidArgument("unknown `method` '" + method + "'" + DidYouMean(method, methods) +
                                 " (accepted: " + JoinNames(methods) + ")");
}

std::string FigureText(const Uncertain& value) {
  return value.text.empty() ? FormatScientific(value.distribution.Median()) : value.text;
}

// 6 x N x D: 2 FLOP per parameter per token forward (a multiply-add) and
// twice that backward. The 3 of forward + backward takes its default range.
Result<EvidenceLineResult> Estimate6ND(const EvidenceLine& line, const FigureEvidence& figure,
                                       const EvidenceRequest& request) {
  if (figure.flop || !figure.parameters || !figure.tokens) {
    return Status::InvalidArgument(
        "`method` 6ND takes `parameters` and `tokens` (and no `flop`): 6 x N x D is computed");
  }
  if (figure.confidence) {
    return Status::InvalidArgument(
        "`confidence` widens a given `flop`; for 6ND write `parameters` or `tokens` as ranges");
  }
  TF_RETURN_IF_ERROR(RequirePositiveEvidence(*figure.parameters, "parameters"));
  TF_RETURN_IF_ERROR(RequirePositiveEvidence(*figure.tokens, "tokens"));
  const double n = figure.parameters->distribution.Median();
  const double d = figure.tokens->distribution.Median();
  Estimate e;
  e.method = "method1_6nd";
  e.training_flop = 6 * n * d;
  e.inputs.push_back(
      {"parameters", n, "parameters", "`parameters` '" + FigureText(*figure.parameters) + "'"});
  e.inputs.push_back({"tokens", d, "tokens", "`tokens` '" + FigureText(*figure.tokens) + "'"});
  e.formula.push_back("6 x N x D = 6 x " + FormatScientific(n) + " parameters x " +
                      FormatScientific(d) + " tokens = " + FormatCompute(e.training_flop));
  e.assumptions.push_back(
      {"6 FLOP per parameter per token",
       "2 forward (a multiply-add) x 3 (forward + backward at twice the forward)",
       std::string(k6NDSource) + ": C ≈ 6ND; N counts the parameters each token uses (the "
                                 "active ones of a mixture of experts)"});
  QuantityList list;
  UncertainTerm term{"", e.training_flop, {}};
  TF_RETURN_IF_ERROR(
      AddUncertainInput("`parameters`", *figure.parameters, "parameters", "given", list, term));
  TF_RETURN_IF_ERROR(AddUncertainInput("`tokens`", *figure.tokens, "tokens", "given", list, term));
  TF_ASSIGN_OR_RETURN(const DefaultRange* factor, FindDefaultRange("training_factor"));
  TF_ASSIGN_OR_RETURN(Distribution ratio, RatioTo(factor->range, factor->point));
  term.quantities.push_back(list.Add(
      factor->name,
      {"training factor 1 + backward/forward (assumed 3)",
       factor->range.Describe() + " [" + factor->name + "]", factor->source, std::move(ratio)}));
  return FinishLine(line, std::move(e), term, list, request);
}

// A figure as given, widened by its confidence label when it is one number.
Result<EvidenceLineResult> GivenFigure(const EvidenceLine& line, const FigureEvidence& figure,
                                       const std::string& method, const EvidenceRequest& request) {
  if (!figure.flop) {
    return Status::InvalidArgument("`method` " + method + " needs `flop`: the figure, in FLOP");
  }
  if (figure.parameters || figure.tokens) {
    return Status::InvalidArgument("`parameters` and `tokens` are for `method` 6ND; `method` " +
                                   method + " takes `flop` only");
  }
  TF_RETURN_IF_ERROR(RequirePositiveEvidence(*figure.flop, "flop"));
  Uncertain value = *figure.flop;
  std::string source = "given (`flop`, " + method + ")";
  if (figure.confidence) {
    if (!value.distribution.is_point()) {
      return Status::InvalidArgument("`confidence` widens a single figure, and `flop` '" +
                                     value.text +
                                     "' is already a distribution: give one or "
                                     "the other");
    }
    TF_ASSIGN_OR_RETURN(
        value, WidenedFigure(value.distribution.Median(), *figure.confidence,
                             FigureText(*figure.flop) + " FLOP (" +
                                 std::string(ConfidenceLabelName(*figure.confidence)) + ")"));
  }
  Estimate e;
  e.method = "evidence_figure_" + method;
  e.training_flop = value.distribution.Median();
  e.inputs.push_back(
      {"flop", e.training_flop, "FLOP", "`flop` '" + FigureText(*figure.flop) + "'"});
  e.formula.push_back(method + " figure: " + FormatCompute(e.training_flop));
  if (value.distribution.is_point()) {
    e.notes.push_back(
        "the figure is taken as exact: give a range, or `confidence`, to carry its "
        "uncertainty");
  }
  QuantityList list;
  UncertainTerm term{"", e.training_flop, {}};
  TF_RETURN_IF_ERROR(AddUncertainInput("`flop`", value, "FLOP", source, list, term));
  return FinishLine(line, std::move(e), term, list, request);
}

}  // namespace

Result<EvidenceLineResult> EstimateFigure(const EvidenceLine& line, const FigureEvidence& figure,
                                          const EvidenceRequest& request) {
  TF_ASSIGN_OR_RETURN(const std::string method, FigureMethod(figure.method));
  if (method == "6ND") return Estimate6ND(line, figure, request);
  return GivenFigure(line, figure, method, request);
}

}  // namespace trainflops::evidence
