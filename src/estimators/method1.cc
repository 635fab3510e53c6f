// Method 1's training FLOP: forward x (1 + r) x passes, per part and stage.
//   n_passes = epochs x examples                       (Sevilla et al. 2022, Method 1)
//   n_passes = epochs x examples x tokens_per_sequence (per-token parts, Appendix D)
// Encoder-decoder models are two per-token parts with their own token counts
// (Appendix D: encoder x tokens_per_input + decoder x tokens_per_output).
#include <algorithm>
#include <cmath>
#include <string>

#include "core/finite.h"
#include "internal.h"
#include "trainflops/units.h"

namespace trainflops {
namespace {

std::string Flop(double v) { return FormatCompute(v); }
// Counts in the formula chain: "12,800" for whole numbers below 1e9, else
// scientific ("7.5e9"), so that each factor reads like the worked examples of Sevilla et al. 2022.
std::string N(double v) {
  if (v != std::floor(v) || v >= 1e9 || v < 0) return FormatScientific(v, 6);
  std::string digits = std::to_string(static_cast<long long>(v));
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) {
    digits.insert(static_cast<size_t>(i), ",");
  }
  return digits;
}

// Applies command-line overrides to the (single) stage.
Result<std::vector<TrainingSpec>> StagesWithOverrides(const ModelSpec& spec,
                                                      const TrainingOverrides& o) {
  std::vector<TrainingSpec> stages = spec.stages;
  if (!o.any()) return stages;
  if (stages.size() > 1) {
    return Status::InvalidArgument(
        spec.file + ": the spec has " + std::to_string(stages.size()) +
        " training stages; `epochs`/`examples`/`batches`/`batch_size`/`tokens_per_sequence` "
        "apply to a single stage only (edit the stages in the file instead)");
  }
  if (stages.empty()) stages.emplace_back();
  TrainingSpec& t = stages.front();
  if (o.epochs) t.epochs = o.epochs;
  if (o.examples) {
    t.examples = o.examples;
    t.batches.reset();
    t.batch_size.reset();
  }
  if (o.batches || o.batch_size) {
    if (o.batches) t.batches = o.batches;
    if (o.batch_size) t.batch_size = o.batch_size;
    t.examples.reset();
  }
  if (o.tokens_per_sequence) t.tokens_per_sequence = o.tokens_per_sequence;
  return stages;
}

struct StageData {
  double epochs = 1, runs = 1;
  std::optional<double> examples, tokens;
};

Result<StageData> ResolveStage(const TrainingSpec& t, const std::string& where) {
  StageData d;
  d.epochs = t.epochs.value_or(1);
  d.runs = t.runs.value_or(1);
  if (t.examples && (t.batches || t.batch_size)) {
    return Status::InvalidArgument(where +
                                   ": give either examples or batches x batch_size, not both");
  }
  if (t.batch_size && !t.batches) {
    return Status::InvalidArgument(where + ": batch_size needs batches (batches per epoch)");
  }
  if (t.batches && !t.batch_size && !t.tokens_per_batch) {
    return Status::InvalidArgument(
        where + ": batches needs batch_size (examples per batch) or tokens_per_batch");
  }
  if (t.tokens && t.tokens_per_batch) {
    return Status::InvalidArgument(where +
                                   ": give either tokens or batches x tokens_per_batch, not both");
  }
  if (t.examples) d.examples = t.examples;
  if (t.batches && t.batch_size) d.examples = *t.batches * *t.batch_size;
  if (t.tokens) d.tokens = t.tokens;
  if (t.batches && t.tokens_per_batch) d.tokens = *t.batches * *t.tokens_per_batch;
  return d;
}

// Passes of one part per epoch and run, with a readable description.
Result<std::pair<double, std::string>> PartPasses(const PartSpec& part, const TrainingSpec& t,
                                                  const StageData& d, const std::string& where) {
  if (part.per_token) {
    if (part.tokens)
      return std::pair{*part.tokens, N(*part.tokens) + " tokens of part " + part.name};
    const std::optional<double> tps =
        part.tokens_per_sequence ? part.tokens_per_sequence : t.tokens_per_sequence;
    if (part.tokens_per_sequence && d.examples) {
      return std::pair{*d.examples * *tps,
                       N(*d.examples) + " examples x " + N(*tps) + " tokens/sequence"};
    }
    if (d.tokens) return std::pair{*d.tokens, N(*d.tokens) + " tokens"};
    if (tps && d.examples) {
      return std::pair{*d.examples * *tps,
                       N(*d.examples) + " examples x " + N(*tps) + " tokens/sequence"};
    }
    return Status::InvalidArgument(where + ": part '" + part.name +
                                   "' runs once per token: give tokens_per_sequence (with examples "
                                   "or batches x batch_size) or tokens");
  }
  if (d.examples) return std::pair{*d.examples, N(*d.examples) + " examples"};
  const std::optional<double> tps =
      part.tokens_per_sequence ? part.tokens_per_sequence : t.tokens_per_sequence;
  if (d.tokens && tps) {
    return std::pair{*d.tokens / *tps, N(*d.tokens) + " tokens / " + N(*tps) + " tokens/sequence"};
  }
  return Status::InvalidArgument(where + ": part '" + part.name +
                                 "' runs once per example: give examples, or batches and "
                                 "batch_size (per epoch)");
}

void AddInput(Estimate& e, const std::string& name, const std::optional<double>& v,
              const std::string& unit, const std::string& origin) {
  if (v) e.inputs.push_back({name, *v, unit, origin});
}

Status AddStage(Method1Result& result, const ModelSpec& spec, const TrainingSpec& t,
                const std::string& origin) {
  const std::string where =
      spec.file + (t.line ? ":" + std::to_string(t.line) : "") + ": stage '" + t.name + "'";
  TF_ASSIGN_OR_RETURN(const StageData d, ResolveStage(t, where));
  StageResult stage;
  stage.name = t.name;
  stage.epochs = d.epochs;
  stage.runs = d.runs;
  stage.examples = d.examples.value_or(0);
  Estimate& e = result.estimate;
  const std::string prefix = spec.stages.size() > 1 ? t.name + "." : "";
  AddInput(e, prefix + "epochs", t.epochs, "epochs", origin);
  AddInput(e, prefix + "examples", d.examples, "examples per epoch", origin);
  AddInput(e, prefix + "batches", t.batches, "batches per epoch", origin);
  AddInput(e, prefix + "batch_size", t.batch_size, "examples per batch", origin);
  AddInput(e, prefix + "tokens", d.tokens, "tokens per epoch", origin);
  AddInput(e, prefix + "tokens_per_sequence", t.tokens_per_sequence, "tokens", origin);
  AddInput(e, prefix + "runs", t.runs, "training runs", origin);
  if (!t.epochs) {
    e.assumptions.push_back(
        {prefix + "epochs", "1", "not given: the data is counted as seen once"});
  }
  e.formula.push_back("stage " + t.name + ":");
  for (size_t i = 0; i < spec.parts.size(); ++i) {
    const PartSpec& part = spec.parts[i];
    const PartResult& pr = result.parts[i];
    TF_ASSIGN_OR_RETURN(const auto passes, PartPasses(part, t, d, where));
    const double n = d.epochs * d.runs * passes.first;
    const double flop = (pr.forward_flop + pr.backward_flop) * n;
    stage.passes.push_back(n);
    stage.training_flop += flop;
    const double ratio = pr.forward_flop > 0 ? pr.backward_flop / pr.forward_flop : 0;
    e.formula.push_back("  part " + pr.name +
                        (pr.per_token ? " (per token): " : " (per example): ") +
                        Flop(pr.forward_flop) + " x (1 + " + FormatScientific(ratio) + ") x " +
                        N(d.epochs) + " epochs x " + passes.second +
                        (d.runs != 1 ? " x " + N(d.runs) + " runs" : "") + " = " + Flop(flop));
  }
  e.formula.push_back("  stage total = " + Flop(stage.training_flop));
  result.stages.push_back(stage);
  return Status::Ok();
}

}  // namespace

namespace {
Result<Method1Result> AddTraining(Method1Result result, const ModelSpec& spec,
                                  const Method1Options& options,
                                  const TrainingOverrides& overrides);
}  // namespace

Result<Method1Result> EstimateMethod1(const ModelSpec& spec, const Method1Options& options,
                                      const TrainingOverrides& overrides) {
  TF_ASSIGN_OR_RETURN(Method1Result result, EvaluateArchitecture(spec, options));
  return AddTraining(std::move(result), spec, options, overrides);
}

Result<Method1Result> EstimateFromLayers(std::vector<LayerResult> layers, const ModelSpec& spec,
                                         const Method1Options& options,
                                         const TrainingOverrides& overrides) {
  for (const LayerResult& layer : layers) {
    const bool known = std::any_of(spec.parts.begin(), spec.parts.end(),
                                   [&](const PartSpec& p) { return p.name == layer.part; });
    if (!known) {
      return Status::InvalidArgument("layer '" + layer.name + "' names an unknown part '" +
                                     layer.part + "'");
    }
  }
  Method1Result result;
  result.layers = std::move(layers);
  TF_ASSIGN_OR_RETURN(result, FinishArchitecture(std::move(result), spec, options));
  return AddTraining(std::move(result), spec, options, overrides);
}

Result<Method1Result> EstimateFromFigures(const std::vector<LayerFigures>& layers,
                                          const LayerLabeler& label, const ModelSpec& spec,
                                          const Method1Options& options,
                                          const TrainingOverrides& overrides,
                                          std::vector<double>* backward_factors) {
  if (!label) return Status::InvalidArgument("EstimateFromFigures needs a layer labeler");
  for (size_t i = 0; i < layers.size(); ++i) {
    const LayerFigures& f = layers[i];
    if (f.part >= spec.parts.size()) {
      return Status::InvalidArgument("layer '" + label(i).name + "' is in part " +
                                     std::to_string(f.part) + "; the spec has " +
                                     std::to_string(spec.parts.size()) + " part(s)");
    }
    // A layer's counts are sums of products: an overflow (or a negative
    // count from a broken importer) must not reach the totals. The gate
    // that words the error runs only when a figure fails (a graph has
    // 100,000 layers; building its message's names costs more than the sum).
    const auto count = [](double v) { return std::isfinite(v) && v >= 0; };
    if (count(f.params) && count(f.params_approx) && count(f.forward_flop) &&
        count(f.forward_flop_approx)) {
      continue;
    }
    const Status counted =
        RequireFiniteNonNegative({{"parameters", f.params, "parameters"},
                                  {"approximate parameters", f.params_approx, "parameters"},
                                  {"forward compute", f.forward_flop, "FLOP"},
                                  {"approximate forward compute", f.forward_flop_approx, "FLOP"}},
                                 {});
    if (!counted.ok()) return counted.WithContext("layer '" + label(i).name + "'");
  }
  Method1Result result;
  TF_RETURN_IF_ERROR(FinishFigures(result, layers, label, spec, options, backward_factors));
  return AddTraining(std::move(result), spec, options, overrides);
}

namespace {
Result<Method1Result> AddTraining(Method1Result result, const ModelSpec& spec,
                                  const Method1Options& options,
                                  const TrainingOverrides& overrides) {
  TF_ASSIGN_OR_RETURN(const std::vector<TrainingSpec> stages, StagesWithOverrides(spec, overrides));
  if (stages.empty()) {
    return Status::InvalidArgument(
        spec.file +
        ": no training section: add 'training:' (epochs, examples or "
        "batches x batch_size, or tokens) or pass `epochs` and `examples`");
  }
  Estimate& e = result.estimate;
  e.method = "method1_counting";
  e.formula.push_back(
      "training FLOP = sum over parts of forward FLOP x (1 + r) x passes "
      "[Sevilla et al. 2022, Method 1; per-token parts: Appendix D]");
  const std::string origin = overrides.any() ? "spec + command line" : spec.file;
  for (const TrainingSpec& t : stages) TF_RETURN_IF_ERROR(AddStage(result, spec, t, origin));
  for (const StageResult& s : result.stages) e.training_flop += s.training_flop;
  if (result.stages.size() > 1) {
    std::string sum = "total over stages = ";
    for (size_t i = 0; i < result.stages.size(); ++i) {
      sum += (i ? " + " : "") + Flop(result.stages[i].training_flop);
    }
    e.formula.push_back(sum + " = " + Flop(e.training_flop) +
                        "  [Sevilla et al. 2022, Appendix C: "
                        "pre-training counts toward the total]");
  }
  e.formula.push_back("training FLOP = " + Flop(e.training_flop) + " = " +
                      FormatCompute(e.training_flop, ComputeUnit::kPetaflopSDay));
  e.assumptions.push_back({"formula form",
                           options.form == FormulaForm::kExact
                               ? "exact (weights + bias + non-linearity terms)"
                               : "approximate (the ≈ column)",
                           "Sevilla et al. 2022, Table 1"});
  e.assumptions.push_back({"FLOP per multiply-add", "2",
                           "Sevilla et al. 2022, Units: GPU peak figures count an FMA as 2 FLOP"});
  e.assumptions.push_back(
      {"weight-update cost", "ignored",
       "Sevilla et al. 2022, Method 1: negligible with large batches and accumulated gradients"});
  const bool any_token = std::any_of(spec.parts.begin(), spec.parts.end(),
                                     [](const PartSpec& p) { return p.per_token; });
  if (any_token) {
    e.notes.push_back(
        "Sevilla et al. 2022, Appendix D prints a factor 3.5 (r = 2.5, the per-parameter ratio of "
        "Appendix E) while its worked example uses 3; trainflops uses r = " +
        FormatScientific(result.backward_ratio) + " (pass `bp_ratio` 2.5 to reproduce 3.5)");
  }
  for (const std::string& n : spec.notes) e.notes.push_back(n);
  if (auto note = ScaleCheckNote(e.training_flop)) e.notes.push_back(*note);
  TF_RETURN_IF_ERROR(RequireFinitePositive(e));
  return result;
}

}  // namespace

}  // namespace trainflops
