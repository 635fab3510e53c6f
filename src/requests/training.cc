// Method 1's training inputs (TrainingRequest), shared by estimate (spec
// files and ONNX graphs) and compare.
#include "core/text.h"
#include "fields.h"
#include "trainflops/estimate_request.h"
#include "trainflops/units.h"

namespace trainflops {

Result<Method1Options> Method1OptionsFrom(const TrainingRequest& request) {
  Method1Options options;
  if (const auto& r = request.bp_ratio) {
    const std::string v = ToLower(*r);
    Result<double> ratio = ParseNumber(*r);
    if (v == "table") {
      options.backward = BackwardMode::kTable;
    } else if (v == "per-layer" || v == "per_layer") {
      options.backward = BackwardMode::kPerLayer;
    } else if (ratio.ok() && *ratio >= 0 && *ratio <= 100) {
      options.bp_ratio = *ratio;
    } else {
      return requests::NotAccepted("bp_ratio", *r, "a number in [0, 100], 'table' or 'per-layer'");
    }
  }
  if (const auto& regime = request.batch_regime) {
    const std::string v = ToLower(*regime);
    if (v != "large" && v != "small") {
      return requests::NotAccepted("batch_regime", *regime, "large, small");
    }
    options.batch_regime = v;
  }
  if (const auto& form = request.formula) {
    const std::string v = ToLower(*form);
    if (v != "exact" && v != "approx") {
      return Status::InvalidArgument(
          requests::NotAccepted("formula", *form, "exact, approx").message() +
          DidYouMean(v, {"exact", "approx"}));
    }
    options.form = v == "exact" ? FormulaForm::kExact : FormulaForm::kApprox;
  }
  return options;
}

namespace {

// A count that may be a range: its median, and the range kept in `ranges`
// under the name the report gives it.
Result<std::optional<double>> CountOrRange(std::string_view field,
                                           const std::optional<std::string>& text,
                                           std::vector<TrainingRange>& ranges) {
  TF_ASSIGN_OR_RETURN(const std::optional<Uncertain> u, requests::UncertainCountField(field, text));
  if (!u) return std::optional<double>();
  if (!u->distribution.is_point()) ranges.push_back({requests::ReportName(field), *u});
  return std::optional<double>(u->distribution.Median());
}

}  // namespace

Result<TrainingOverrides> TrainingOverridesFrom(const TrainingRequest& request,
                                                std::vector<TrainingRange>& ranges) {
  TrainingOverrides o;
  TF_ASSIGN_OR_RETURN(o.epochs, CountOrRange("epochs", request.epochs, ranges));
  TF_ASSIGN_OR_RETURN(o.examples, CountOrRange("examples", request.examples, ranges));
  TF_ASSIGN_OR_RETURN(o.batches, CountOrRange("batches", request.batches, ranges));
  TF_ASSIGN_OR_RETURN(o.batch_size, CountOrRange("batch_size", request.batch_size, ranges));
  TF_ASSIGN_OR_RETURN(o.tokens_per_sequence,
                      requests::PositiveField("tokens_per_sequence", request.tokens_per_sequence));
  if (o.examples && (o.batches || o.batch_size)) {
    return Status::InvalidArgument(
        "give either `examples` or `batches` with `batch_size`, not both");
  }
  if (o.batches.has_value() != o.batch_size.has_value()) {
    return Status::InvalidArgument("`batches` and `batch_size` go together");
  }
  return o;
}

}  // namespace trainflops
