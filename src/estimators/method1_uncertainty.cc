// Method 1 with uncertain training inputs: the training FLOP
//   forward FLOP x (1 + r) x epochs x examples      (Sevilla et al. 2022, Method 1)
// is a product, so each range scales the point estimate by its ratio to the
// median the point used (uncertain_estimate.h).
#include "core/finite.h"
#include "trainflops/method1.h"

namespace trainflops {
namespace {

// What the training inputs count, for the report.
std::string UnitOf(const std::string& option) {
  if (option == "`epochs`") return "epochs";
  if (option == "`batches`") return "batches per epoch";
  if (option == "`batch_size`") return "examples per batch";
  return "examples";
}

}  // namespace

Status AddMethod1Uncertainty(const std::vector<TrainingRange>& ranges,
                             const Method1Options& options, const UncertaintyOptions& uncertainty,
                             Method1Result& result) {
  if (ranges.empty() && !uncertainty.default_ranges) return Status::Ok();
  QuantityList list;
  UncertainTerm term{"", result.estimate.training_flop, {}};
  for (const TrainingRange& r : ranges) {
    const Distribution& d = r.value.distribution;
    if (d.is_point()) continue;
    TF_ASSIGN_OR_RETURN(Distribution ratio, RatioTo(d, d.Median()));
    const std::string source = r.value.note.empty() ? "given" : "given; " + r.value.note;
    term.quantities.push_back(
        list.Add("", {r.option, "'" + r.value.text + "' = " + d.Describe() + " " + UnitOf(r.option),
                      source, ratio}));
  }
  std::vector<std::string> notes;
  if (uncertainty.default_ranges) {
    if (options.backward == BackwardMode::kFixedRatio && options.bp_ratio == 2.0) {
      TF_ASSIGN_OR_RETURN(const DefaultRange* d, FindDefaultRange("training_factor"));
      TF_ASSIGN_OR_RETURN(Distribution ratio, RatioTo(d->range, d->point));
      term.quantities.push_back(
          list.Add(d->name, {"training factor 1 + backward/forward (assumed 3)",
                             d->range.Describe() + " [" + d->name + "]", d->source, ratio}));
    } else {
      notes.push_back(
          "the backward/forward ratio was chosen (`bp_ratio`), so it keeps its value: no "
          "default range");
    }
  }
  TF_RETURN_IF_ERROR(RequireFinitePositive(result.estimate));
  TF_ASSIGN_OR_RETURN(UncertaintyReport report, PropagateTerms({term}, list, uncertainty));
  TF_RETURN_IF_ERROR(RequireFinitePositive({{"5th percentile", report.summary.low, "FLOP"},
                                            {"95th percentile", report.summary.high, "FLOP"}},
                                           result.estimate.inputs));
  for (std::string& n : notes) report.notes.push_back(std::move(n));
  result.uncertainty = std::move(report);
  return Status::Ok();
}

}  // namespace trainflops
