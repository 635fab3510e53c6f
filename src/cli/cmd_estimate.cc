// `trainflops estimate FILE`: Method 1 on a spec file.
#include <nlohmann/json.hpp>
#include <ostream>

#include "args.h"
#include "commands.h"
#include "method1_options.h"
#include "uncertainty_options.h"
#include "trainflops/llm_report.h"
#include "trainflops/method1.h"
#include "trainflops/model_spec.h"
#include "trainflops/thresholds.h"
#include "trainflops/report.h"
#include "trainflops/text.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& EstimateOptions() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> s = Method1OptionSpecs();
    s.insert(s.end(), UncertaintyOptionSpecs().begin(), UncertaintyOptionSpecs().end());
    s.push_back({"--unit", "flop|mac|pfs-day", "unit of the printed figures (JSON is always in FLOP)"});
    s.push_back({"--no-layers", "", "omit the per-layer table"});
    s.push_back({"--thresholds", "", "check the total against the legal compute thresholds"});
    s.push_back({"--json", "", "print one JSON object instead of the report"});
    s.push_back({"--help", "", "show this help"});
    return s;
  }();
  return specs;
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
      Result<std::string> text = ReadFile(arg, InputKind::kJsonConfig);
      if (text.ok() && LooksLikeHfConfig(*text)) return RunEstimateHfConfig(argv, out);
    }
  }
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(argv, EstimateOptions()));
  if (args.Has("--help")) {
    out << "usage: trainflops estimate FILE [options]\n\n"
           "FILE is a model spec (YAML or JSON; see docs/spec-format.md).\n"
        << RangeHelp() << "\noptions:\n"
        << OptionsHelp(EstimateOptions());
    return HelpShown();
  }
  if (args.positional.size() != 1) {
    return Status::InvalidArgument("expected one FILE (a model spec), got " +
                                   std::to_string(args.positional.size()) +
                                   "; usage: trainflops estimate FILE [options]");
  }
  const std::string& path = args.positional.front();
  TF_ASSIGN_OR_RETURN(const Method1Options options, Method1OptionsFrom(args));
  std::vector<TrainingRange> ranges;
  TF_ASSIGN_OR_RETURN(const TrainingOverrides overrides, TrainingOverridesFrom(args, ranges));
  TF_ASSIGN_OR_RETURN(const UncertaintyOptions uncertainty, ReadUncertaintyOptions(args));
  ReportOptions report;
  report.show_layers = !args.Has("--no-layers");
  if (auto unit = args.Get("--unit")) {
    TF_ASSIGN_OR_RETURN(report.unit, ParseComputeUnit(*unit));
  }
  TF_ASSIGN_OR_RETURN(const std::string text, ReadFile(path, InputKind::kSpec));
  TF_ASSIGN_OR_RETURN(const ModelSpec spec, ParseModelSpec(text, path));
  TF_ASSIGN_OR_RETURN(Method1Result result, EstimateMethod1(spec, options, overrides));
  TF_RETURN_IF_ERROR(AddMethod1Uncertainty(ranges, options, uncertainty, result));
  std::string rendered = args.Has("--json") ? RenderMethod1Json(result, spec)
                                        : RenderMethod1Text(result, spec, report);
  if (args.Has("--thresholds")) {
    // Every stage of a spec trains the model, so all of them count (EU AI Act
    // Recital 111; SB 53 counts fine-tuning and RL too).
    std::vector<StageCompute> stages;
    for (const StageResult& s : result.stages) stages.push_back({s.name, s.training_flop, true});
    // With ranges, the 90% interval decides "uncertain" verdicts.
    std::optional<ComputeRange> range;
    if (result.uncertainty) {
      range = ComputeRange{result.uncertainty->summary.low, result.uncertainty->summary.high};
    }
    TF_ASSIGN_OR_RETURN(const std::vector<ThresholdCheck> checks,
                        CheckThresholds(result.estimate.training_flop, range, stages));
    if (args.Has("--json")) {
      nlohmann::json j = nlohmann::json::parse(rendered);
      j["thresholds"] = nlohmann::json::parse(
          RenderThresholdsJson(result.estimate.training_flop, range, checks))["thresholds"];
      rendered = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    } else {
      rendered += "\nThresholds:\n" + RenderThresholdsText(checks);
    }
  }
  out << rendered;
  return Status::Ok();
}

}  // namespace trainflops::cli
