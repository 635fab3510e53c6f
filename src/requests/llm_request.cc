// Language models: TokensRequest (6ND and the attention-aware per-token
// conventions from the model's numbers) and the LlmRequest fields shared with
// a Hugging Face config.json.
#include "llm_request.h"

#include "fields.h"
#include "report/llm_report.h"
#include "trainflops/checkpoint_file.h"
#include "trainflops/units.h"

namespace trainflops::requests {

Result<LlmInputs> LlmInputsFrom(const LlmRequest& r) {
  LlmInputs o;
  if (r.convention) {
    Result<Convention> conv = ParseConvention(*r.convention);
    if (!conv.ok()) return conv.status().WithContext(FieldRef("convention"));
    o.convention = *conv;
  }
  if (r.attention) {
    Result<AttentionMode> mode = ParseAttentionMode(*r.attention);
    if (!mode.ok()) return mode.status().WithContext(FieldRef("attention"));
    o.convention_options.attention = *mode;
  }
  if (r.recompute) {
    Result<Recompute> mode = ParseRecompute(*r.recompute);
    if (!mode.ok()) return mode.status().WithContext(FieldRef("recompute"));
    o.convention_options.recompute = *mode;
  }
  TF_ASSIGN_OR_RETURN(const std::optional<Uncertain> tokens,
                      UncertainCountField("tokens", r.tokens));
  if (tokens) {
    o.stages.push_back({"pre-training", tokens->distribution.Median(), false});
    o.uncertain.stage_tokens.push_back(tokens);
  }
  for (const std::string& text : r.stages) {
    TF_ASSIGN_OR_RETURN(UncertainStage stage, ParseUncertainStage(text));
    o.stages.push_back(std::move(stage.stage));
    o.uncertain.stage_tokens.push_back(std::move(stage.tokens));
  }
  TF_ASSIGN_OR_RETURN(o.uncertainty, UncertaintyOptionsFrom(r.uncertainty));
  TF_ASSIGN_OR_RETURN(o.seq_len, PositiveWholeField("seq_len", r.seq_len));
  if (r.range) {
    TF_ASSIGN_OR_RETURN(o.range, ParseComputeRange(*r.range));
  }
  o.thresholds = r.thresholds || o.range.has_value();
  return o;
}

Result<LlmResult> LlmResultFrom(LlmEstimate estimate, const LlmInputs& inputs,
                                std::optional<HfModel> hf) {
  TF_RETURN_IF_ERROR(AddLlmUncertainty(inputs.uncertain, inputs.uncertainty, estimate));
  std::optional<ComputeRange> range = inputs.range;
  if (!range && estimate.uncertainty) {
    range = ComputeRange{estimate.uncertainty->summary.low, estimate.uncertainty->summary.high};
  }
  std::optional<std::vector<ThresholdCheck>> checks;
  if (inputs.thresholds) {
    std::vector<StageCompute> stages;
    for (const LlmStageResult& s : estimate.stages) {
      stages.push_back({s.stage.name, s.model_flop, !s.stage.forward_only});
    }
    TF_ASSIGN_OR_RETURN(checks, CheckThresholds(estimate.estimate.training_flop, range, stages));
  }
  return LlmResult(std::move(estimate), std::move(hf), range, std::move(checks));
}

namespace {

// params and active_params, either a range; the one 6ND scales with (the
// active count when given) goes to the uncertain inputs.
Status ReadParams(const TokensRequest& r, TransformerDims& d, LlmInputs& o,
                  std::vector<std::string>& notes) {
  if (!r.params_checkpoint.empty()) {
    if (r.params) {
      return Status::InvalidArgument("give `params` or a checkpoint to count them from, not both");
    }
    Result<CheckpointCount> count = CountCheckpoint(r.params_checkpoint, "", r.checkpoint_config);
    if (!count.ok()) return count.status().WithContext("`params`");
    if (!(count->params > 0)) {
      return Status::InvalidArgument("`params`: " + count->file +
                                     ": the checkpoint's tensors hold no parameters (a dimension "
                                     "of 0?); accepted: a checkpoint with at least one value");
    }
    d.params = count->params;
    d.param_groups = count->groups;
    notes.push_back(count->file + ": " + FormatCount(count->params) +
                    " parameters from the checkpoint (" + count->how + ")");
    TF_ASSIGN_OR_RETURN(d.active_params, PositiveField("active_params", r.active_params));
    return Status::Ok();
  }
  TF_ASSIGN_OR_RETURN(const std::optional<Uncertain> total,
                      UncertainCountField("params", r.params));
  TF_ASSIGN_OR_RETURN(const std::optional<Uncertain> active,
                      UncertainCountField("active_params", r.active_params));
  if (total) d.params = total->distribution.Median();
  if (active) d.active_params = active->distribution.Median();
  if (active && total && !total->distribution.is_point()) {
    return Status::InvalidArgument(
        "`params`: a range has no effect on the FLOP when `active_params` is given (6ND uses the "
        "active count): put the range on `active_params`");
  }
  o.uncertain.params = active ? active : total;
  o.uncertain.params_option = ReportName(active ? "active_params" : "params");
  return Status::Ok();
}

Result<TransformerDims> DimsFrom(const TokensRequest& r, LlmInputs& o,
                                 std::vector<std::string>& notes) {
  TransformerDims d;
  TF_RETURN_IF_ERROR(ReadParams(r, d, o, notes));
  TF_ASSIGN_OR_RETURN(d.layers, PositiveField("layers", r.layers));
  TF_ASSIGN_OR_RETURN(d.d_model, PositiveField("d_model", r.d_model));
  TF_ASSIGN_OR_RETURN(d.heads, PositiveField("heads", r.heads));
  TF_ASSIGN_OR_RETURN(d.head_dim, PositiveField("head_dim", r.head_dim));
  TF_ASSIGN_OR_RETURN(d.vocab, PositiveField("vocab", r.vocab));
  TF_ASSIGN_OR_RETURN(d.d_ff, PositiveField("d_ff", r.d_ff));
  d.seq_len = o.seq_len;
  d.gated_mlp = r.gated;
  return d;
}

}  // namespace
}  // namespace trainflops::requests

namespace trainflops {

LlmResult::LlmResult(LlmEstimate estimate, std::optional<HfModel> hf,
                     std::optional<ComputeRange> range,
                     std::optional<std::vector<ThresholdCheck>> checks)
    : estimate_(std::move(estimate)),
      hf_(std::move(hf)),
      range_(range),
      checks_(std::move(checks)) {}

namespace {
LlmReportContext ContextOf(const HfModel* hf, const std::optional<ComputeRange>& range,
                           const std::optional<std::vector<ThresholdCheck>>& checks) {
  LlmReportContext context;
  context.hf = hf;
  context.range = range;
  context.checks = checks ? &*checks : nullptr;
  return context;
}
}  // namespace

std::string LlmResult::Json() const {
  return RenderLlmJson(estimate_, ContextOf(hf(), range_, checks_));
}

std::string LlmResult::Text() const {
  return RenderLlmText(estimate_, ContextOf(hf(), range_, checks_));
}

std::optional<Citation> LlmResult::Cite() const {
  return CiteEstimate(estimate_.estimate, {.subject = hf_ ? hf_->file : "",
                                           .interval = IntervalOf(estimate_.uncertainty)});
}

Result<LlmResult> Run(const TokensRequest& request) {
  TF_ASSIGN_OR_RETURN(requests::LlmInputs inputs, requests::LlmInputsFrom(request.llm));
  std::vector<std::string> notes;
  TF_ASSIGN_OR_RETURN(const TransformerDims dims, requests::DimsFrom(request, inputs, notes));
  TF_ASSIGN_OR_RETURN(TransformerModel model, ModelFromDims(dims, inputs.convention));
  model.notes.insert(model.notes.begin(), notes.begin(), notes.end());
  TF_ASSIGN_OR_RETURN(LlmEstimate estimate, EstimateLlm(model, inputs.convention,
                                                        inputs.convention_options, inputs.stages));
  return requests::LlmResultFrom(std::move(estimate), inputs, std::nullopt);
}

}  // namespace trainflops
