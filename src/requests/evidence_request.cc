// `evidence`: the evidence file, the Monte Carlo options given beside it,
// and the bundled hardware table.
#include "trainflops/evidence_request.h"

#include "fields.h"
#include "trainflops/hardware.h"

namespace trainflops {

Result<EvidenceReport> Run(const EvidenceFileRequest& request) {
  if (request.file.empty()) {
    return Status::InvalidArgument(
        "no evidence file was given (accepted: a YAML or JSON file; docs/evidence.md)");
  }
  TF_ASSIGN_OR_RETURN(const std::string text, request.file.Text());
  TF_ASSIGN_OR_RETURN(EvidenceRequest evidence, ParseEvidenceFile(text, request.file.name()));
  TF_ASSIGN_OR_RETURN(const UncertaintyOptions given,
                      requests::UncertaintyOptionsFrom(request.uncertainty));
  MonteCarloOptions& mc = evidence.uncertainty.monte_carlo;
  if (request.uncertainty.samples) mc.samples = given.monte_carlo.samples;
  if (request.uncertainty.seed) mc.seed = given.monte_carlo.seed;
  TF_ASSIGN_OR_RETURN(EvidenceResult result, EstimateEvidence(evidence, DefaultHardwareDb()));
  return EvidenceReport(std::move(result));
}

}  // namespace trainflops
