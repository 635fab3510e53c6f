// Training compute of a language model: per-token FLOP of the chosen
// convention x tokens of every stage, summed (Sevilla et al. 2022, Appendix C: the
// stages of a model's training add up).
#include <cmath>

#include "core/finite.h"
#include "llm_internal.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

using llm::Num;

void AddStages(const std::vector<LlmStage>& stages, LlmEstimate& e) {
  const ConventionResult& t = e.per_token;
  std::string sum;
  for (const LlmStage& s : stages) {
    LlmStageResult r;
    r.stage = s;
    const double per_token = s.forward_only ? t.forward_flop : t.training_flop;
    r.model_flop = per_token * s.tokens;
    r.hardware_flop = (s.forward_only ? t.forward_flop : t.hardware_flop) * s.tokens;
    e.estimate.training_flop += r.model_flop;
    e.hardware_flop += r.hardware_flop;
    e.estimate.formula.push_back(s.name + ": " + Num(per_token) + " FLOP/token" +
                                 (s.forward_only ? " (forward only)" : "") + " x " + Num(s.tokens) +
                                 " tokens = " + FormatCompute(r.model_flop));
    e.estimate.inputs.push_back({"tokens (" + s.name + ")", s.tokens, "tokens",
                                 s.forward_only ? "`stages` (forward only)" : "`tokens`/`stages`"});
    sum += (sum.empty() ? "" : " + ") + Num(r.model_flop);
    e.stages.push_back(r);
  }
  if (stages.size() > 1) {
    e.estimate.formula.push_back("total = " + sum + " = " +
                                 FormatCompute(e.estimate.training_flop));
  }
}

}  // namespace

Result<LlmEstimate> EstimateLlm(const TransformerModel& model, Convention convention,
                                const ConventionOptions& options,
                                const std::vector<LlmStage>& stages) {
  if (stages.empty()) {
    return Status::InvalidArgument(
        "no tokens: give `tokens` D (pre-training) or `stages` NAME:TOKENS");
  }
  LlmEstimate e;
  e.model = model;
  TF_ASSIGN_OR_RETURN(e.per_token, ApplyConvention(convention, model, options));
  e.params = TotalParams(model);
  e.params_active = ActiveParams(model);
  bool opaque = false;
  for (const Component& c : model.components) opaque |= c.role == ComponentRole::kParams;
  if (!opaque) e.params_non_embedding = NonEmbeddingParams(model);
  e.estimate.method = "llm_" + ConventionName(convention);
  e.estimate.formula = e.per_token.formula;
  e.estimate.assumptions = e.per_token.assumptions;
  e.estimate.notes = model.notes;
  e.estimate.notes.insert(e.estimate.notes.end(), e.per_token.notes.begin(),
                          e.per_token.notes.end());
  e.estimate.inputs.push_back({"parameters", e.params, "parameters", "model"});
  if (e.params_active != e.params) {
    e.estimate.inputs.push_back({"active parameters", e.params_active, "parameters", "model"});
  }
  if (model.seq_len > 0) {
    e.estimate.inputs.push_back({"sequence length", model.seq_len, "tokens", "`seq_len`"});
  }
  AddStages(stages, e);
  // Overflow (over 1.8e308 FLOP) or underflow to 0 (1e-300 parameters).
  TF_RETURN_IF_ERROR(RequireFinitePositive({{"training compute", e.estimate.training_flop, "FLOP"},
                                            {"hardware compute", e.hardware_flop, "FLOP"}},
                                           e.estimate.inputs));
  for (Convention c : AllConventions()) {
    Result<ConventionResult> other = ApplyConvention(c, model, options);
    if (!other.ok()) continue;
    // A long --seq-len can overflow one convention's attention term only:
    // say so rather than print "inf FLOP" beside the others.
    double total = 0;
    for (const LlmStage& s : stages) {
      total += s.tokens * (s.forward_only ? other->forward_flop : other->training_flop);
    }
    if (!std::isfinite(total)) {
      e.estimate.notes.push_back(ConventionName(c) +
                                 ": the training compute overflows (over 1.8e308 FLOP), left "
                                 "out of the comparison");
      continue;
    }
    e.comparison.push_back(*std::move(other));
  }
  if (auto note = ScaleCheckNote(e.estimate.training_flop)) e.estimate.notes.push_back(*note);
  return e;
}

}  // namespace trainflops
