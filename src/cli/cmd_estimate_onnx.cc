// `trainflops estimate MODEL.onnx`: parameters and forward FLOP counted from
// the graph (weights never loaded), then Method 1.
#include <ostream>

#include "args.h"
#include "commands.h"
#include "trainflops/byte_source.h"
#include "trainflops/onnx.h"
#include "trainflops/text.h"
#include "trainflops/units.h"

namespace trainflops::cli {
namespace {

const std::vector<OptionSpec>& OnnxOptionSpecs() {
  static const std::vector<OptionSpec> specs = {
      {"--dim", "NAME=N", "value of a symbolic dimension (repeatable), e.g. batch_size=1", true},
      {"--examples-per-run", "N", "examples one run of the graph processes (its batch; default 1)"},
      {"--epochs", "N", "passes over the data (default 1)"},
      {"--examples", "N", "examples per epoch"},
      {"--batches", "N", "batches per epoch (with --batch-size)"},
      {"--batch-size", "N", "examples per batch (with --batches)"},
      {"--bp-ratio", "R", "backward/forward ratio: a number (default 2), 'table' or 'per-layer'"},
      {"--batch-regime", "large|small", "for --bp-ratio table"},
      {"--unit", "flop|mac|pfs-day", "unit of the printed figures (JSON is always in FLOP)"},
      {"--no-layers", "", "omit the per-node table"},
      {"--json", "", "print one JSON object instead of the report"},
      {"--help", "", "show this help"},
  };
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
    if (!value.ok() || *value != static_cast<double>(static_cast<int64_t>(*value)) ||
        *value > 9e15) {
      return Status::InvalidArgument("--dim " + name + ": '" + text.substr(eq + 1) +
                                     "' is not accepted (accepted: a positive whole number)");
    }
    if (!dims.emplace(name, static_cast<int64_t>(*value)).second) {
      return Status::InvalidArgument("--dim " + name + " given twice");
    }
  }
  return dims;
}

Result<Method1Options> BackwardFrom(const ParsedArgs& args) {
  Method1Options m;
  if (const auto regime = args.Get("--batch-regime")) {
    m.batch_regime = ToLower(*regime);
    if (*m.batch_regime != "large" && *m.batch_regime != "small") {
      return Status::InvalidArgument("--batch-regime: '" + *regime +
                                     "' is not accepted (accepted: large, small)");
    }
  }
  const std::optional<std::string> r = args.Get("--bp-ratio");
  if (!r) return m;
  const std::string mode = ToLower(*r);
  if (mode == "table" || mode == "per-layer" || mode == "per_layer") {
    m.backward = mode == "table" ? BackwardMode::kTable : BackwardMode::kPerLayer;
    return m;
  }
  const Result<double> ratio = ParseNumber(*r);
  if (!ratio.ok() || !(*ratio >= 0 && *ratio <= 100)) {
    return Status::InvalidArgument("--bp-ratio: '" + *r +
                                   "' is not accepted (accepted: a number in "
                                   "[0, 100], 'table' or 'per-layer')" +
                                   DidYouMean(mode, {"table", "per-layer"}));
  }
  m.bp_ratio = *ratio;
  return m;
}

Result<OnnxEstimateOptions> EstimateOptionsFrom(const ParsedArgs& args) {
  OnnxEstimateOptions o;
  TF_ASSIGN_OR_RETURN(o.method1, BackwardFrom(args));
  TrainingOverrides& t = o.overrides;
  TF_ASSIGN_OR_RETURN(t.epochs, args.Positive("--epochs"));
  TF_ASSIGN_OR_RETURN(t.examples, args.Positive("--examples"));
  TF_ASSIGN_OR_RETURN(t.batches, args.Positive("--batches"));
  TF_ASSIGN_OR_RETURN(t.batch_size, args.Positive("--batch-size"));
  if (t.examples && t.batches) {
    return Status::InvalidArgument(
        "give either --examples or --batches with --batch-size, not both");
  }
  if (t.batches.has_value() != t.batch_size.has_value()) {
    return Status::InvalidArgument("--batches and --batch-size go together");
  }
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
  TF_ASSIGN_OR_RETURN(const OnnxEstimateOptions estimate_options, EstimateOptionsFrom(args));
  ReportOptions report;
  report.show_layers = !args.Has("--no-layers");
  if (const auto unit = args.Get("--unit")) {
    TF_ASSIGN_OR_RETURN(report.unit, ParseComputeUnit(*unit));
  }
  TF_ASSIGN_OR_RETURN(const std::unique_ptr<ByteSource> source, OpenFileByteSource(path));
  Result<OnnxAnalysis> analysis = AnalyzeOnnx(*source, options);
  if (!analysis.ok()) return analysis.status().WithContext(path);
  TF_ASSIGN_OR_RETURN(const OnnxEstimate estimate, EstimateOnnx(*analysis, path, estimate_options));
  out << (args.Has("--json") ? RenderOnnxJson(*analysis, estimate)
                             : RenderOnnxText(*analysis, estimate, report));
  return Status::Ok();
}

}  // namespace trainflops::cli
