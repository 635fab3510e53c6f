// `trainflops estimate FILE`: Method 1 on a spec file.
#include <ostream>

#include "args.h"
#include "commands.h"
#include "trainflops/method1.h"
#include "trainflops/model_spec.h"
#include "trainflops/report.h"
#include "trainflops/text.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& EstimateOptions() {
  static const std::vector<OptionSpec> specs = {
      {"--epochs", "N", "passes over the data (overrides training.epochs)"},
      {"--examples", "N", "examples per epoch (overrides the spec)"},
      {"--batches", "N", "batches per epoch (with --batch-size)"},
      {"--batch-size", "N", "examples per batch (with --batches)"},
      {"--tokens-per-sequence", "N", "average tokens per sequence, for per-token parts"},
      {"--bp-ratio", "R", "backward/forward ratio: a number (default 2), 'table' or 'per-layer'"},
      {"--batch-regime", "large|small", "for --bp-ratio table: large batches (or heavy conv) or small"},
      {"--formula", "exact|approx", "Table 1's exact terms (default) or its approximate form"},
      {"--unit", "flop|mac|pfs-day", "unit of the printed figures (JSON is always in FLOP)"},
      {"--no-layers", "", "omit the per-layer table"},
      {"--json", "", "print one JSON object instead of the report"},
      {"--help", "", "show this help"},
  };
  return specs;
}

Result<Method1Options> OptionsFrom(const ParsedArgs& args) {
  Method1Options options;
  if (auto r = args.Get("--bp-ratio")) {
    const std::string v = ToLower(*r);
    if (v == "table") {
      options.backward = BackwardMode::kTable;
    } else if (v == "per-layer" || v == "per_layer") {
      options.backward = BackwardMode::kPerLayer;
    } else {
      Result<double> ratio = ParseNumber(*r);
      if (!ratio.ok() || *ratio < 0 || *ratio > 100) {
        return Status::InvalidArgument("--bp-ratio: '" + *r +
                                       "' is not accepted (accepted: a number in [0, 100], "
                                       "'table' or 'per-layer')");
      }
      options.bp_ratio = *ratio;
    }
  }
  if (auto regime = args.Get("--batch-regime")) {
    const std::string v = ToLower(*regime);
    if (v != "large" && v != "small") {
      return Status::InvalidArgument("--batch-regime: '" + *regime + "' is not accepted (accepted: large, small)");
    }
    options.batch_regime = v;
  }
  if (auto form = args.Get("--formula")) {
    const std::string v = ToLower(*form);
    if (v != "exact" && v != "approx") {
      return Status::InvalidArgument("--formula: '" + *form + "' is not accepted (accepted: exact, approx)" +
                                     DidYouMean(v, {"exact", "approx"}));
    }
    options.form = v == "exact" ? FormulaForm::kExact : FormulaForm::kApprox;
  }
  return options;
}

Result<TrainingOverrides> OverridesFrom(const ParsedArgs& args) {
  TrainingOverrides o;
  TF_ASSIGN_OR_RETURN(o.epochs, args.Positive("--epochs"));
  TF_ASSIGN_OR_RETURN(o.examples, args.Positive("--examples"));
  TF_ASSIGN_OR_RETURN(o.batches, args.Positive("--batches"));
  TF_ASSIGN_OR_RETURN(o.batch_size, args.Positive("--batch-size"));
  TF_ASSIGN_OR_RETURN(o.tokens_per_sequence, args.Positive("--tokens-per-sequence"));
  if (o.examples && (o.batches || o.batch_size)) {
    return Status::InvalidArgument("give either --examples or --batches with --batch-size, not both");
  }
  if (o.batches.has_value() != o.batch_size.has_value()) {
    return Status::InvalidArgument("--batches and --batch-size go together");
  }
  return o;
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

bool LooksLikeHfConfig(const std::string& text) {
  return text.find("\"model_type\"") != std::string::npos ||
         text.find("\"architectures\"") != std::string::npos;
}

Status RunEstimate(const std::vector<std::string>& argv, std::ostream& out) {
  // Other kinds of model file have their own importers and options.
  for (const std::string& arg : argv) {
    if (EndsWith(ToLower(arg), ".onnx")) return RunEstimateOnnx(argv, out);
    if (EndsWith(ToLower(arg), ".json")) {
      Result<std::string> text = ReadFile(arg);
      if (text.ok() && LooksLikeHfConfig(*text)) return RunEstimateHfConfig(argv, out);
    }
  }
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(argv, EstimateOptions()));
  if (args.Has("--help")) {
    out << "usage: trainflops estimate FILE [options]\n\n"
           "FILE is a model spec (YAML or JSON; see docs/spec-format.md).\n\noptions:\n"
        << OptionsHelp(EstimateOptions());
    return HelpShown();
  }
  if (args.positional.size() != 1) {
    return Status::InvalidArgument("expected one FILE (a model spec), got " +
                                   std::to_string(args.positional.size()) +
                                   "; usage: trainflops estimate FILE [options]");
  }
  const std::string& path = args.positional.front();
  TF_ASSIGN_OR_RETURN(const Method1Options options, OptionsFrom(args));
  TF_ASSIGN_OR_RETURN(const TrainingOverrides overrides, OverridesFrom(args));
  ReportOptions report;
  report.show_layers = !args.Has("--no-layers");
  if (auto unit = args.Get("--unit")) {
    TF_ASSIGN_OR_RETURN(report.unit, ParseComputeUnit(*unit));
  }
  TF_ASSIGN_OR_RETURN(const std::string text, ReadFile(path));
  TF_ASSIGN_OR_RETURN(const ModelSpec spec, ParseModelSpec(text, path));
  TF_ASSIGN_OR_RETURN(const Method1Result result, EstimateMethod1(spec, options, overrides));
  out << (args.Has("--json") ? RenderMethod1Json(result, spec)
                             : RenderMethod1Text(result, spec, report));
  return Status::Ok();
}

}  // namespace trainflops::cli
