// The estimators of the evidence subsystem, one per kind of line, and the
// combination; EstimateEvidenceLine (lines.cc) dispatches over kinds and
// EstimateEvidence (combine.cc) runs every line and combines them.
#ifndef TRAINFLOPS_SRC_EVIDENCE_LINES_H_
#define TRAINFLOPS_SRC_EVIDENCE_LINES_H_

#include <string>
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
// reference.cc: a ratio to another model, a stage share, a figure.
Result<EvidenceLineResult> EstimateReference(const EvidenceLine& line,
                                             const ReferenceEvidence& reference);
Result<EvidenceLineResult> EstimateStageShare(const EvidenceLine& line,
                                              const StageShareEvidence& stage);
Result<EvidenceLineResult> EstimateFigure(const EvidenceLine& line, const FigureEvidence& figure);

// combine.cc: the combination of line results already estimated.
Result<EvidenceResult> CombineLines(const std::string& model,
                                    std::vector<EvidenceLineResult> lines);

}  // namespace trainflops::evidence

#endif  // TRAINFLOPS_SRC_EVIDENCE_LINES_H_
