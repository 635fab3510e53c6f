// `trainflops tokens --params N --tokens D`: 6ND and the attention-aware
// per-token conventions for a language model given by its numbers; also the
// options shared with `estimate config.json` (llm_options.h).
#include <ostream>

#include "commands.h"
#include "llm_options.h"
#include "trainflops/llm_report.h"
#include "uncertainty_options.h"

namespace trainflops::cli {

std::vector<OptionSpec> LlmCommonOptions() {
  std::vector<OptionSpec> specs = {
      {"--tokens", "D", "pre-training tokens (SI suffixes: 2T, 300B) [range]"},
      {"--stage", "NAME:TOKENS[:forward]",
       "a training stage (fine-tuning, RL...); repeatable; ':forward' = forward passes only "
       "(synthetic-data generation, rollouts); TOKENS [range]",
       true},
      {"--seq-len", "T", "training sequence length (for the attention terms)"},
      {"--convention", "NAME", "6nd (default), kaplan, palm, chinchilla or megatron (docs/llm.md)"},
      {"--attention", "causal|full",
       "halve the attention-score terms or not (default: as each "
       "paper counts them)"},
      {"--recompute", "none|selective|full",
       "activation recomputation: reported as hardware FLOP, separately from model FLOP"},
      {"--thresholds", "", "check the total against the legal compute thresholds"},
      {"--range", "LOW..HIGH",
       "uncertainty range of the total, for the threshold check (default: the 90% interval "
       "when inputs are ranges)"},
      {"--json", "", "print one JSON object"},
      {"--help", "", "show this help"},
  };
  specs.insert(specs.end() - 2, UncertaintyOptionSpecs().begin(), UncertaintyOptionSpecs().end());
  return specs;
}

Result<LlmRunOptions> ReadLlmOptions(const ParsedArgs& args) {
  LlmRunOptions o;
  if (auto c = args.Get("--convention")) {
    Result<Convention> conv = ParseConvention(*c);
    if (!conv.ok()) return conv.status().WithContext("--convention");
    o.convention = *conv;
  }
  if (auto a = args.Get("--attention")) {
    Result<AttentionMode> mode = ParseAttentionMode(*a);
    if (!mode.ok()) return mode.status().WithContext("--attention");
    o.convention_options.attention = *mode;
  }
  if (auto r = args.Get("--recompute")) {
    Result<Recompute> mode = ParseRecompute(*r);
    if (!mode.ok()) return mode.status().WithContext("--recompute");
    o.convention_options.recompute = *mode;
  }
  TF_ASSIGN_OR_RETURN(const std::optional<Uncertain> tokens, UncertainCount(args, "--tokens"));
  if (tokens) {
    o.stages.push_back({"pre-training", tokens->distribution.Median(), false});
    o.uncertain.stage_tokens.push_back(tokens);
  }
  if (args.Has("--stage")) {
    for (const std::string& text : args.options.at("--stage")) {
      TF_ASSIGN_OR_RETURN(UncertainStage stage, ParseUncertainStage(text));
      o.stages.push_back(std::move(stage.stage));
      o.uncertain.stage_tokens.push_back(std::move(stage.tokens));
    }
  }
  TF_ASSIGN_OR_RETURN(o.uncertainty, ReadUncertaintyOptions(args));
  TF_ASSIGN_OR_RETURN(o.seq_len, args.Positive("--seq-len"));
  if (auto r = args.Get("--range")) {
    TF_ASSIGN_OR_RETURN(o.range, ParseComputeRange(*r));
  }
  o.thresholds = args.Has("--thresholds") || o.range.has_value();
  o.json = args.Has("--json");
  return o;
}

Status WriteLlmReport(LlmEstimate estimate, const LlmRunOptions& options, const HfModel* hf,
                      std::ostream& out) {
  TF_RETURN_IF_ERROR(AddLlmUncertainty(options.uncertain, options.uncertainty, estimate));
  LlmReportContext context;
  context.hf = hf;
  context.range = options.range;
  if (!context.range && estimate.uncertainty) {
    context.range =
        ComputeRange{estimate.uncertainty->summary.low, estimate.uncertainty->summary.high};
  }
  std::vector<ThresholdCheck> checks;
  if (options.thresholds) {
    std::vector<StageCompute> stages;
    for (const LlmStageResult& s : estimate.stages) {
      stages.push_back({s.stage.name, s.model_flop, !s.stage.forward_only});
    }
    TF_ASSIGN_OR_RETURN(checks,
                        CheckThresholds(estimate.estimate.training_flop, context.range, stages));
    context.checks = &checks;
  }
  out << (options.json ? RenderLlmJson(estimate, context) : RenderLlmText(estimate, context));
  return Status::Ok();
}

namespace {

std::vector<OptionSpec> TokensOptions() {
  std::vector<OptionSpec> specs = {
      {"--params", "N",
       "parameters (total; 6ND uses it, or --active-params for MoE) [range], or a checkpoint: "
       "model.safetensors.index.json (with config.json beside it), .safetensors or .gguf"},
      {"--active-params", "A", "parameters used per token (mixture of experts) [range]"},
      {"--layers", "L", "transformer blocks"},
      {"--d-model", "H", "hidden size"},
      {"--heads", "N", "attention heads"},
      {"--head-dim", "Q", "width of one head (default d_model / heads)"},
      {"--vocab", "V", "vocabulary size"},
      {"--d-ff", "F", "MLP width (default 4 x d_model)"},
      {"--gated", "", "gated MLP (SwiGLU/GeGLU: three matrices)"},
  };
  for (OptionSpec& s : LlmCommonOptions()) specs.push_back(std::move(s));
  return specs;
}

// --params and --active-params, either a range; the one 6ND scales with
// (the active count when given) goes to the uncertain inputs. --params may
// be a checkpoint file (CountCheckpointFile), whose count is exact.
Status ReadParams(const ParsedArgs& args, TransformerDims& d, LlmRunOptions& o,
                  std::vector<std::string>& notes) {
  if (const auto path = args.Get("--params");
      path && CheckpointKindOf(*path) != CheckpointKind::kNotAFile) {
    TF_ASSIGN_OR_RETURN(const CheckpointCount count, CountCheckpointFile(*path, ""));
    d.params = count.params;
    notes.push_back("--params " + count.file + ": " + FormatCount(count.params) +
                    " parameters from the checkpoint (" + count.how + ")");
    TF_ASSIGN_OR_RETURN(d.active_params, args.Positive("--active-params"));
    return Status::Ok();
  }
  TF_ASSIGN_OR_RETURN(const std::optional<Uncertain> total, UncertainCount(args, "--params"));
  TF_ASSIGN_OR_RETURN(const std::optional<Uncertain> active,
                      UncertainCount(args, "--active-params"));
  if (total) d.params = total->distribution.Median();
  if (active) d.active_params = active->distribution.Median();
  if (active && total && !total->distribution.is_point()) {
    return Status::InvalidArgument(
        "--params: a range has no effect on the FLOP when --active-params is given (6ND uses the "
        "active count): put the range on --active-params");
  }
  o.uncertain.params = active ? active : total;
  o.uncertain.params_option = active ? "--active-params" : "--params";
  return Status::Ok();
}

Result<TransformerDims> DimsFrom(const ParsedArgs& args, LlmRunOptions& o,
                                 std::vector<std::string>& notes) {
  TransformerDims d;
  TF_RETURN_IF_ERROR(ReadParams(args, d, o, notes));
  TF_ASSIGN_OR_RETURN(d.layers, args.Positive("--layers"));
  TF_ASSIGN_OR_RETURN(d.d_model, args.Positive("--d-model"));
  TF_ASSIGN_OR_RETURN(d.heads, args.Positive("--heads"));
  TF_ASSIGN_OR_RETURN(d.head_dim, args.Positive("--head-dim"));
  TF_ASSIGN_OR_RETURN(d.vocab, args.Positive("--vocab"));
  TF_ASSIGN_OR_RETURN(d.d_ff, args.Positive("--d-ff"));
  d.seq_len = o.seq_len;
  d.gated_mlp = args.Has("--gated");
  return d;
}

}  // namespace

Result<CheckpointCount> CountCheckpointFile(const std::string& path, std::string torch_dtype) {
  switch (CheckpointKindOf(path)) {
    case CheckpointKind::kIndex: {
      TF_ASSIGN_OR_RETURN(const std::string text, ReadFile(path));
      TF_ASSIGN_OR_RETURN(const CheckpointIndex index, ParseSafetensorsIndex(text, path));
      if (torch_dtype.empty()) {
        const size_t slash = path.find_last_of('/');
        const std::string config =
            (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) +
            "config.json";
        Result<std::string> config_text = ReadFile(config);
        if (!config_text.ok()) {
          return config_text.status().WithContext(
              path + ": the bytes per value come from the config.json beside the index");
        }
        TF_ASSIGN_OR_RETURN(torch_dtype, ConfigTorchDtype(*config_text, config));
      }
      return CountFromIndex(index, torch_dtype);
    }
    case CheckpointKind::kSafetensors:
    case CheckpointKind::kGguf: {
      TF_ASSIGN_OR_RETURN(const std::unique_ptr<ByteSource> source, OpenInput(path));
      TF_ASSIGN_OR_RETURN(const CheckpointHeader header,
                          CheckpointKindOf(path) == CheckpointKind::kGguf
                              ? ReadGgufHeader(*source, path)
                              : ReadSafetensorsHeader(*source, path));
      return CountFromHeader(header);
    }
    case CheckpointKind::kNotAFile:
      break;
  }
  return Status::InvalidArgument("'" + path +
                                 "' is not a checkpoint file (accepted: "
                                 "model.safetensors.index.json, .safetensors, .gguf)");
}

Status RunTokens(const std::vector<std::string>& argv, std::ostream& out) {
  const std::vector<OptionSpec> specs = TokensOptions();
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(argv, specs));
  if (args.Has("--help")) {
    out << "usage: trainflops tokens --params N --tokens D [--active-params A] [options]\n\n"
           "Training compute of a language model from its parameters and tokens: 6ND by\n"
           "default, or an attention-aware convention with the model's dimensions.\n"
        << RangeHelp() << "\noptions:\n"
        << OptionsHelp(specs);
    return HelpShown();
  }
  if (!args.positional.empty()) {
    return Status::InvalidArgument("unexpected argument '" + args.positional.front() +
                                   "'; usage: trainflops tokens --params N --tokens D");
  }
  TF_ASSIGN_OR_RETURN(LlmRunOptions options, ReadLlmOptions(args));
  std::vector<std::string> notes;
  TF_ASSIGN_OR_RETURN(const TransformerDims dims, DimsFrom(args, options, notes));
  TF_ASSIGN_OR_RETURN(TransformerModel model, ModelFromDims(dims, options.convention));
  model.notes.insert(model.notes.begin(), notes.begin(), notes.end());
  TF_ASSIGN_OR_RETURN(
      const LlmEstimate estimate,
      EstimateLlm(model, options.convention, options.convention_options, options.stages));
  return WriteLlmReport(estimate, options, nullptr, out);
}

}  // namespace trainflops::cli
