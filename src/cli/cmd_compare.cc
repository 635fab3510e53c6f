// `trainflops compare`: Method 1 and Method 2 side by side.
#include <ostream>

#include "commands.h"
#include "hardware_options.h"
#include "method1_options.h"
#include "trainflops/compare.h"
#include "trainflops/hardware_report.h"
#include "trainflops/hf_config.h"
#include "trainflops/method1.h"
#include "trainflops/model_spec.h"
#include "trainflops/onnx.h"
#include "trainflops/text.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& CompareOptions() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> s = {
        {"--params", "N", "Method 1 as 6 x N x D: parameters (with --tokens)"},
        {"--tokens", "D", "Method 1 as 6 x N x D: training tokens (with --params)"},
        {"--method1-flop", "F", "Method 1 figure taken as given ('1.1e19', '22 pfs-days')"},
    };
    const auto& m1 = Method1OptionSpecs();  // for a spec FILE, as `estimate` takes them
    s.insert(s.end(), m1.begin(), m1.end());
    const auto& hw = HardwareRunOptions();
    s.insert(s.end(), hw.begin(), hw.end());
    s.push_back({"--unit", "flop|mac|pfs-day", "unit of the headline figures"});
    s.push_back({"--json", "", "print one JSON object"});
    s.push_back({"--help", "", "show this help"});
    return s;
  }();
  return specs;
}

using Method1Source = std::pair<Estimate, std::string>;

// Method 1 from a model file that `estimate` reads with its own importer: an
// ONNX graph (with --examples/--epochs) or a Hugging Face config.json (with
// --tokens D: 6ND-style counting per token, the default convention). Nothing
// when the file is a spec.
Result<std::optional<Method1Source>> Method1FromModelFile(const ParsedArgs& a) {
  if (a.positional.size() != 1 || a.Has("--params") || a.Has("--method1-flop")) {
    return std::optional<Method1Source>();
  }
  const std::string& path = a.positional.front();
  const std::string lower = ToLower(path);
  if (lower.ends_with(".onnx")) {
    OnnxEstimateOptions options;
    TF_ASSIGN_OR_RETURN(options.method1, Method1OptionsFrom(a));
    std::vector<TrainingRange> ranges;
    TF_ASSIGN_OR_RETURN(options.overrides, TrainingOverridesFrom(a, ranges));
    TF_ASSIGN_OR_RETURN(const std::unique_ptr<ByteSource> source, OpenInput(path));
    Result<OnnxAnalysis> analysis = AnalyzeOnnx(*source, OnnxOptions{});
    if (!analysis.ok()) return analysis.status().WithContext(path);
    TF_ASSIGN_OR_RETURN(OnnxEstimate e, EstimateOnnx(*analysis, path, options));
    return std::optional<Method1Source>(Method1Source{
        std::move(e.result.estimate), "counting the ONNX graph's operations, " + path});
  }
  if (!lower.ends_with(".json")) return std::optional<Method1Source>();
  TF_ASSIGN_OR_RETURN(const std::string text, ReadFile(path, InputKind::kJsonConfig));
  if (!LooksLikeHfConfig(text)) return std::optional<Method1Source>();
  TF_ASSIGN_OR_RETURN(const std::optional<double> tokens, a.Positive("--tokens"));
  if (!tokens) {
    return Status::InvalidArgument(path +
                                   " is a Hugging Face config: give --tokens D (the "
                                   "training tokens) for Method 1");
  }
  TF_ASSIGN_OR_RETURN(const HfModel hf, ParseHfConfig(text, path, 0));
  Result<LlmEstimate> e = EstimateLlm(hf.model, kDefaultConvention, {}, {{"pretraining", *tokens}});
  if (!e.ok()) return e.status().WithContext(path);
  return std::optional<Method1Source>(
      Method1Source{std::move(e->estimate),
                    "per-token counting (" + ConventionName(kDefaultConvention) + "), " + path});
}

// Method 1 from exactly one of: a spec file, --params with --tokens, --method1-flop.
Result<std::pair<Estimate, std::string>> Method1From(const ParsedArgs& a) {
  TF_ASSIGN_OR_RETURN(std::optional<Method1Source> from_file, Method1FromModelFile(a));
  if (from_file) return *std::move(from_file);
  const int sources = (a.positional.empty() ? 0 : 1) + (a.Has("--params") || a.Has("--tokens")) +
                      a.Has("--method1-flop");
  if (sources != 1 || a.positional.size() > 1) {
    return Status::InvalidArgument(
        "give Method 1 as exactly one of: a model spec FILE, --params N with --tokens D, or "
        "--method1-flop F (usage: trainflops compare FILE --chip NAME --count N --time DURATION)");
  }
  if (auto f = a.Get("--method1-flop")) {
    Result<double> flop = ParseCompute(*f);
    if (!flop.ok()) return flop.status().WithContext("--method1-flop");
    TF_ASSIGN_OR_RETURN(Estimate e, GivenMethod1(*flop, "--method1-flop"));
    return std::make_pair(std::move(e), std::string("given with --method1-flop"));
  }
  if (a.positional.empty()) {
    TF_ASSIGN_OR_RETURN(const std::optional<double> n, a.Positive("--params"));
    TF_ASSIGN_OR_RETURN(const std::optional<double> d, a.Positive("--tokens"));
    if (!n || !d) return Status::InvalidArgument("--params and --tokens go together");
    TF_ASSIGN_OR_RETURN(Estimate e, EstimateSixND(*n, *d));
    return std::make_pair(std::move(e), std::string("6 x N x D"));
  }
  const std::string& path = a.positional.front();
  TF_ASSIGN_OR_RETURN(const Method1Options options, Method1OptionsFrom(a));
  std::vector<TrainingRange> ranges;
  TF_ASSIGN_OR_RETURN(const TrainingOverrides overrides, TrainingOverridesFrom(a, ranges));
  if (!ranges.empty()) {
    return Status::InvalidArgument(
        ranges.front().option + ": compare takes Method 1's inputs as single numbers (Method 2's "
        "inputs may be ranges); run 'trainflops estimate' for Method 1's interval");
  }
  TF_ASSIGN_OR_RETURN(const std::string text, ReadFile(path, InputKind::kSpec));
  TF_ASSIGN_OR_RETURN(const ModelSpec spec, ParseModelSpec(text, path));
  TF_ASSIGN_OR_RETURN(Method1Result m1, EstimateMethod1(spec, options, overrides));
  return std::make_pair(std::move(m1.estimate), "counting operations, " + path);
}

}  // namespace

Status RunCompare(const std::vector<std::string>& argv, std::ostream& out) {
  TF_ASSIGN_OR_RETURN(const HardwareRun run, ParseHardwareRun(argv, CompareOptions()));
  const ParsedArgs& a = run.command;
  if (a.Has("--help")) {
    out << "usage: trainflops compare FILE --chip NAME --count N --time DURATION [options]\n"
           "       trainflops compare --params N --tokens D --chip NAME ... [options]\n"
           "       trainflops compare --method1-flop F --chip NAME ... [options]\n\n"
           "FILE may be a model spec, an ONNX graph (with --examples) or a Hugging Face\n"
           "config.json (with --tokens D), as for `trainflops estimate`.\n"
           "Prints Method 1 and Method 2, their ratio, the utilization that reconciles them, and "
           "warns beyond 3x.\n"
        << HardwareRunHelp() << "\noptions:\n"
        << OptionsHelp(CompareOptions());
    return HelpShown();
  }
  ComputeUnit unit = ComputeUnit::kFlop;
  if (auto u = a.Get("--unit")) {
    TF_ASSIGN_OR_RETURN(unit, ParseComputeUnit(*u));
  }
  TF_ASSIGN_OR_RETURN(auto method1, Method1From(a));
  TF_ASSIGN_OR_RETURN(Method2Result method2, EstimateMethod2(run.options, run.db));
  TF_ASSIGN_OR_RETURN(const Comparison c,
                      Compare(std::move(method1.first), method1.second, std::move(method2)));
  out << (a.Has("--json") ? RenderComparisonJson(c) : RenderComparisonText(c, unit));
  return Status::Ok();
}

}  // namespace trainflops::cli
