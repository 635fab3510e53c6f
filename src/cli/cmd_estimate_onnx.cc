// `trainflops estimate MODEL.onnx`: parameters and forward FLOP counted from
// the graph (weights never loaded), then Method 1.
#include <cmath>
#include <ostream>

#include "args.h"
#include "commands.h"
#include "method1_options.h"
#include "trainflops/byte_source.h"
#include "trainflops/onnx.h"
#include "trainflops/text.h"
#include "trainflops/units.h"
#include "uncertainty_options.h"

namespace trainflops::cli {
namespace {

// The Method 1 options shared with `estimate` and `compare`, then this
// command's own.
const std::vector<OptionSpec>& OnnxOptionSpecs() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> all = Method1OptionSpecs();
    all.insert(all.end(), UncertaintyOptionSpecs().begin(), UncertaintyOptionSpecs().end());
    const std::vector<OptionSpec> own = {
        {"--dim", "NAME=N", "value of a symbolic dimension (repeatable), e.g. batch_size=1", true},
        {"--examples-per-run", "N", "examples one run of the graph processes (default 1)"},
        {"--unit", "flop|mac|pfs-day", "unit of the printed figures (JSON is always in FLOP)"},
        {"--no-layers", "", "omit the per-node table (and the JSON's layers)"},
        {"--json", "", "print one JSON object instead of the report"},
        {"--help", "", "show this help"},
    };
    all.insert(all.end(), own.begin(), own.end());
    return all;
  }();
  return specs;
}

// "--dim NAME=N", repeatable; N a positive integer.
Result<std::map<std::string, int64_t>> DimsFrom(const ParsedArgs& args) {
  std::map<std::string, int64_t> dims;
  const auto it = args.options.find("--dim");
  if (it == args.options.end()) return dims;
  for (const std::string& text : it->second) {
    const size_t eq = text.find('=');
    const std::string name = eq == std::string::npos ? "" : std::string(Trim(text.substr(0, eq)));
    if (name.empty()) {
      return Status::InvalidArgument("--dim: '" + text +
                                     "' is not NAME=N (e.g. --dim batch_size=1)");
    }
    Result<double> value = ParsePositive(text.substr(eq + 1));
    if (!value.ok() || *value > 9e15 || *value != std::floor(*value)) {
      return Status::InvalidArgument("--dim " + name + ": '" + text.substr(eq + 1) +
                                     "' is not accepted (accepted: a positive whole number)");
    }
    if (!dims.emplace(name, static_cast<int64_t>(*value)).second) {
      return Status::InvalidArgument("--dim " + name + " given twice");
    }
  }
  return dims;
}

Result<OnnxEstimateOptions> EstimateOptionsFrom(const ParsedArgs& args,
                                                std::vector<TrainingRange>& ranges) {
  OnnxEstimateOptions o;
  TF_ASSIGN_OR_RETURN(o.method1, Method1OptionsFrom(args));
  TF_ASSIGN_OR_RETURN(o.overrides, TrainingOverridesFrom(args, ranges));
  TF_ASSIGN_OR_RETURN(const std::optional<double> per_run, args.Positive("--examples-per-run"));
  o.examples_per_run = per_run.value_or(1);
  return o;
}

}  // namespace

Status RunEstimateOnnx(const std::vector<std::string>& argv, std::ostream& out) {
  TF_ASSIGN_OR_RETURN(const ParsedArgs args, ParseArgs(argv, OnnxOptionSpecs()));
  if (args.Has("--help")) {
    out << "usage: trainflops estimate MODEL.onnx --examples N [options]\n\n"
           "Counts parameters and forward FLOP node by node from an ONNX graph (weights are\n"
           "never loaded; see docs/onnx.md), then Method 1.\n\noptions:\n"
        << OptionsHelp(OnnxOptionSpecs());
    return HelpShown();
  }
  if (args.positional.size() != 1) {
    return Status::InvalidArgument(
        "expected one MODEL.onnx, got " + std::to_string(args.positional.size()) +
        "; usage: trainflops estimate MODEL.onnx --examples N [options]");
  }
  const std::string& path = args.positional.front();
  OnnxOptions options;
  TF_ASSIGN_OR_RETURN(options.dims, DimsFrom(args));
  std::vector<TrainingRange> ranges;
  TF_ASSIGN_OR_RETURN(const OnnxEstimateOptions estimate_options,
                      EstimateOptionsFrom(args, ranges));
  TF_ASSIGN_OR_RETURN(const UncertaintyOptions uncertainty, ReadUncertaintyOptions(args));
  ReportOptions report;
  report.show_layers = !args.Has("--no-layers");
  if (const auto unit = args.Get("--unit")) {
    TF_ASSIGN_OR_RETURN(report.unit, ParseComputeUnit(*unit));
  }
  TF_ASSIGN_OR_RETURN(const std::unique_ptr<ByteSource> source, OpenInput(path));
  Result<OnnxAnalysis> analysis = AnalyzeOnnx(*source, options);
  if (!analysis.ok()) return analysis.status().WithContext(path);
  TF_ASSIGN_OR_RETURN(OnnxEstimate estimate, EstimateOnnx(*analysis, path, estimate_options));
  TF_RETURN_IF_ERROR(
      AddMethod1Uncertainty(ranges, estimate_options.method1, uncertainty, estimate.result));
  if (args.Has("--json")) {
    WriteOnnxJson(out, *analysis, estimate, report);  // streamed; --no-layers: summary only
  } else {
    out << RenderOnnxText(*analysis, estimate, report);
  }
  return Status::Ok();
}

}  // namespace trainflops::cli
