#include "method1_options.h"

#include "trainflops/text.h"
#include "uncertainty_options.h"
#include "trainflops/units.h"

namespace trainflops::cli {

const std::vector<OptionSpec>& Method1OptionSpecs() {
  static const std::vector<OptionSpec> specs = {
      {"--epochs", "N", "passes over the data (overrides training.epochs) [range]"},
      {"--examples", "N", "examples per epoch (overrides the spec) [range]"},
      {"--batches", "N", "batches per epoch (with --batch-size) [range]"},
      {"--batch-size", "N", "examples per batch (with --batches) [range]"},
      {"--tokens-per-sequence", "N", "average tokens per sequence, for per-token parts"},
      {"--bp-ratio", "R", "backward/forward ratio: a number (default 2), 'table' or 'per-layer'"},
      {"--batch-regime", "large|small", "for --bp-ratio table: large batches (or heavy conv) or small"},
      {"--formula", "exact|approx", "Table 1's exact terms (default) or its approximate form"},
  };
  return specs;
}

Result<Method1Options> Method1OptionsFrom(const ParsedArgs& args) {
  Method1Options options;
  if (auto r = args.Get("--bp-ratio")) {
    const std::string v = ToLower(*r);
    Result<double> ratio = ParseNumber(*r);
    if (v == "table") {
      options.backward = BackwardMode::kTable;
    } else if (v == "per-layer" || v == "per_layer") {
      options.backward = BackwardMode::kPerLayer;
    } else if (ratio.ok() && *ratio >= 0 && *ratio <= 100) {
      options.bp_ratio = *ratio;
    } else {
      return Status::InvalidArgument("--bp-ratio: '" + *r +
                                     "' is not accepted (accepted: a number in [0, 100], "
                                     "'table' or 'per-layer')");
    }
  }
  if (auto regime = args.Get("--batch-regime")) {
    const std::string v = ToLower(*regime);
    if (v != "large" && v != "small") {
      return Status::InvalidArgument("--batch-regime: '" + *regime +
                                     "' is not accepted (accepted: large, small)");
    }
    options.batch_regime = v;
  }
  if (auto form = args.Get("--formula")) {
    const std::string v = ToLower(*form);
    if (v != "exact" && v != "approx") {
      return Status::InvalidArgument("--formula: '" + *form +
                                     "' is not accepted (accepted: exact, approx)" +
                                     DidYouMean(v, {"exact", "approx"}));
    }
    options.form = v == "exact" ? FormulaForm::kExact : FormulaForm::kApprox;
  }
  return options;
}

namespace {

// A count that may be a range: its median, and the range kept in `ranges`.
Result<std::optional<double>> CountOrRange(const ParsedArgs& args, const std::string& name,
                                           std::vector<TrainingRange>& ranges) {
  TF_ASSIGN_OR_RETURN(const std::optional<Uncertain> u, UncertainCount(args, name));
  if (!u) return std::optional<double>();
  if (!u->distribution.is_point()) ranges.push_back({name, *u});
  return std::optional<double>(u->distribution.Median());
}

}  // namespace

Result<TrainingOverrides> TrainingOverridesFrom(const ParsedArgs& args,
                                                std::vector<TrainingRange>& ranges) {
  TrainingOverrides o;
  TF_ASSIGN_OR_RETURN(o.epochs, CountOrRange(args, "--epochs", ranges));
  TF_ASSIGN_OR_RETURN(o.examples, CountOrRange(args, "--examples", ranges));
  TF_ASSIGN_OR_RETURN(o.batches, CountOrRange(args, "--batches", ranges));
  TF_ASSIGN_OR_RETURN(o.batch_size, CountOrRange(args, "--batch-size", ranges));
  TF_ASSIGN_OR_RETURN(o.tokens_per_sequence, args.Positive("--tokens-per-sequence"));
  if (o.examples && (o.batches || o.batch_size)) {
    return Status::InvalidArgument("give either --examples or --batches with --batch-size, not both");
  }
  if (o.batches.has_value() != o.batch_size.has_value()) {
    return Status::InvalidArgument("--batches and --batch-size go together");
  }
  return o;
}

}  // namespace trainflops::cli
