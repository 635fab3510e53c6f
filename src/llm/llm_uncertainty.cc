// A language-model estimate with uncertain inputs: each stage is a term
//   stage FLOP = per-token FLOP x tokens
// (x 3 for training: forward + backward at the ratio 2, Sevilla et al. 2022, Method 1),
// scaled by the ratio of each uncertain input to the value the point used.
#include "trainflops/transformer.h"

namespace trainflops {
namespace {

std::string Reading(const Uncertain& u, const std::string& unit) {
  return "'" + u.text + "' = " + u.distribution.Describe() + " " + unit;
}

std::string Given(const Uncertain& u) { return u.note.empty() ? "given" : "given; " + u.note; }

// The parameter range's quantity (one for every stage), or none.
Result<std::optional<std::size_t>> ParamsQuantity(const LlmUncertainInputs& in,
                                                  const LlmEstimate& e, QuantityList& list) {
  if (!in.params || in.params->distribution.is_point()) return std::optional<std::size_t>();
  if (e.per_token.convention != Convention::k6ND) {
    return Status::InvalidArgument(
        "`" + (in.params_option == "`active_params`" ? std::string("active_params") : "params") +
        "`: a range needs `convention` 6nd (6 x N per token, proportional to "
        "N); the " +
        ConventionName(e.per_token.convention) +
        " convention adds attention terms that do not scale with N: give one number");
  }
  const Distribution& d = in.params->distribution;
  TF_ASSIGN_OR_RETURN(Distribution ratio, RatioTo(d, d.Median()));
  return std::optional<std::size_t>(list.Add(
      "params", {in.params_option, Reading(*in.params, "parameters"), Given(*in.params), ratio}));
}

Result<std::size_t> TrainingFactorQuantity(QuantityList& list) {
  TF_ASSIGN_OR_RETURN(const DefaultRange* d, FindDefaultRange("training_factor"));
  TF_ASSIGN_OR_RETURN(Distribution ratio, RatioTo(d->range, d->point));
  return list.Add(d->name, {"training factor 1 + backward/forward (assumed 3)",
                            d->range.Describe() + " [" + d->name + "]", d->source, ratio});
}

}  // namespace

Status AddLlmUncertainty(const LlmUncertainInputs& in, const UncertaintyOptions& options,
                         LlmEstimate& e) {
  bool any = options.default_ranges || (in.params && !in.params->distribution.is_point());
  for (const auto& t : in.stage_tokens) any = any || (t && !t->distribution.is_point());
  if (!any) return Status::Ok();
  QuantityList list;
  TF_ASSIGN_OR_RETURN(const std::optional<std::size_t> params, ParamsQuantity(in, e, list));
  std::vector<UncertainTerm> terms;
  for (std::size_t i = 0; i < e.stages.size(); ++i) {
    const LlmStageResult& s = e.stages[i];
    UncertainTerm term{s.stage.name, s.model_flop, {}};
    if (i < in.stage_tokens.size() && in.stage_tokens[i] &&
        !in.stage_tokens[i]->distribution.is_point()) {
      const Uncertain& t = *in.stage_tokens[i];
      TF_ASSIGN_OR_RETURN(Distribution ratio, RatioTo(t.distribution, t.distribution.Median()));
      term.quantities.push_back(
          list.Add("", {"tokens (" + s.stage.name + ")", Reading(t, "tokens"), Given(t), ratio}));
    }
    if (params) term.quantities.push_back(*params);
    if (options.default_ranges && !s.stage.forward_only) {
      TF_ASSIGN_OR_RETURN(const std::size_t factor, TrainingFactorQuantity(list));
      term.quantities.push_back(factor);
    }
    terms.push_back(std::move(term));
  }
  TF_ASSIGN_OR_RETURN(UncertaintyReport report, PropagateTerms(terms, list, options));
  if (e.stages.size() > 1) {
    report.notes.push_back(
        "stages are summed sample by sample; the parameter count and the training factor are "
        "one quantity for every stage, each stage's tokens its own");
  }
  if (e.hardware_flop != e.estimate.training_flop) {
    report.notes.push_back("the interval is of model FLOP; recomputation is not included");
  }
  e.uncertainty = std::move(report);
  return Status::Ok();
}

}  // namespace trainflops
