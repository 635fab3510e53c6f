// TEMPORARY, to be deleted when cost.cc and power.cc are merged: stands in
// for the cost and power lines so that the subsystem links on a branch that
// has the other kinds of lines only.
#include "lines.h"

namespace trainflops::evidence {

Result<EvidenceLineResult> EstimateCost(const EvidenceLine&, const CostEvidence&,
                                        const EvidenceRequest&, const HardwareDb&) {
  return Status::Internal("cost lines are not built yet");
}

Result<EvidenceLineResult> EstimatePower(const EvidenceLine&, const PowerEvidence&,
                                         const EvidenceRequest&, const HardwareDb&) {
  return Status::Internal("power lines are not built yet");
}

}  // namespace trainflops::evidence
