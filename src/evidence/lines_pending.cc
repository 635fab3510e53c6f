// TEMPORARY stand-in for lines.cc, compiled only while lines.cc is absent
// (src/evidence/CMakeLists.txt): the per-kind estimators are written in
// parallel, and this lets the combination, the evidence file and the reports
// link and be tested on their own. Delete it when lines.cc is merged.
#include "lines.h"

namespace trainflops {

std::string_view EvidenceKindName(EvidenceKind kind) {
  switch (kind) {
    case EvidenceKind::kCost:
      return "cost";
    case EvidenceKind::kPower:
      return "power";
    case EvidenceKind::kCluster:
      return "cluster";
    case EvidenceKind::kReference:
      return "reference";
    case EvidenceKind::kStageShare:
      return "stage";
    case EvidenceKind::kFigure:
      return "figure";
  }
  return "figure";
}

Result<EvidenceLineResult> EstimateEvidenceLine(const EvidenceLine& line, const EvidenceRequest&,
                                                const HardwareDb&) {
  return Status::Internal("line '" + line.name +
                          "': the estimators of lines of evidence are not built yet");
}

}  // namespace trainflops
