// The estimators of the evidence subsystem, one per kind of line, and the
// combination; EstimateEvidenceLine (lines.cc) dispatches over kinds and
// EstimateEvidence (combine.cc) runs every line and combines them.
#ifndef TRAINFLOPS_SRC_EVIDENCE_LINES_H_
#define TRAINFLOPS_SRC_EVIDENCE_LINES_H_

#include <string>
#include <string_view>
#include <vector>

#include "trainflops/evidence.h"

namespace trainflops::evidence {

// cost.cc: money -> chip-hours -> FLOP.
Result<EvidenceLineResult> EstimateCost(const EvidenceLine& line, const CostEvidence& cost,
                                        const EvidenceRequest& request, const HardwareDb& db);
// power.cc: power (or energy) -> chips -> FLOP.
Result<EvidenceLineResult> EstimatePower(const EvidenceLine& line, const PowerEvidence& power,
                                         const EvidenceRequest& request, const HardwareDb& db);
// cluster.cc: chips or aggregate FLOP/s x duration.
Result<EvidenceLineResult> EstimateCluster(const EvidenceLine& line,
                                           const ClusterEvidence& cluster,
                                           const EvidenceRequest& request, const HardwareDb& db);
// reference.cc: a ratio to another model, a stage share, a figure. The
// request gives the Monte Carlo's samples and seed.
Result<EvidenceLineResult> EstimateReference(const EvidenceLine& line,
                                             const ReferenceEvidence& reference,
                                             const EvidenceRequest& request);
Result<EvidenceLineResult> EstimateStageShare(const EvidenceLine& line,
                                              const StageShareEvidence& stage,
                                              const EvidenceRequest& request);
Result<EvidenceLineResult> EstimateFigure(const EvidenceLine& line, const FigureEvidence& figure,
                                          const EvidenceRequest& request);

// lines.cc: what every line's result shares, for the estimators above.
// The result's name, kind and source from the line; the estimate and the
// uncertainty are the caller's.
EvidenceLineResult StartLineResult(const EvidenceLine& line);
// Method 2's options for one phase of a line: the request's year, llm and
// Monte Carlo, with default ranges on (every evidence line reports them).
Method2Options Method2OptionsFor(const EvidenceRequest& request, Phase phase);
// A line's result from its Method 2 estimate (cluster; cost and power too).
// Internal error when Method 2 gave no interval (options not from Method2OptionsFor).
Result<EvidenceLineResult> LineFromMethod2(const EvidenceLine& line, Method2Result method2);
// Adds `value`'s ratio to its median to `term` as the quantity `name`
// (nothing for a point): its reading in `unit`, and `source` with the
// value's own note.
Status AddUncertainInput(const std::string& name, const Uncertain& value, std::string_view unit,
                         const std::string& source, QuantityList& list, UncertainTerm& term);
// A line made of one term: the finiteness gate on the estimate, then the
// Monte Carlo of the term (the request's samples and seed).
Result<EvidenceLineResult> FinishLine(const EvidenceLine& line, Estimate estimate,
                                      const UncertainTerm& term, const QuantityList& list,
                                      const EvidenceRequest& request);
// OK when `value` is above zero everywhere (its median, and its support);
// otherwise an error naming `field` and what was given.
Status RequirePositiveEvidence(const Uncertain& value, std::string_view field);

// vague_duration.cc: a duration as a cluster line writes it: "3 weeks",
// "2..4 weeks", "2-3 weeks", or a vague phrase ("several weeks", "about a
// month") read as a documented range (VagueDurationRules()). In seconds.
Result<Uncertain> ParseEvidenceDuration(std::string_view text);
// The phrases and their readings, with the convention's source: for help
// texts and docs/evidence.md.
std::string VagueDurationRules();

// record.cc: the bundled record of notable models (Epoch AI's Notable AI
// Models, the development half in data/epoch_notable_models_dev.csv).
struct RecordedModel {
  std::string name;  // as the record spells it
  double flop = 0;   // Epoch AI's training compute
  ConfidenceLabel confidence = ConfidenceLabel::kSpeculative;
  std::string confidence_text;  // as recorded: "Likely"; "" when none
  int line = 0;                 // the row's line in the CSV
};
// Case-insensitive. Unknown names: NotFound with a did-you-mean; a model
// recorded without a compute figure: NotFound naming it.
Result<RecordedModel> FindRecordedModel(std::string_view name);
// The CSV's name, for sources: "data/epoch_notable_models_dev.csv".
std::string_view RecordFile();
// "Confident", "Likely", "Speculative" (case-insensitive); others get a
// did-you-mean. For evidence files that label a figure.
Result<ConfidenceLabel> ParseConfidenceLabel(std::string_view text);

// A compute figure known only to a confidence label: the lognormal whose 90%
// interval is [figure / N, figure x N], N = 3 (Confident), 10 (Likely), 30
// (Speculative). See record.cc for the rule's source.
double ConfidenceFactor(ConfidenceLabel label);
Result<Uncertain> WidenedFigure(double flop, ConfidenceLabel label, const std::string& text);
// The rule above, for assumptions lists.
std::string ConfidenceWideningRule(ConfidenceLabel label);

// combine.cc: the combination of line results already estimated.
Result<EvidenceResult> CombineLines(const std::string& model,
                                    std::vector<EvidenceLineResult> lines);

}  // namespace trainflops::evidence

#endif  // TRAINFLOPS_SRC_EVIDENCE_LINES_H_
